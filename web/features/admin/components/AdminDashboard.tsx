import { useQuery } from '@tanstack/react-query';
import { Film, Radio, Users } from 'lucide-react';
import { useSearchParams, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.tsx';
import { messages } from '../../../messages/staff.ts';
import { tokens } from '../../staff/api/auth-storage.ts';
import { PanelShell } from '../../staff/components/PanelShell.tsx';
import { checkAdminToken, logoutAdmin } from '../auth/api.ts';
import { ManageModerators } from '../moderators/ManageModerators.tsx';
import { ManageScripts } from '../scripts/ManageScripts.tsx';
import { useAdminToken } from '../session.tsx';
import { ManageSiteChannels } from '../site-channels/ManageSiteChannels.tsx';

const t = messages.admin.shell;

export const SECTIONS = ['scripts', 'moderators', 'site-channels'] as const;
export type Section = (typeof SECTIONS)[number];

/** `?section=` names the open section, so a reload keeps it; anything else is Scripts. */
export function sectionOf(value: string | null): Section {
  return (SECTIONS as readonly string[]).includes(value ?? '') ? (value as Section) : 'scripts';
}

/** The admin panel: a sidebar with Scripts, Moderators, Site channels and Logout (SPEC.md section 2). */
export function AdminDashboard() {
  const token = useAdminToken();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const section = sectionOf(params.get('section'));

  // The token is checked once on entry, so an expired one returns to /admin even on Site channels,
  // whose list is public.
  useQuery({ queryKey: ['admin', 'session'], queryFn: ({ signal }) => checkAdminToken(token, signal), staleTime: Infinity });

  const select = (next: Section) => {
    if (next === section) return;
    setParams(next === 'scripts' ? {} : { section: next });
  };

  const onLogout = () => {
    // The server revokes the token in the background; locally the session ends at once.
    void logoutAdmin(token).catch(() => undefined);
    tokens.clear('admin');
    toast.success(t.loggedOut);
    void navigate('/admin', { replace: true });
  };

  const items = [
    { key: 'scripts', label: t.scripts, icon: <Film aria-hidden className="h-4 w-4" /> },
    { key: 'moderators', label: t.moderators, icon: <Users aria-hidden className="h-4 w-4" /> },
    { key: 'site-channels', label: t.siteChannels, icon: <Radio aria-hidden className="h-4 w-4" /> },
  ] as const;

  return (
    <PanelShell
      title={t.title}
      logoutLabel={t.logout}
      menuLabel={t.menu}
      onLogout={onLogout}
      items={items.map((item) => ({ ...item, active: item.key === section, onSelect: () => select(item.key) }))}
    >
      {section === 'scripts' ? <ManageScripts /> : section === 'moderators' ? <ManageModerators /> : <ManageSiteChannels />}
    </PanelShell>
  );
}
