import { OPENSEARCH_TYPE, renderOpenSearch } from '../features/static/feeds.ts';
import { escapeXml, siteOrigin } from '../features/static/site-files.ts';
import { webContext } from '../context.ts';
import { readingOfPath } from '../i18n/reading.ts';
import { messagesFor } from '../i18n/catalogues.server.ts';
import type { Route } from './+types/opensearch';

const INPUT_ENCODING = '  <InputEncoding>UTF-8</InputEncoding>\n';

/**
 * /opensearch.xml: lets browsers search the catalogue from the address bar (docs/product.md#feeds).
 * /en/opensearch.xml and /ru/opensearch.xml describe the search in that reading (docs/decisions/0045-languages.md):
 * its description and `<Language>`, and its search and own addresses under the reading's prefix
 * (`/ru/scripts?q={searchTerms}`); the icon stays the site's. The specification's stays exactly as it was.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { settings } = context.get(webContext);
  const reading = readingOfPath(new URL(request.url).pathname);
  const origin = siteOrigin(settings.siteUrl, request.url);
  const messages = messagesFor(reading);
  if (reading === 'spec') {
    return new Response(renderOpenSearch(origin, settings.siteName, messages.scriptsPage.meta.description), { headers: { 'content-type': OPENSEARCH_TYPE } });
  }
  // The search's and the description's own addresses are the origin and a site path: the prefix on the
  // origin puts them in the reading; the icon is a file of the site, the same in every reading. A site
  // without a name is named by its catalogue in the reading's words.
  const base = `${origin}/${reading}`;
  const xml = renderOpenSearch(base, settings.siteName.trim() || messages.common.nav.scripts, messages.scriptsPage.meta.description)
    .replace(escapeXml(`${base}/favicon.svg`), escapeXml(`${origin}/favicon.svg`))
    .replace(INPUT_ENCODING, `  <Language>${reading}</Language>\n${INPUT_ENCODING}`);
  return new Response(xml, { headers: { 'content-type': OPENSEARCH_TYPE } });
}
