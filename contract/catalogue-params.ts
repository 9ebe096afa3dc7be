import {
  CATALOGUE_FILTER_NAMES,
  CATALOGUE_FILTERS,
  FILTER_DECLARATIONS,
  type FilterName,
  filtersBut,
  type FlagFilter,
  FORM_FILTERS,
  isFlagFilter,
} from './catalogue-filters.ts';

/**
 * The public pages' query parameters, defined once (docs/decisions/0032-one-source-for-public-page-parameters.md):
 * the sorts, the lists of the filters (each declared in catalogue-filters.ts) that the readers share,
 * the parameters each public page reads (its page cache key), and the pages each kind of catalogue
 * write reaches. The API's query schema (scripts.ts), the listing's SQL (server/db/listing.ts), the
 * page cache (server/cache/page-cache.ts) and the filter form (web/features/catalogue) are derived
 * from it. No zod here: the browser imports it.
 */

/** The flag filters (contract/catalogue-filters.ts), in the order of the API's query schema, the listing's cache keys and scripts_facets_idx. */
export const CATALOGUE_FLAGS: readonly FlagFilter[] = CATALOGUE_FILTERS.filter(isFlagFilter);

export type CatalogueFlag = FlagFilter;
export type CatalogueFlagName = FlagFilter['name'];

export const FLAG_NAMES: readonly CatalogueFlagName[] = CATALOGUE_FLAGS.map((flag) => flag.name);

/** The flags in the filter form's order, which a list URL follows. */
export const FORM_FLAGS: readonly FlagFilter[] = FORM_FILTERS.filter(isFlagFilter);

/**
 * The catalogue's orders, in the order the filter form offers them, the first the default
 * (docs/decisions/0011-trending.md for `trending`, docs/decisions/0020-votes.md#rating-sort for `rating`).
 */
export const SCRIPT_SORTS = ['newest', 'views', 'trending', 'updated', 'rating'] as const;
export type ScriptSort = (typeof SCRIPT_SORTS)[number];
/** The order of a list that names none: a list URL leaves it out. */
export const DEFAULT_SORT: ScriptSort = SCRIPT_SORTS[0];

export const SORT_PARAM = 'sort';
/** The search text: the header's search box shows it on every public page; the list pages search with it. */
export const SEARCH_PARAM = 'q';

/** The parameters that narrow a listing (the sort only orders it). */
export const NARROWING_PARAMS: readonly FilterName[] = CATALOGUE_FILTER_NAMES;
/** A list page's filter and sort, in the API's order. */
export const LIST_FILTER_PARAMS: readonly (FilterName | typeof SORT_PARAM)[] = [...CATALOGUE_FILTER_NAMES, SORT_PARAM];
/** The same in the filter form's order, which a list URL follows. */
export const FORM_FILTER_PARAMS: readonly (FilterName | typeof SORT_PARAM)[] = [...FORM_FILTERS.map((filter) => filter.name), SORT_PARAM];

/** The list page of each filter that has one (`/games/{slug}`): every list parameter but that filter, which its path names. */
const FILTER_PAGES = FILTER_DECLARATIONS.flatMap((filter) => (filter.page === undefined ? [] : [[filter.page, [...filtersBut(filter.name as FilterName), SORT_PARAM]] as const]));

/**
 * The query parameters each public page reads besides SEARCH_PARAM (every page reads that one); a
 * page not named reads no other. A `{name}` is one path segment. The page cache keys a page by these
 * alone; a blank filter (a GET form's "All games") is no filter.
 */
export const PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/scripts': LIST_FILTER_PARAMS,
  ...Object.fromEntries(FILTER_PAGES),
  '/subscribe': ['from'],
  '/sitemap.xml': ['page'],
};

/** A script's own page (`/scripts/{id}` or `/scripts/{id}-{slug}`). */
export const SCRIPT_PAGE = '/scripts/{id}';

/**
 * Which public pages each kind of catalogue write can change (see the loaders in web/routes): a page
 * as in PAGE_PARAMS, SCRIPT_PAGE for the written script's own page, or a prefix ending in `*` for every
 * page under it. A change of the games (names, slugs, icons: on cards, script pages, game pages and
 * feeds) or of everything reaches every page.
 */
export const PAGES_A_WRITE_REACHES = {
  // The pages listing or counting scripts (the catalogue, the feed, the sitemap, and each filter's
  // `reaches`), and the script's page, under any slug (a stale one redirects to it).
  script: ['/scripts', '/sitemap.xml', '/feed.xml', ...FILTER_DECLARATIONS.flatMap((filter) => filter.reaches ?? []), SCRIPT_PAGE],
  // A script page shows the site channels (the site-wide gate); /subscribe lists them.
  'site-channels': ['/subscribe', '/scripts/*'],
};

/** A test of whether a page path (no query, no trailing slash) is the page `pattern` names. */
export function pageMatcher(pattern: string): (page: string) => boolean {
  if (pattern.endsWith('*')) {
    const prefix = pattern.slice(0, -1);
    return (page) => page.startsWith(prefix);
  }
  const source = pattern.replace(/[.]/g, '\\.').replace(/\{[a-z]+\}/g, '[^/]+');
  const regex = new RegExp(`^${source}$`);
  return (page) => regex.test(page);
}
