import { data } from 'react-router';
import { FileText } from 'lucide-react';
import { terms } from '../content/terms.ts';
import { LegalSections, StaticHero, StaticMain } from '../features/static/LegalPage.tsx';
import { staticPageMeta } from '../features/static/meta.ts';
import { DATED_PAGE_HEADERS, todayStamp } from '../features/static/today.ts';
import { webContext } from '../context.ts';
import type { Route } from './+types/terms';

/** Today's date, computed on the server in the configured zone (docs/product.md#static-pages: policy pages show it). */
export function loader({ context }: Route.LoaderArgs) {
  return data({ updated: todayStamp(context.get(webContext).settings.timeZone) }, { headers: DATED_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return staticPageMeta(terms, matches);
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <StaticMain>
      <StaticHero icon={FileText} heading={terms.heading} intro={terms.intro} updated={loaderData.updated} />
      <LegalSections sections={terms.sections} />
    </StaticMain>
  );
}
