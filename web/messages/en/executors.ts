import type { executorFacts as specFacts, executorsMeta as specMeta } from '../executors.ts';
import type { Shape } from '../shape.ts';

/** An executor's facts, wholly English (`/en/…`). */
export const executorFacts = {
  statuses: { working: 'Working', updating: 'Updating', patched: 'Patched', discontinued: 'Discontinued' },
  platforms: { windows: 'Windows', mac: 'Mac', android: 'Android', ios: 'iOS' },
  platformsLabel: 'Runs on',
  version: 'Version {version}',
  free: 'Free',
  paid: 'Paid',
  statusChanged: 'Status changed',
  justNow: 'just now',
  ago: {
    minute: '{n, plural, one {# minute ago} other {# minutes ago}}',
    hour: '{n, plural, one {# hour ago} other {# hours ago}}',
    day: '{n, plural, one {# day ago} other {# days ago}}',
    week: '{n, plural, one {# week ago} other {# weeks ago}}',
    month: '{n, plural, one {# month ago} other {# months ago}}',
    year: '{n, plural, one {# year ago} other {# years ago}}',
  },
} as const satisfies Shape<typeof specFacts>;

/** The executor pages' head texts, wholly English (`/en/…`). */
export const executorsMeta = {
  listTitle: 'Roblox Executors',
  description:
    'Roblox executors and whether they work today: status (working, updating, patched or discontinued), devices, version and price, with the scripts that run on each.',
  pageTitle: '{name} Executor: Status and Scripts',
  pageDescription:
    '{name} is {status} today. {n, plural, one {# Roblox script works} other {# Roblox scripts work}} on it: auto-farms and loaders tested by staff or confirmed by visitors.',
  statusWords: { working: 'working', updating: 'updating', patched: 'patched', discontinued: 'discontinued' },
} as const satisfies Shape<typeof specMeta>;
