import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.tsx';
import { AdminDashboard } from '../../features/admin/components/AdminDashboard.tsx';
import { FullPageSpinner } from '../../features/admin/components/FullPageSpinner.tsx';
import { useHydrated } from '../../features/admin/lib/hooks.ts';
import { AdminSessionProvider } from '../../features/admin/session.tsx';
import { tokens } from '../../features/staff/api/auth-storage.ts';
import { StaffQueryProvider } from '../../features/staff/query-client.tsx';
import { messages } from '../../messages/staff.ts';
import type { Route } from './+types/dashboard';
import { pageTitle } from '../../lib/settings.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(messages.admin.meta.dashboardTitle, matches) }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** /admin/dashboard behind the auth guard: no token goes to /admin (SPEC.md section 2). */
export default function AdminDashboardRoute() {
  const hydrated = useHydrated();
  if (!hydrated) return <FullPageSpinner label={messages.admin.shell.loading} />;
  return <Guard />;
}

function Guard() {
  const navigate = useNavigate();
  const [token] = useState(() => tokens.get('admin'));
  if (!token) return <Navigate to="/admin" replace />;
  return (
    <StaffQueryProvider>
      <AdminSessionProvider
        token={token}
        onExpired={() => {
          // A 401 from any call: the session is over.
          tokens.clear('admin');
          toast.error(messages.admin.shell.sessionExpired);
          void navigate('/admin', { replace: true });
        }}
      >
        <AdminDashboard />
      </AdminSessionProvider>
    </StaffQueryProvider>
  );
}
