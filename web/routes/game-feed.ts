import { FEED_SIZE } from '../../contract/constants.ts';
import { formatMessage } from '../../contract/i18n.ts';
import { gameSlugSchema } from '../../contract/games.ts';
import { withoutLoader } from '../features/catalogue/filters.ts';
import { gameFeedPath, gamePath } from '../features/games/links.ts';
import { ATOM_TYPE, renderAtomFeed } from '../features/static/feeds.ts';
import { siteOrigin } from '../features/static/site-files.ts';
import { pathIn, readingOfPath } from '../i18n/reading.ts';
import { webContext } from '../context.ts';
import { messagesFor } from '../i18n/catalogues.server.ts';
import type { Route } from './+types/game-feed';

const notFound = () => new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/**
 * /games/{slug}/feed.xml: a game's newest FEED_SIZE scripts as an Atom feed; 404 for an unknown game.
 * `/en/…` and `/ru/…` give the feed in that reading: its title in the language, and its own link, its
 * page's and every entry's in the reading (docs/decisions/0045-languages.md).
 */
export async function loader({ params, request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const reading = readingOfPath(new URL(request.url).pathname);
  const slug = gameSlugSchema.safeParse(params.slug).data;
  const game = slug === undefined ? undefined : await context.games.bySlug(slug);
  if (!game) return notFound();
  const origin = siteOrigin(context.settings.siteUrl, request.url);
  // renderAtomFeed writes each link as its origin and a site path: the reading's prefix on the origin
  // ('' for the specification's, '/ru' for Russian) puts every one of them in the reading.
  const readingOrigin = origin + pathIn(reading, '/').replace(/\/$/, '');
  const page = await context.catalogue.list({ limit: FEED_SIZE, offset: 0, game: game.slug, sort: 'newest' });
  const title = formatMessage(reading, messagesFor(reading).games.feedTitle, { name: game.name });
  const xml = renderAtomFeed(
    readingOrigin,
    { path: gameFeedPath(game.slug), pagePath: gamePath(game.slug), title, emptyUpdated: new Date().toISOString() },
    page.scripts.map(withoutLoader),
    context.settings.siteName,
  );
  return new Response(xml, { headers: { 'content-type': ATOM_TYPE } });
}
