import { data } from 'react-router';
import { Cookie } from 'lucide-react';
import { staticTextsFor } from '../i18n/catalogues.server.ts';
import { CookiePreferences } from '../features/static/CookiePreferences.tsx';
import { StaticHero, StaticMain } from '../features/static/LegalPage.tsx';
import { staticPageMeta } from '../features/static/meta.ts';
import { DATED_PAGE_HEADERS, todayStamp } from '../features/static/today.ts';
import { readingOfPath } from '../i18n/reading.ts';
import { webContext } from '../context.ts';
import type { Route } from './+types/cookies';

/**
 * The page's copy in its reading (the path names it: docs/decisions/0045-languages.md) and today's date,
 * computed on the server in the configured zone (docs/product.md#static-pages: policy pages show it).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const texts = staticTextsFor(readingOfPath(new URL(request.url).pathname));
  return data({ page: texts.cookies, common: texts.legal, updated: todayStamp(context.get(webContext).settings.timeZone) }, { headers: DATED_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return staticPageMeta(loaderData?.page, location.pathname, matches);
}

export default function Cookies({ loaderData }: Route.ComponentProps) {
  const { page, common, updated } = loaderData;
  return (
    <StaticMain>
      <StaticHero icon={Cookie} heading={page.heading} intro={page.intro} updated={updated} common={common} />
      <CookiePreferences texts={page} />
    </StaticMain>
  );
}
