import { publicOrigin, siteFeedTitle } from '../features/catalogue/seo.ts';
import { GameList } from '../features/games/GameList.tsx';
import { gamePath } from '../features/games/links.ts';
import { collectionMeta } from '../features/games/meta.ts';
import { metaI18n, useI18n } from '../i18n/messages.ts';
import { rootSettings } from '../lib/settings.ts';
import { webContext } from '../context.ts';
import type { Route } from './+types/games';

/** Every game with its icon and script count, most scripts first. */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  return { games: await context.games.list(), origin: publicOrigin(context.settings.siteUrl, request.url) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const i18n = metaI18n(matches);
  if (!data || !i18n) return [];
  const { m, reading } = i18n;
  const siteName = rootSettings(matches)?.siteName ?? '';
  return collectionMeta({
    name: m.games.heading,
    description: m.games.meta.description,
    origin: data.origin,
    reading,
    path: '/games',
    siteName,
    items: data.games.map((game) => ({ name: game.name, path: gamePath(game.slug) })),
    feed: { title: siteFeedTitle(reading, m.catalogue, siteName), path: '/feed.xml' },
  });
}

/** /games (docs/product.md#games-page). */
export default function Games({ loaderData }: Route.ComponentProps) {
  const t = useI18n().m.games;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{t.heading}</h1>
      <p className="mt-2 max-w-2xl text-slate-300">{t.intro}</p>
      <GameList games={loaderData.games} />
    </main>
  );
}
