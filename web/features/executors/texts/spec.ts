import type { ExecutorStatus, Platform } from '../../../../contract/platforms.ts';

// The executor pages' strings (docs/product.md#executors-page, docs/product.md#executor-page): the facts
// both pages show here, each page's own in `executorList` and `executorPage`, so neither ships the other's.

const statuses = { working: 'Working', updating: 'Updating', patched: 'Patched', discontinued: 'Discontinued' } as const satisfies Record<ExecutorStatus, string>;

/** An executor's facts, as the list and its page show them. */
const executorFacts = {
  statuses,
  platforms: { windows: 'Windows', mac: 'Mac', android: 'Android', ios: 'iOS' } satisfies Record<Platform, string>,
  platformsLabel: 'Runs on',
  version: 'Version {version}',
  free: 'Free',
  paid: 'Paid',
  /** Followed by a <time>: "Status changed 3 days ago". */
  statusChanged: 'Status changed',
  justNow: 'just now',
  /** How long ago, in the largest unit that fits (features/executors/time.ts): "3 days ago". */
  ago: {
    minute: '{n, plural, one {# minute ago} other {# minutes ago}}',
    hour: '{n, plural, one {# hour ago} other {# hours ago}}',
    day: '{n, plural, one {# day ago} other {# days ago}}',
    week: '{n, plural, one {# week ago} other {# weeks ago}}',
    month: '{n, plural, one {# month ago} other {# months ago}}',
    year: '{n, plural, one {# year ago} other {# years ago}}',
  },
} as const;

/** The pages' head texts: only their loaders build the head tags, so no page's JavaScript carries these. */
const executorsMeta = {
  listTitle: 'Roblox Executors',
  description:
    'Roblox executors and whether they work today: status (working, updating, patched or discontinued), devices, version and price, with the scripts that run on each.',
  /** An executor page's own name in <title> and its CollectionPage. */
  pageTitle: '{name} Executor: Status and Scripts',
  /** `{status}` is one of statusWords. */
  pageDescription:
    '{name} is {status} today. {n, plural, one {# Roblox script works} other {# Roblox scripts work}} on it: auto-farms and loaders tested by staff or confirmed by visitors.',
  statusWords: { working: 'working', updating: 'updating', patched: 'patched', discontinued: 'discontinued' } satisfies Record<ExecutorStatus, string>,
} as const;

/** /executors' own strings (docs/product.md#executors-page); the facts it shows are `executorFacts`. */
const executorList = {
  heading: 'Roblox Executors',
  intro: 'The executors our scripts run on, working ones first: their status today, the devices they run on, their version and price. Open one to see the scripts that work on it.',
  listLabel: 'Executors',
  empty: 'No executors yet',
  emptyHint: 'Executors appear here once they are added to the catalogue.',
  /** Followed by a <time>: "List last checked 2 hours ago". */
  lastChecked: 'List last checked',
} as const;

/** /executors/{slug}'s own strings (docs/product.md#executor-page); the facts it shows are `executorFacts`. */
const executorPage = {
  allExecutors: 'All executors',
  website: '{name} website',
  intro: 'Roblox scripts that work on {name}: tested by our staff, or reported working by more visitors than not in the last 30 days.',
  scriptCount: '{n, plural, one {# script works} other {# scripts work}} on it',
  testedCount: '{n} tested by staff',
  noScripts: 'No script is known to work on {name} yet',
  noScriptsHint: 'Scripts appear here once staff test them with it or visitors say they work on it.',
  notFound: {
    title: 'Executor not found',
    text: 'There is no executor at this address.',
    back: 'All executors',
  },
} as const;

export const spec = { executorFacts, executorsMeta, executorList, executorPage };
