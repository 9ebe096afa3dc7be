import { data } from 'react-router';
import { Cookie } from 'lucide-react';
import { cookies } from '../content/cookies.ts';
import { CookiePreferences } from '../features/static/CookiePreferences.tsx';
import { StaticHero, StaticMain } from '../features/static/LegalPage.tsx';
import { staticPageMeta } from '../features/static/meta.ts';
import { DATED_PAGE_HEADERS, todayStamp } from '../features/static/today.ts';
import { webContext } from '../context.ts';
import type { Route } from './+types/cookies';

/** Today's date, computed on the server in the configured zone (docs/product.md#static-pages: policy pages show it). */
export function loader({ context }: Route.LoaderArgs) {
  return data({ updated: todayStamp(context.get(webContext).settings.timeZone) }, { headers: DATED_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return staticPageMeta(cookies, matches);
}

export default function Cookies({ loaderData }: Route.ComponentProps) {
  return (
    <StaticMain>
      <StaticHero icon={Cookie} heading={cookies.heading} intro={cookies.intro} updated={loaderData.updated} />
      <CookiePreferences />
    </StaticMain>
  );
}
