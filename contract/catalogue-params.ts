/**
 * The public pages' query parameters, defined once (docs/decisions/0032-one-source-for-public-page-parameters.md):
 * the catalogue's flag filters and sorts, the parameters each public page reads (its page cache key),
 * and the pages each kind of catalogue write reaches. The API's query schema (scripts.ts), the
 * listing's SQL (server/db/listing.ts), the page cache (server/cache/page-cache.ts) and the filter
 * form (web/features/catalogue) are derived from it. No zod here: the browser imports it.
 */

/**
 * The flag filters, in the order of the API's query schema, the listing's cache keys and the
 * scripts_facets_idx columns (`column`, as stored; `token`, the SQLite search index's token for it).
 * `formValue` is what the filter form's checkbox puts in the URL when checked, `formPosition` where the
 * form shows it (and where a list URL writes it) (docs/product.md#catalogue-filters).
 */
export const CATALOGUE_FLAGS = [
  {
    name: 'universal',
    column: 'universal',
    token: 'zu',
    meaning: 'true: only universal scripts; false: only scripts for one game',
    formValue: true,
    formPosition: 1,
  },
  {
    name: 'key',
    column: 'key_system',
    token: 'zk',
    meaning: 'true: only scripts with a key system; false: only scripts without one',
    formValue: false,
    formPosition: 0,
  },
  { name: 'patched', column: 'patched', token: 'zp', meaning: 'true: only patched scripts; false: only working ones', formValue: false, formPosition: 3 },
  { name: 'verified', column: 'verified', token: 'zv', meaning: 'true: only verified scripts; false: only unverified ones', formValue: true, formPosition: 2 },
] as const;

export type CatalogueFlag = (typeof CATALOGUE_FLAGS)[number];
export type CatalogueFlagName = CatalogueFlag['name'];

export const FLAG_NAMES: readonly CatalogueFlagName[] = CATALOGUE_FLAGS.map((flag) => flag.name);

/** The flags in the filter form's order, which a list URL follows. */
export const FORM_FLAGS: readonly CatalogueFlag[] = [...CATALOGUE_FLAGS].sort((a, b) => a.formPosition - b.formPosition);

/**
 * The catalogue's orders, in the order the filter form offers them, the first the default
 * (docs/decisions/0011-trending.md for `trending`, docs/decisions/0020-votes.md#rating-sort for `rating`).
 */
export const SCRIPT_SORTS = ['newest', 'views', 'trending', 'updated', 'rating'] as const;
export type ScriptSort = (typeof SCRIPT_SORTS)[number];
/** The order of a list that names none: a list URL leaves it out. */
export const DEFAULT_SORT: ScriptSort = SCRIPT_SORTS[0];

export const GAME_PARAM = 'game';
/** The platform filter (pc, mobile) and the executor filter (a slug): docs/decisions/0039-executors-and-compatibility.md. */
export const PLATFORM_PARAM = 'platform';
export const EXECUTOR_PARAM = 'executor';
export const SORT_PARAM = 'sort';
/** The search text: the header's search box shows it on every public page; the list pages search with it. */
export const SEARCH_PARAM = 'q';

/** The parameters that narrow a listing (the sort only orders it). */
export const NARROWING_PARAMS = [GAME_PARAM, ...FLAG_NAMES, PLATFORM_PARAM, EXECUTOR_PARAM] as const;
/** A list page's filter and sort, in the API's order. */
export const LIST_FILTER_PARAMS = [GAME_PARAM, ...FLAG_NAMES, PLATFORM_PARAM, EXECUTOR_PARAM, SORT_PARAM] as const;
/** The same in the filter form's order, which a list URL follows. */
export const FORM_FILTER_PARAMS = [GAME_PARAM, PLATFORM_PARAM, EXECUTOR_PARAM, ...FORM_FLAGS.map((flag) => flag.name), SORT_PARAM] as const;

/** A list page's filter and sort but the game, which a game's page has in its path. */
const GAME_PAGE_FILTER_PARAMS = LIST_FILTER_PARAMS.filter((name) => name !== GAME_PARAM);
/** The same but the executor, which an executor's page has in its path. */
const EXECUTOR_PAGE_FILTER_PARAMS = LIST_FILTER_PARAMS.filter((name) => name !== EXECUTOR_PARAM);

/**
 * The query parameters each public page reads besides SEARCH_PARAM (every page reads that one); a
 * page not named reads no other. A `{name}` is one path segment. The page cache keys a page by these
 * alone; a blank filter (a GET form's "All games") is no filter.
 */
export const PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/scripts': LIST_FILTER_PARAMS,
  '/games/{slug}': GAME_PAGE_FILTER_PARAMS,
  '/executors/{slug}': EXECUTOR_PAGE_FILTER_PARAMS,
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
  // The pages listing or counting scripts (a game's pages and feed list its scripts), and the script's
  // page, under any slug (a stale one redirects to it).
  script: ['/scripts', '/sitemap.xml', '/feed.xml', '/games', '/games/*', '/executors', '/executors/*', SCRIPT_PAGE],
  // A script page shows the site channels (the site-wide gate); /subscribe lists them.
  'site-channels': ['/subscribe', '/scripts/*'],
} as const;

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
