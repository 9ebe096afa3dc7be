import { FEED_SIZE } from '../../contract/constants.ts';
import { withoutLoader } from '../features/catalogue/filters.ts';
import { siteFeedTitle } from '../features/catalogue/seo.ts';
import { ATOM_TYPE, renderAtomFeed } from '../features/static/feeds.ts';
import { siteOrigin } from '../features/static/site-files.ts';
import { webContext } from '../context.ts';
import { readingOfPath } from '../i18n/reading.ts';
import { messagesFor } from '../i18n/catalogues.server.ts';
import type { Route } from './+types/feed';

const ATOM_ROOT = '<feed xmlns="http://www.w3.org/2005/Atom">';

/**
 * /feed.xml: the newest FEED_SIZE scripts as an Atom feed (docs/product.md#feeds). /en/feed.xml and
 * /ru/feed.xml are the same scripts in that reading (docs/decisions/0045-languages.md): its title, its
 * `xml:lang`, and every link (the feed's own, the catalogue's, each script's) under the reading's prefix.
 * The specification's /feed.xml stays exactly as it was.
 */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const reading = readingOfPath(new URL(request.url).pathname);
  const origin = siteOrigin(context.settings.siteUrl, request.url);
  const page = await context.catalogue.list({ limit: FEED_SIZE, offset: 0, sort: 'newest' });
  const { siteName } = context.settings;
  const title = siteFeedTitle(reading, messagesFor(reading).catalogue, siteName);
  // Every link of the feed is the origin and a site path, so the reading's prefix on the origin puts them all in the reading.
  const base = reading === 'spec' ? origin : `${origin}/${reading}`;
  const xml = renderAtomFeed(base, { path: '/feed.xml', pagePath: '/scripts', title, emptyUpdated: new Date().toISOString() }, page.scripts.map(withoutLoader), siteName);
  const body = reading === 'spec' ? xml : xml.replace(ATOM_ROOT, `${ATOM_ROOT.slice(0, -1)} xml:lang="${reading}">`);
  return new Response(body, { headers: { 'content-type': ATOM_TYPE } });
}
