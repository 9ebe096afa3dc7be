import { lazy } from 'react';
import { data, isRouteErrorResponse, Link, useLocation, useNavigation } from 'react-router';
import { CATALOGUE_FIRST_PAGE } from '../../contract/constants.ts';
import { gameSlugSchema } from '../../contract/games.ts';
import { CatalogueResults } from '../features/catalogue/CatalogueResults.tsx';
import { FilterBar } from '../features/catalogue/FilterBar.tsx';
import { activeFilterCount, FILTER_NAMES, listSearch } from '../features/catalogue/filters.ts';
import { executorChoices, readListQuery, toCardPage } from '../features/catalogue/filters.server.ts';
import { publicOrigin } from '../features/catalogue/seo.ts';
import { LoadError } from '../features/catalogue/states.tsx';
import { GameIcon } from '../features/games/GameIcon.tsx';
import { gameFeedPath, gamePath } from '../features/games/links.ts';
import { collectionMeta } from '../features/games/meta.ts';
import { metaI18n, useI18n } from '../i18n/messages.ts';
import { cn } from '../lib/cn.ts';
import { errorMeta, rootSettings, useSettings } from '../lib/settings.ts';
import { webContext } from '../context.ts';
import type { Route } from './+types/game';

/** A game's page reads every filter but the game, which its path names. */
const GAME_PAGE_FILTERS = FILTER_NAMES.filter((name) => name !== 'game');

/** The game and the first cards of its scripts for the URL's search, filters and sort; 404 for an unknown game. */
export async function loader({ params, request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const slug = gameSlugSchema.safeParse(params.slug).data;
  const game = slug === undefined ? undefined : await context.games.bySlug(slug);
  if (!game) throw data(null, { status: 404 });
  const { q, filters } = readListQuery(new URL(request.url).searchParams, GAME_PAGE_FILTERS);
  const [page, executors] = await Promise.all([context.catalogue.list({ limit: CATALOGUE_FIRST_PAGE, offset: 0, q, ...filters, game: game.slug }), context.executors.list()]);
  return { game, page: toCardPage(page), q: q ?? '', filters, executors: executorChoices(executors), origin: publicOrigin(context.settings.siteUrl, request.url) };
}

export function meta({ data: loaded, error, matches }: Route.MetaArgs) {
  const siteName = rootSettings(matches)?.siteName ?? '';
  const i18n = metaI18n(matches);
  if (!loaded || !i18n) {
    const missing = !error || (isRouteErrorResponse(error) && error.status === 404);
    return errorMeta((missing ? i18n?.m.games.notFound.title : i18n?.m.common.error.title) ?? '', siteName);
  }
  const { m, t, reading } = i18n;
  const { game } = loaded;
  const name = game.name;
  return collectionMeta({
    name: t(m.games.gameHeading, { name }),
    description: t(m.games.meta.gameDescription, { name, n: game.scripts }),
    origin: loaded.origin,
    reading,
    path: gamePath(game.slug),
    siteName,
    image: game.icon,
    items: loaded.page.scripts.map((script) => ({ name: script.playsname, path: script.path })),
    feed: { title: t(m.games.feedTitle, { name }), path: gameFeedPath(game.slug) },
    noindex: Boolean(loaded.q) || activeFilterCount(loaded.filters) > 0,
  });
}

/** /games/{slug}: the game's scripts with the catalogue's filters (but the game) and sorts (docs/product.md#game-page). */
export default function GamePage({ loaderData }: Route.ComponentProps) {
  const { timeZone } = useSettings();
  const { m, t, path: inReading } = useI18n();
  const location = useLocation();
  const navigation = useNavigation();
  const { game, page, q, filters, executors } = loaderData;
  const path = inReading(gamePath(game.slug));
  const loading = navigation.state === 'loading' && navigation.location.pathname === path;
  const clearFilters = activeFilterCount(filters) > 0 ? `${path}${listSearch(q || undefined, { sort: filters.sort })}` : undefined;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <Link to={inReading('/games')} className="text-sm text-violet-300 underline-offset-4 hover:text-violet-200 hover:underline">
        {m.games.allGames}
      </Link>
      <header className="mt-3 flex flex-wrap items-center gap-4">
        <GameIcon game={game} size={56} priority />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{t(m.games.gameHeading, { name: game.name })}</h1>
          <p className="mt-1 max-w-2xl text-slate-300">{t(m.games.gameIntro, { name: game.name })}</p>
        </div>
        <a href={inReading(gameFeedPath(game.slug))} className="text-sm text-slate-300 underline underline-offset-4 hover:text-white">
          {m.games.feed}
        </a>
      </header>
      <FilterBar action={path} q={q} filters={filters} choices={{ executor: executors }} />
      <div className={cn('transition-opacity duration-150', loading && 'opacity-60')}>
        <CatalogueResults key={location.key} page={page} q={q} filters={{ ...filters, game: game.slug }} clearFilters={clearFilters} timeZone={timeZone} />
      </div>
    </main>
  );
}

// Only an unknown game shows it: its code loads then (the server renders it whole; hydration waits for it).
const NotFoundMessage = lazy(() => import('../components/ui/NotFoundMessage.tsx').then((module) => ({ default: module.NotFoundMessage })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { m, path } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const t = m.games.notFound;
    return <NotFoundMessage title={t.title} text={t.text} to={path('/games')} back={t.back} />;
  }
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <LoadError className="mt-12" onRetry={() => window.location.reload()} />
    </main>
  );
}
