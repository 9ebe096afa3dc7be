import { AdminLogin } from '../../features/admin/components/AdminLogin.tsx';
import { FullPageSpinner } from '../../features/admin/components/FullPageSpinner.tsx';
import { useHydrated } from '../../features/admin/lib/hooks.ts';
import { messages } from '../../messages/staff.ts';

export function meta() {
  return [{ title: messages.admin.meta.loginTitle }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** /admin: rendered in the browser, which holds the token (SPEC.md section 3: adminToken). */
export default function AdminLoginRoute() {
  const hydrated = useHydrated();
  return hydrated ? <AdminLogin /> : <FullPageSpinner label={messages.admin.shell.loading} />;
}
