// Business constants (docs/product.md#limits), shared by the server and the web app.
export const CATALOGUE_FIRST_PAGE = 16;
export const CATALOGUE_NEXT_PAGE = 8;
export const CATALOGUE_MAX_LIMIT = 100;
export const TABLE_PAGE_SIZE = 10;
export const TABLE_DESCRIPTION_CLIP = 100;
export const STAFF_REQUEST_TIMEOUT_MS = 10_000;
export const MODERATOR_STATUS_POLL_MS = 60_000;
export const COPY_CONFIRMATION_MS = 2_000;
export const TOAST_DURATION_MS = 5_000;
export const SIDEBAR_COLLAPSE_PX = 640;
export const MINIMUM_AGE = 13;
export const SEARCH_MAX_LENGTH = 200;
/** A search is words found in any order; more than this many is refused. */
export const SEARCH_MAX_WORDS = 10;
/**
 * A search's `total` counts matches up to this many: a visitor never pages further (at 8 a Load
 * More, 125 clicks), and counting every match of a common word costs a scan of the catalogue.
 */
export const SEARCH_TOTAL_CAP = 1_000;

export const SCRIPT_LIMITS = {
  playsnameMax: 120,
  descriptionMax: 5_000,
  loadstringMax: 20_000,
  channelsMax: 10,
} as const;

export const GAME_LIMITS = {
  nameMax: 80,
  slugMax: 80,
} as const;

/** The admin's executors (docs/decisions/0039-executors-and-compatibility.md). */
export const EXECUTOR_LIMITS = {
  nameMax: 60,
  slugMax: 60,
  versionMax: 40,
  websiteMax: 300,
} as const;
/** Works answers per script and executor count this many days (the compatibility table, the filters). */
export const EXECUTOR_VOTE_DAYS = 30;
/** At most this many executors marked tested on one script. */
export const SCRIPT_EXECUTORS_MAX = 20;

/** A script type's names and slug (docs/decisions/0063-script-types.md); at most `perScript` types on one script. */
export const SCRIPT_TYPE_LIMITS = {
  nameMax: 60,
  slugMax: 60,
  perScript: 5,
} as const;

/** The key page of a script with a key system. */
export const KEY_LINK_MAX = 500;

/** How long views per day are kept (insights, trending). */
export const DAILY_VIEWS_KEPT_DAYS = 90;
/** Trending counts this many days of views, today included (docs/decisions/0011-trending.md). */
export const TRENDING_DAYS = 7;
/** Feeds list this many of the newest scripts. */
export const FEED_SIZE = 50;

/** Vote changes (like/dislike and works, each a change) one visitor may make in an hour, across instances. */
export const VOTES_PER_HOUR = 30;
/** "May be patched" (docs/product.md#votes): at least this many "doesn't work" votes of the last MAY_BE_PATCHED_DAYS days, and more than the "works" ones. */
export const MAY_BE_PATCHED_VOTES = 5;
export const MAY_BE_PATCHED_DAYS = 7;
