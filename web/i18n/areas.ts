import { pagePath } from '../../contract/catalogue-params.ts';
import type { PageMessages } from '../messages/public.ts';

export type Area = keyof PageMessages;

/** What every page that lists scripts shows: the cards, their badges and their Loader updated line. */
const LISTS: readonly Area[] = ['catalogue', 'loaderUpdates'];

/**
 * The areas of messages a page's components show besides the shell's (`common`), by the page it is
 * (docs/decisions.md#languages): a page's HTML carries only these. A page missing here gets the shell's
 * alone; a component reading an area its page lacks fails every render of that page, which
 * tests/api/i18n-readings.test.ts renders in each reading.
 */
const PAGE_AREAS: readonly [RegExp, readonly Area[]][] = [
  [/^\/scripts$/, [...LISTS, 'scriptsPage']],
  [/^\/scripts\/[^/]+$/, [...LISTS, 'detail', 'subscriptions', 'channelGate', 'compatibility', 'report', 'votes']],
  [/^\/games$/, ['catalogue', 'games']],
  [/^\/games\/[^/]+$/, [...LISTS, 'games']],
  [/^\/executors$/, ['executorList', 'executorFacts']],
  [/^\/executors\/[^/]+$/, [...LISTS, 'executorPage', 'executorFacts']],
  [/^\/favourites$/, [...LISTS, 'favourites']],
  [/^\/subscribe$/, ['subscribe', 'subscriptions']],
];

/** The areas of the page at `pathname` (a document's path or its data request's, in any reading), `common` first. */
export function areasOf(pathname: string): readonly Area[] {
  const page = pagePath(pathname);
  return ['common', ...(PAGE_AREAS.find(([pattern]) => pattern.test(page))?.[1] ?? [])];
}
