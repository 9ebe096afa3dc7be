import { Link, useLocation, useNavigation, useRevalidator } from 'react-router';
import { CATALOGUE_FIRST_PAGE } from '../../contract/constants.ts';
import { CatalogueResults } from '../features/catalogue/CatalogueResults.tsx';
import { FilterBar } from '../features/catalogue/FilterBar.tsx';
import { activeFilterCount, listSearch } from '../features/catalogue/filters.ts';
import { executorChoices, readListQuery, toCardPage } from '../features/catalogue/filters.server.ts';
import { gameChoices } from '../features/games/links.ts';
import { ScriptCardSkeleton } from '../features/catalogue/ScriptCard.tsx';
import { useDelayedFlag } from '../features/catalogue/navigation.ts';
import { publicOrigin, siteFeedTitle } from '../features/catalogue/seo.ts';
import { pageTitle, rootSettings } from '../lib/settings.ts';
import { LoadError } from '../features/catalogue/states.tsx';
import { cn } from '../lib/cn.ts';
import { useSettings } from '../lib/settings.ts';
import { webContext } from '../context.ts';
import type { Route } from './+types/scripts';
import { metaI18n, useI18n } from '../i18n/messages.ts';
import { readingLinks } from '../i18n/alternates.ts';
import { pathIn } from '../i18n/reading.ts';

/**
 * The first CATALOGUE_FIRST_PAGE cards for the URL's search, filters and sort, rendered on the server
 * (docs/product.md#catalogue-filters); q is trimmed, blank means no search. Cards carry no loader text.
 */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(webContext);
  const url = new URL(request.url);
  const { q, filters } = readListQuery(url.searchParams);
  const [page, games, executors] = await Promise.all([
    context.catalogue.list({ limit: CATALOGUE_FIRST_PAGE, offset: 0, q, ...filters }),
    context.games.list(),
    context.executors.list(),
  ]);
  return {
    page: toCardPage(page),
    q: q ?? '',
    filters,
    games: gameChoices(games),
    executors: executorChoices(executors),
    origin: publicOrigin(context.settings.siteUrl, request.url),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const settings = rootSettings(matches);
  // The page's reading and its texts; none when the root loader failed (the error page's own meta then).
  const i18n = metaI18n(matches);
  const format = (template: string | undefined, values: { q: string }) => (i18n && template !== undefined ? i18n.t(template, values) : '');
  const texts = i18n?.m.scriptsPage;
  const q = data?.q ?? '';
  const heading = texts?.heading ?? '';
  const title = pageTitle(q ? `${format(texts?.resultsFor, { q })} — ${heading}` : heading, matches);
  const description = q ? format(texts?.meta.searchDescription, { q }) : (texts?.meta.description ?? '');
  const tags: Route.MetaDescriptors = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { name: 'twitter:card', content: 'summary' },
  ];
  if (settings?.siteName) tags.push({ property: 'og:site_name', content: settings.siteName });
  if (data?.origin) {
    const reading = i18n?.reading ?? 'spec';
    // The reading's own feed (written out: the helper's module would be a chunk of its own on this page).
    const feedTitle = i18n ? siteFeedTitle(reading, i18n.m.catalogue, settings?.siteName ?? '') : '';
    tags.push({ tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title: feedTitle, href: `${data.origin}${pathIn(reading, '/feed.xml')}` });
    // Search results and filtered lists are not pages of their own: the canonical is the catalogue in this
    // reading, with its other readings (docs/decisions/0045-languages.md).
    tags.push(...readingLinks(data.origin, '/scripts', reading));
  }
  // A search or a filtered list is followed, not indexed (a sort alone is the same scripts).
  if (q || (data && activeFilterCount(data.filters) > 0)) tags.push({ name: 'robots', content: 'noindex, follow' });
  return tags;
}

function Heading({ q, total }: { q: string; total?: number }) {
  const { m, t, path } = useI18n();
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{m.scriptsPage.heading}</h1>
        {q ? (
          <p className="mt-2 text-slate-300">
            <span className="font-medium text-white">{t(m.scriptsPage.resultsFor, { q })}</span>
            <span aria-hidden> · </span>
            <Link to={path('/scripts')} className="text-link">
              {m.catalogue.clearSearch}
            </Link>
          </p>
        ) : (
          <p className="mt-2 max-w-2xl text-slate-300">
            {m.scriptsPage.intro}{' '}
            <Link to={path('/games')} className="text-link underline">
              {m.catalogue.filters.browseGames}
            </Link>
          </p>
        )}
      </div>
      {total !== undefined && total > 0 ? (
        <p className="shrink-0 self-start rounded-full bg-white/5 px-3 py-1 text-sm text-slate-300 ring-1 ring-white/10 sm:self-auto">{t(m.scriptsPage.count, { n: total })}</p>
      ) : null}
    </header>
  );
}

function GridSkeleton({ count }: { count: number }) {
  const { m } = useI18n();
  return (
    <div className="mt-8">
      <p role="status" className="sr-only">
        {m.catalogue.loading}
      </p>
      <ul aria-hidden className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <ScriptCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /scripts: Latest Roblox Scripts (docs/product.md#catalogue-page). */
export default function Scripts({ loaderData }: Route.ComponentProps) {
  const { timeZone } = useSettings();
  const { path } = useI18n();
  const location = useLocation();
  const navigation = useNavigation();
  const { page, q, filters, games, executors } = loaderData;
  const list = path('/scripts');
  const clearFilters = activeFilterCount(filters) > 0 ? `${list}${listSearch(q || undefined, { sort: filters.sort })}` : undefined;
  // A new search (or a repeat visit) is loading: its cards are not known yet, so show their shape.
  // A fast (cached) answer just dims the list for a moment; a slow one shows a skeleton.
  const searching = navigation.state === 'loading' && navigation.location.pathname === list;
  const showSkeleton = useDelayedFlag(searching);
  const pendingQ = showSkeleton ? (new URLSearchParams(navigation.location?.search ?? '').get('q') ?? '').trim() : q;

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <Heading q={pendingQ} total={showSkeleton ? undefined : page.total} />
      <FilterBar action={list} q={q} filters={filters} choices={{ game: games, executor: executors }} />
      {showSkeleton ? (
        <GridSkeleton count={CATALOGUE_FIRST_PAGE} />
      ) : (
        <div className={cn('transition-opacity duration-150', searching && 'opacity-60')}>
          <CatalogueResults key={location.key} page={page} q={q} filters={filters} clearFilters={clearFilters} timeZone={timeZone} />
        </div>
      )}
    </main>
  );
}

/** A failed first page: the same heading, Не удалось загрузить скрипты and a retry that re-runs the loader. */
export function ErrorBoundary() {
  const revalidator = useRevalidator();
  const location = useLocation();
  const q = (new URLSearchParams(location.search).get('q') ?? '').trim();
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <Heading q={q} />
      <LoadError className="mt-12" onRetry={() => void revalidator.revalidate()} retrying={revalidator.state === 'loading'} />
    </main>
  );
}
