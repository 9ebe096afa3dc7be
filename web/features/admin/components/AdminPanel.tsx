import { useQuery } from '@tanstack/react-query';
import { useAdminMessages, usePanel, useStaffMessages } from '../../staff/panel.tsx';
import { Cpu, Film, Flag, Gamepad2, Globe, LayoutDashboard, Radio, ScrollText, Tags, Users } from 'lucide-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.tsx';
import { tokens } from '../../staff/api/auth-storage.ts';
import { useSessionEnd } from '../../staff/api/session.ts';
import { LanguageSwitch } from '../../staff/components/LanguageSwitch.tsx';
import { PanelShell } from '../../staff/components/PanelShell.tsx';
import { adminSessionQueryOptions, logoutAdmin } from '../api/auth.ts';
import { LOGIN_PATH, sectionOf, sectionPath } from '../sections.ts';


/** The admin panel: a sidebar with Overview, Scripts, Games, Executors, Moderators, Site channels, Domains, Log and Logout; the section is the route's. */
export function AdminPanel() {
  const t = useAdminMessages().shell;
  const typesLabel = useStaffMessages('admin').scriptTypes.section.title;
  const navigate = useNavigate();
  const { language } = usePanel();
  const section = sectionOf(useLocation().pathname);

  // The token is checked once on entry, so an expired one returns to /admin even on Site channels,
  // whose list is public.
  useQuery(adminSessionQueryOptions);

  useSessionEnd('admin', () => {
    tokens.clear('admin');
    toast.error(t.sessionExpired);
    void navigate(LOGIN_PATH, { replace: true });
  });

  const onLogout = () => {
    // The server revokes the token in the background; locally the session ends at once.
    void logoutAdmin().catch(() => undefined);
    tokens.clear('admin');
    toast.success(t.loggedOut);
    void navigate(LOGIN_PATH, { replace: true });
  };

  const items = [
    { key: 'overview', label: t.overview, icon: <LayoutDashboard aria-hidden className="h-4 w-4" /> },
    { key: 'scripts', label: t.scripts, icon: <Film aria-hidden className="h-4 w-4" /> },
    { key: 'games', label: t.games, icon: <Gamepad2 aria-hidden className="h-4 w-4" /> },
    { key: 'executors', label: t.executors, icon: <Cpu aria-hidden className="h-4 w-4" /> },
    { key: 'script-types', label: typesLabel, icon: <Tags aria-hidden className="h-4 w-4" /> },
    { key: 'moderators', label: t.moderators, icon: <Users aria-hidden className="h-4 w-4" /> },
    { key: 'site-channels', label: t.siteChannels, icon: <Radio aria-hidden className="h-4 w-4" /> },
    { key: 'reports', label: t.reports, icon: <Flag aria-hidden className="h-4 w-4" /> },
    { key: 'domains', label: t.domains, icon: <Globe aria-hidden className="h-4 w-4" /> },
    { key: 'log', label: t.log, icon: <ScrollText aria-hidden className="h-4 w-4" /> },
  ] as const;

  return (
    <PanelShell
      title={t.title}
      logoutLabel={t.logout}
      menuLabel={t.menu}
      onLogout={onLogout}
      lang={language}
      languageSwitch={<LanguageSwitch role="admin" />}
      items={items.map((item) => ({ ...item, to: sectionPath(item.key), active: item.key === section }))}
    >
      <Outlet />
    </PanelShell>
  );
}
