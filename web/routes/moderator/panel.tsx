import { replace } from 'react-router';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { ModeratorPanel } from '../../features/moderator/components/ModeratorPanel.tsx';
import { loginPath, locationString, moderatorToken } from '../../features/moderator/session.ts';
import { PanelProvider, useModeratorMessages } from '../../features/staff/panel.tsx';
import { usePanelTitle } from '../../features/staff/lib/title.ts';
import { StaffQueryProvider } from '../../features/staff/query-client.tsx';
import { spec as moderator } from '../../features/moderator/texts/spec.ts';
import type { Route } from './+types/panel';
import { pageTitle } from '../../lib/settings.ts';

const t = moderator;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle(t.meta.panel, matches) }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * The moderator guard (docs/product.md#moderator-session): without a token, the login page, carrying where the
 * moderator was going. The token is in localStorage, so the guard and the panel run in the browser
 * only: the server renders the fallback. The layout of the panel's sections: /moderator/dashboard
 * and /moderator/scripts (the same section, scripts.tsx).
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!moderatorToken()) return replace(loginPath(locationString(new URL(request.url))));
  return null;
}

export function HydrateFallback() {
  return (
    <main className="flex min-h-screen items-center justify-center text-slate-300">
      <Spinner label={t.panel.checking} className="h-8 w-8" />
    </main>
  );
}

export default function ModeratorPanelRoute() {
  usePanelTitle(useModeratorMessages().meta.panel);
  // One query client per panel mount (the public pages never load TanStack Query).
  return (
    <StaffQueryProvider>
      <PanelProvider role="moderator">
        <ModeratorPanel />
      </PanelProvider>
    </StaffQueryProvider>
  );
}
