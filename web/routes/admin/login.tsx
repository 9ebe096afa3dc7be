import { AdminLogin } from '../../features/admin/components/AdminLogin.tsx';
import { FullPageSpinner } from '../../features/staff/components/FullPageSpinner.tsx';
import { useHydrated } from '../../features/staff/lib/hooks.ts';
import { usePanelTitle } from '../../features/staff/lib/title.ts';
import { useAdminMessages } from '../../features/staff/panel.tsx';
import { spec as admin } from '../../features/admin/texts/spec.ts';
import type { Route } from './+types/login';
import { pageTitle } from '../../lib/settings.ts';

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(admin.meta.loginTitle, matches) }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** /admin: rendered in the browser, which holds the token (docs/product.md#client-storage: adminToken). */
export default function AdminLoginRoute() {
  const hydrated = useHydrated();
  usePanelTitle(useAdminMessages().meta.loginTitle);
  return hydrated ? <AdminLogin /> : <FullPageSpinner label={admin.shell.loading} />;
}
