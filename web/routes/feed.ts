import { FEED_SIZE } from '../../contract/constants.ts';
import { withoutLoader } from '../features/catalogue/filters.ts';
import { ATOM_TYPE, renderAtomFeed } from '../features/static/feeds.ts';
import { siteOrigin } from '../features/static/site-files.ts';
import { webContext } from '../context.ts';
import { catalogue } from '../messages/catalogue.ts';
import type { Route } from './+types/feed';

/** /feed.xml: the newest FEED_SIZE scripts as an Atom feed (docs/product.md#feeds). */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const origin = siteOrigin(context.settings.siteUrl, request.url);
  const page = await context.catalogue.list({ limit: FEED_SIZE, offset: 0, sort: 'newest' });
  const { siteName } = context.settings;
  const xml = renderAtomFeed(
    origin,
    { path: '/feed.xml', pagePath: '/scripts', title: catalogue.feedTitle(siteName), emptyUpdated: new Date().toISOString() },
    page.scripts.map(withoutLoader),
    siteName,
  );
  return new Response(xml, { headers: { 'content-type': ATOM_TYPE } });
}
