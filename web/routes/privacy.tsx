import { data } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { staticTextsFor } from '../i18n/catalogues.server.ts';
import { LegalSections, StaticHero, StaticMain } from '../features/static/LegalPage.tsx';
import { staticPageMeta } from '../features/static/meta.ts';
import { DATED_PAGE_HEADERS, todayStamp } from '../features/static/today.ts';
import { readingOfPath } from '../i18n/reading.ts';
import { webContext } from '../context.ts';
import type { Route } from './+types/privacy';

/**
 * The page's copy in its reading (the path names it: docs/decisions/0045-languages.md) and today's date,
 * computed on the server in the configured zone (docs/product.md#static-pages: policy pages show it).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const texts = staticTextsFor(readingOfPath(new URL(request.url).pathname));
  return data({ page: texts.privacy, common: texts.legal, updated: todayStamp(context.get(webContext).settings.timeZone) }, { headers: DATED_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return staticPageMeta(loaderData?.page, location.pathname, matches);
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { page, common, updated } = loaderData;
  return (
    <StaticMain>
      <StaticHero icon={ShieldCheck} heading={page.heading} intro={page.intro} updated={updated} common={common} />
      <LegalSections sections={page.sections} common={common} />
    </StaticMain>
  );
}
