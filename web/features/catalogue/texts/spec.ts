import type { ScriptSort } from '../../../../contract/scripts.ts';
import type { PlatformSide } from '../../../../contract/platforms.ts';

/**
 * Catalogue strings (docs/product.md#catalogue-page, docs/product.md#error-texts); their exact texts are kept as they are.
 * The lists' and cards' texts, which every page listing scripts shows; /scripts' own heading and head tags are `scriptsPage` below.
 */
const catalogue = {
  clearSearch: 'Show all scripts',
  noDescription: 'Описание отсутствует',
  getScript: 'Get Script',
  opening: 'Opening…',
  /** A card's platform marks (issue 27): where an executor it works on runs. */
  platforms: { label: 'Works on', pc: 'PC', mobile: 'Mobile' },
  empty: 'Scripts not found',
  emptyHint: 'Nothing matches this search. Check the spelling or try the game’s name.',
  emptyCatalogueHint: 'The catalogue is empty for now. New scripts appear here as soon as they are published.',
  loadFailed: 'Не удалось загрузить скрипты',
  loadFailedHint: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Попробовать снова',
  loadMore: 'Load More',
  loadingMore: 'Loading more scripts…',
  /** `count`: how many cards a Load More added (at most a page, so no digit grouping). */
  loadedMore: '{count, plural, one {# more script loaded} other {# more scripts loaded}}',
  loading: 'Loading scripts…',
  listLabel: 'Scripts',
  clearFilters: 'Clear filters',
  emptyFiltersHint: 'No script matches these filters. Clear them or choose fewer.',
  /** The filter bar (docs/product.md#catalogue-filters). */
  filters: {
    label: 'Filters',
    open: 'Filters',
    /** `count`: how many filters are on (give it as text, as the specification prints it). */
    openCount: 'Filters ({count})',
    close: 'Close filters',
    game: 'Game',
    allGames: 'All games',
    browseGames: 'Browse games',
    platform: 'Device',
    allPlatforms: 'All devices',
    platforms: { pc: 'PC', mobile: 'Mobile' } satisfies Record<PlatformSide, string>,
    executor: 'Executor',
    allExecutors: 'All executors',
    type: 'Script type',
    allTypes: 'All types',
    noKey: 'No key system',
    universal: 'Universal',
    verified: 'Verified',
    working: 'Working',
    sort: 'Sort by',
    sorts: { newest: 'Newest', views: 'Most viewed', trending: 'Trending', updated: 'Recently updated', rating: 'Top rated' } satisfies Record<ScriptSort, string>,
    apply: 'Apply filters',
    showResults: 'Show scripts',
  },
  /** The site feed's title (/feed.xml), with the site's name; `feedTitleUnnamed` when it has none (web/features/catalogue/seo.ts' siteFeedTitle). */
  feedTitle: '{siteName}: latest Roblox scripts',
  feedTitleUnnamed: 'Latest Roblox scripts',
} as const;

/**
 * /scripts' own texts (docs/product.md#catalogue-page): its heading and head tags, apart from the
 * lists' texts (`catalogue`) so a game's or an executor's page does not ship them.
 */
const scriptsPage = {
  heading: 'Latest Roblox Scripts',
  intro: 'Fresh auto-farms, loaders and game scripts, newest first. Open a script to copy its loader.',
  resultsFor: 'Results for “{q}”',
  /** `n`: how many scripts match, its number written as the reading writes numbers. */
  count: '{n, plural, one {# script} other {# scripts}}',
  meta: {
    description:
      'Browse the latest Roblox scripts: auto-farms, loaders and game cheats, checked and updated daily. Open a script and copy its loader in one click.',
    searchDescription: 'Roblox scripts matching “{q}”: auto-farms, loaders and game cheats. Copy a loader in one click.',
  },
} as const;

/**
 * Loader updates (issue 28): the line cards and the script page show after a recent update
 * (docs/product.md#script-badges); the script's Atom feed has its own (`scriptFeed`, script-detail's).
 */
const loaderUpdates = {
  updated: 'Loader updated',
  /** `days`: calendar days in the site's time zone, never below 0 (docs/decisions/0044-loader-versions.md). */
  ago: '{days, plural, =0 {today} =1 {yesterday} other {# days ago}}',
  addedHigh: 'Update added a high-risk finding',
} as const;

export const spec = { catalogue, scriptsPage, loaderUpdates };
