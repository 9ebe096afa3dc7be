import { replace } from 'react-router';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { loginPath, locationString, moderatorToken, PANEL_PATH } from '../../features/moderator/session.ts';
import { spec as moderator } from '../../features/moderator/texts/spec.ts';
import type { Route } from './+types/index';
import { pageTitle } from '../../lib/settings.ts';

const t = moderator;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle(t.meta.redirect, matches) }, { name: 'robots', content: 'noindex, nofollow' }];
}

/**
 * /moderator (docs/product.md#routes): to the panel with a session, else to the login page carrying the
 * originating location. The token lives in localStorage, so this runs in the browser only; the server
 * renders the fallback below. Both redirects replace this entry in the history (`replace`, a redirect
 * with X-Remix-Replace), so Back never returns to a page that only bounces.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (moderatorToken()) return replace(PANEL_PATH);
  return replace(loginPath(locationString(new URL(request.url))));
}

export function HydrateFallback() {
  return (
    <main className="flex min-h-screen items-center justify-center text-slate-300">
      <Spinner label={t.redirecting} className="h-8 w-8" />
    </main>
  );
}

export default function ModeratorIndex() {
  return <HydrateFallback />;
}
