import { replace } from 'react-router';
import { AdminPanel } from '../../features/admin/components/AdminPanel.tsx';
import { legacySectionPath, LOGIN_PATH } from '../../features/admin/sections.ts';
import { tokens } from '../../features/staff/api/auth-storage.ts';
import { FullPageSpinner } from '../../features/staff/components/FullPageSpinner.tsx';
import { PanelProvider, useAdminMessages } from '../../features/staff/panel.tsx';
import { usePanelTitle } from '../../features/staff/lib/title.ts';
import { StaffQueryProvider } from '../../features/staff/query-client.tsx';
import { spec as admin } from '../../features/admin/texts/spec.ts';
import type { Route } from './+types/dashboard';
import { pageTitle } from '../../lib/settings.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(admin.meta.dashboardTitle, matches) }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * The admin guard, as the moderator's: without a token, /admin. The token is in localStorage, so the
 * guard and the panel run in the browser only (the server renders the fallback). An old
 * `?section=` address goes to its section's path.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!tokens.get('admin')) return replace(LOGIN_PATH);
  const legacy = legacySectionPath(new URL(request.url));
  return legacy ? replace(legacy) : null;
}

export function HydrateFallback() {
  return <FullPageSpinner label={admin.shell.loading} />;
}

/** The layout of /admin/dashboard and its sections (the overview, scripts, games, moderators, site-channels). */
export default function AdminDashboardRoute() {
  usePanelTitle(useAdminMessages().meta.dashboardTitle);
  return (
    <StaffQueryProvider>
      <PanelProvider role="admin">
        <AdminPanel />
      </PanelProvider>
    </StaffQueryProvider>
  );
}
