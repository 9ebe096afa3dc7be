import { lazy } from 'react';
import { data, isRouteErrorResponse, Link, useLocation, useNavigation } from 'react-router';
import { CATALOGUE_FIRST_PAGE } from '../../contract/constants.ts';
import { executorSlugSchema } from '../../contract/executors.ts';
import { CatalogueResults } from '../features/catalogue/CatalogueResults.tsx';
import { FilterBar } from '../features/catalogue/FilterBar.tsx';
import { activeFilterCount, FILTER_NAMES, listSearch } from '../features/catalogue/filters.ts';
import { readListQuery, toCardPage } from '../features/catalogue/filters.server.ts';
import { publicOrigin } from '../features/catalogue/seo.ts';
import { LoadError } from '../features/catalogue/states.tsx';
import { ExecutorHeader, NoScripts } from '../features/executors/ExecutorHeader.tsx';
import { EXECUTORS_PATH, executorPath } from '../features/executors/links.ts';
import { executorPageMeta } from '../features/executors/meta.ts';
import { gameChoices } from '../features/games/links.ts';
import { metaI18n, useI18n } from '../i18n/messages.ts';
import { readingOfPath } from '../i18n/reading.ts';
import { cn } from '../lib/cn.ts';
import { errorMeta, rootSettings, useSettings } from '../lib/settings.ts';
import { webContext } from '../context.ts';
import { messagesFor } from '../i18n/catalogues.server.ts';
import type { Route } from './+types/executor';

/** An executor's page reads every filter but the executor, which its path names (contract/catalogue-params.ts PAGE_PARAMS). */
const EXECUTOR_PAGE_FILTERS = FILTER_NAMES.filter((name) => name !== 'executor');

/** The executor and the first cards of the scripts that work on it, for the URL's search, filters and sort; 404 for an unknown executor. */
export async function loader({ params, request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const reading = readingOfPath(new URL(request.url).pathname);
  const slug = executorSlugSchema.safeParse(params.slug).data;
  const executor = slug === undefined ? undefined : await context.executors.bySlug(slug);
  if (!executor) throw data(null, { status: 404 });
  const { q, filters } = readListQuery(new URL(request.url).searchParams, EXECUTOR_PAGE_FILTERS);
  const [list, games] = await Promise.all([context.catalogue.list({ limit: CATALOGUE_FIRST_PAGE, offset: 0, q, ...filters, executor: executor.slug }), context.games.list()]);
  const page = toCardPage(list);
  const origin = publicOrigin(context.settings.siteUrl, request.url);
  const narrowed = Boolean(q) || activeFilterCount(filters) > 0;
  return {
    executor,
    page,
    q: q ?? '',
    filters,
    games: gameChoices(games),
    now: new Date().toISOString(),
    meta: executorPageMeta(executor, page.scripts, { origin, siteName: context.settings.siteName, reading, texts: messagesFor(reading).executorsMeta, narrowed }),
  };
}

export function meta({ data: loaded, error, matches }: Route.MetaArgs) {
  const siteName = rootSettings(matches)?.siteName ?? '';
  if (!loaded) {
    const m = metaI18n(matches)?.m;
    const missing = !error || (isRouteErrorResponse(error) && error.status === 404);
    return errorMeta((missing ? m?.executorPage.notFound.title : m?.common.error.title) ?? '', siteName);
  }
  // Built by the loader (features/executors/meta.ts).
  return loaded.meta;
}

/** /executors/{slug}: the executor's facts and the scripts that work on it, with the catalogue's filters (but the executor) and sorts (docs/product.md#executor-page). */
export default function ExecutorPage({ loaderData }: Route.ComponentProps) {
  const { timeZone } = useSettings();
  const { m, path: inReading } = useI18n();
  const location = useLocation();
  const navigation = useNavigation();
  const { executor, page, q, filters, games, now } = loaderData;
  const path = inReading(executorPath(executor.slug));
  const loading = navigation.state === 'loading' && navigation.location.pathname === path;
  const filtered = Boolean(q) || activeFilterCount(filters) > 0;
  const clearFilters = activeFilterCount(filters) > 0 ? `${path}${listSearch(q || undefined, { sort: filters.sort })}` : undefined;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <Link to={inReading(EXECUTORS_PATH)} className="text-sm text-violet-300 underline-offset-4 hover:text-violet-200 hover:underline">
        {m.executorPage.allExecutors}
      </Link>
      <ExecutorHeader executor={executor} now={now} timeZone={timeZone} />
      <FilterBar action={path} q={q} filters={filters} choices={{ game: games }} />
      <div className={cn('transition-opacity duration-150', loading && 'opacity-60')}>
        {page.total === 0 && !filtered ? (
          <NoScripts name={executor.name} />
        ) : (
          <CatalogueResults key={location.key} page={page} q={q} filters={{ ...filters, executor: executor.slug }} clearFilters={clearFilters} timeZone={timeZone} />
        )}
      </div>
    </main>
  );
}

// Only an unknown executor shows it: its code loads then (the server renders it whole; hydration waits for it).
const NotFoundMessage = lazy(() => import('../components/ui/NotFoundMessage.tsx').then((module) => ({ default: module.NotFoundMessage })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { m, path } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const t = m.executorPage.notFound;
    return <NotFoundMessage title={t.title} text={t.text} to={path(EXECUTORS_PATH)} back={t.back} />;
  }
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <LoadError className="mt-12" onRetry={() => window.location.reload()} />
    </main>
  );
}
