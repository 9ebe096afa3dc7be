import { FEED_SIZE } from '../../contract/constants.ts';
import { gameSlugSchema } from '../../contract/games.ts';
import { withoutLoader } from '../features/catalogue/filters.ts';
import { gameFeedPath, gamePath } from '../features/games/links.ts';
import { ATOM_TYPE, renderAtomFeed } from '../features/static/feeds.ts';
import { siteOrigin } from '../features/static/site-files.ts';
import { webContext } from '../context.ts';
import { games } from '../messages/games.ts';
import type { Route } from './+types/game-feed';

const notFound = () => new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** /games/{slug}/feed.xml: a game's newest FEED_SIZE scripts as an Atom feed; 404 for an unknown game. */
export async function loader({ params, request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const slug = gameSlugSchema.safeParse(params.slug).data;
  const game = slug === undefined ? undefined : await context.games.bySlug(slug);
  if (!game) return notFound();
  const origin = siteOrigin(context.settings.siteUrl, request.url);
  const page = await context.catalogue.list({ limit: FEED_SIZE, offset: 0, game: game.slug, sort: 'newest' });
  const xml = renderAtomFeed(
    origin,
    { path: gameFeedPath(game.slug), pagePath: gamePath(game.slug), title: games.feedTitle(game.name), emptyUpdated: new Date().toISOString() },
    page.scripts.map(withoutLoader),
    context.settings.siteName,
  );
  return new Response(xml, { headers: { 'content-type': ATOM_TYPE } });
}
