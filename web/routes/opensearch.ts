import { OPENSEARCH_TYPE, renderOpenSearch } from '../features/static/feeds.ts';
import { siteOrigin } from '../features/static/site-files.ts';
import { webContext } from '../context.ts';
import { scriptsPage } from '../messages/scripts-page.ts';
import type { Route } from './+types/opensearch';

/** /opensearch.xml: lets browsers search the catalogue from the address bar (docs/product.md#feeds). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { settings } = context.get(webContext);
  const origin = siteOrigin(settings.siteUrl, request.url);
  return new Response(renderOpenSearch(origin, settings.siteName, scriptsPage.meta.description), { headers: { 'content-type': OPENSEARCH_TYPE } });
}
