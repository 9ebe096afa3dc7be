import { FileCode2, Flag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { tokens } from '../../staff/api/auth-storage.ts';
import { useSessionEnd } from '../../staff/api/session.ts';
import { LanguageSwitch } from '../../staff/components/LanguageSwitch.tsx';
import { PanelShell } from '../../staff/components/PanelShell.tsx';
import { useModeratorMessages, usePanel } from '../../staff/panel.tsx';
import { logout, useModeratorStatus } from '../api/session.ts';
import { DEACTIVATED_REASON, LOGIN_PATH, loginPath, locationString, moderatorToken, PANEL_PATH } from '../session.ts';

/** The reports on the moderator's own scripts (docs/product.md#reports). */
const REPORTS_PATH = '/moderator/reports';

/**
 * The moderator panel: the sidebar with Скрипты and logout, the section of the route, and the
 * session's watch: the status check on load and every `moderatorStatusPollMs`; any 401 clears the
 * token and shows the login page with Ваш аккаунт удалён или деактивирован.
 */
export function ModeratorPanel() {
  const m = useModeratorMessages();
  const { language } = usePanel();
  const t = m.panel;
  const settings = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const [loggingOut, setLoggingOut] = useState(false);

  useModeratorStatus(settings.moderatorStatusPollMs);

  useSessionEnd('moderator', () => {
    tokens.clear('moderator');
    navigate(loginPath(locationString(location), DEACTIVATED_REASON), { replace: true });
  });

  // Logged out in another tab: this one follows.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === null || event.key === STORAGE_KEYS.moderatorToken) && !moderatorToken()) {
        navigate(loginPath(locationString(window.location)), { replace: true });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);

  async function signOut() {
    if (loggingOut) return;
    setLoggingOut(true);
    try {
      if (moderatorToken()) await logout();
    } catch {
      // The token is dropped here either way; the server forgets it when it expires.
    }
    tokens.clear('moderator');
    toast.success(t.logoutSuccess);
    navigate(LOGIN_PATH, { replace: true });
  }

  const onReports = location.pathname.startsWith(REPORTS_PATH);
  return (
    <PanelShell
      title={t.title}
      menuLabel={t.menu}
      logoutLabel={t.logout}
      onLogout={() => void signOut()}
      lang={language}
      languageSwitch={<LanguageSwitch role="moderator" />}
      // /moderator/dashboard and /moderator/scripts are the same section; /moderator/reports the reports on its scripts.
      items={[
        { key: 'scripts', label: t.nav, icon: <FileCode2 aria-hidden className="h-4 w-4" />, to: PANEL_PATH, active: !onReports },
        { key: 'reports', label: m.reports.title, icon: <Flag aria-hidden className="h-4 w-4" />, to: REPORTS_PATH, active: onReports },
      ]}
    >
      <Outlet />
    </PanelShell>
  );
}
