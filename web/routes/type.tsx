import { lazy } from 'react';
import { data, isRouteErrorResponse, Link, useLocation, useNavigation } from 'react-router';
import { CATALOGUE_FIRST_PAGE } from '../../contract/constants.ts';
import { scriptTypeSlugSchema } from '../../contract/script-types.ts';
import { CatalogueResults } from '../features/catalogue/CatalogueResults.tsx';
import { FilterBar } from '../features/catalogue/FilterBar.tsx';
import { activeFilterCount, FILTER_NAMES, listSearch } from '../features/catalogue/filters.ts';
import { executorChoices, readListQuery, toCardPage } from '../features/catalogue/filters.server.ts';
import { publicOrigin } from '../features/catalogue/seo.ts';
import { LoadError } from '../features/catalogue/states.tsx';
import { gameChoices } from '../features/games/links.ts';
import { TYPES_PATH, typePath } from '../features/script-types/links.ts';
import { typePageMeta } from '../features/script-types/meta.ts';
import { typeName } from '../features/script-types/names.ts';
import { NoTypeScripts, TypeHeader } from '../features/script-types/TypeViews.tsx';
import { metaI18n, useI18n } from '../i18n/messages.ts';
import { readingOfPath } from '../i18n/reading.ts';
import { cn } from '../lib/cn.ts';
import { errorMeta, rootSettings, useSettings } from '../lib/settings.ts';
import { webContext } from '../context.ts';
import { messagesFor } from '../i18n/catalogues.server.ts';
import type { Route } from './+types/type';

/** A type's page reads every filter but the type, which its path names (contract/catalogue-params.ts PAGE_PARAMS). */
const TYPE_PAGE_FILTERS = FILTER_NAMES.filter((name) => name !== 'type');

/** The type and the first cards of its scripts, for the URL's search, filters and sort; 404 for an unknown type. */
export async function loader({ params, request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const reading = readingOfPath(new URL(request.url).pathname);
  const slug = scriptTypeSlugSchema.safeParse(params.slug).data;
  const found = slug === undefined ? undefined : await context.types.bySlug(slug);
  if (!found) throw data(null, { status: 404 });
  const type = { slug: found.slug, name: typeName(found, reading), scripts: found.scripts };
  const { q, filters } = readListQuery(new URL(request.url).searchParams, TYPE_PAGE_FILTERS);
  const [list, games, executors] = await Promise.all([
    context.catalogue.list({ limit: CATALOGUE_FIRST_PAGE, offset: 0, q, ...filters, type: type.slug }),
    context.games.list(),
    context.executors.list(),
  ]);
  const page = toCardPage(list);
  const origin = publicOrigin(context.settings.siteUrl, request.url);
  const narrowed = Boolean(q) || activeFilterCount(filters) > 0;
  return {
    type,
    page,
    q: q ?? '',
    filters,
    games: gameChoices(games),
    executors: executorChoices(executors),
    meta: typePageMeta(type, page.scripts, { origin, siteName: context.settings.siteName, reading, texts: messagesFor(reading).typesMeta, narrowed }),
  };
}

export function meta({ data: loaded, error, matches }: Route.MetaArgs) {
  const siteName = rootSettings(matches)?.siteName ?? '';
  if (!loaded) {
    const m = metaI18n(matches)?.m;
    const missing = !error || (isRouteErrorResponse(error) && error.status === 404);
    return errorMeta((missing ? m?.typePage.notFound.title : m?.common.error.title) ?? '', siteName);
  }
  return loaded.meta;
}

/** /types/{slug}: the type's scripts, with the catalogue's filters (but the type) and sorts. */
export default function TypePage({ loaderData }: Route.ComponentProps) {
  const { timeZone } = useSettings();
  const { m, path: inReading } = useI18n();
  const location = useLocation();
  const navigation = useNavigation();
  const { type, page, q, filters, games, executors } = loaderData;
  const path = inReading(typePath(type.slug));
  const loading = navigation.state === 'loading' && navigation.location.pathname === path;
  const filtered = Boolean(q) || activeFilterCount(filters) > 0;
  const clearFilters = activeFilterCount(filters) > 0 ? `${path}${listSearch(q || undefined, { sort: filters.sort })}` : undefined;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <Link to={inReading(TYPES_PATH)} className="text-sm text-violet-300 underline-offset-4 hover:text-violet-200 hover:underline">
        {m.typePage.allTypes}
      </Link>
      <TypeHeader type={type} />
      <FilterBar action={path} q={q} filters={filters} choices={{ game: games, executor: executors, type: undefined }} />
      <div className={cn('transition-opacity duration-150', loading && 'opacity-60')}>
        {page.total === 0 && !filtered ? (
          <NoTypeScripts name={type.name} />
        ) : (
          <CatalogueResults key={location.key} page={page} q={q} filters={{ ...filters, type: type.slug }} clearFilters={clearFilters} timeZone={timeZone} />
        )}
      </div>
    </main>
  );
}

// Only an unknown type shows it: its code loads then.
const NotFoundMessage = lazy(() => import('../components/ui/NotFoundMessage.tsx').then((module) => ({ default: module.NotFoundMessage })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { m, path } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const t = m.typePage.notFound;
    return <NotFoundMessage title={t.title} text={t.text} to={path(TYPES_PATH)} back={t.back} />;
  }
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <LoadError className="mt-12" onRetry={() => window.location.reload()} />
    </main>
  );
}
