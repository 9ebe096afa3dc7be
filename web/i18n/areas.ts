import { pagePath } from '../../contract/page-path.ts';
import { readingOfPath } from './reading.ts';
import type { PageMessages } from './catalogue.ts';

export type Area = keyof PageMessages;

/** What every page that lists scripts shows: the cards, their badges and their Loader updated line. */
const LISTS: readonly Area[] = ['catalogue', 'loaderUpdates', 'typeChips'];

/**
 * The areas of messages a page's components show besides the shell's (`common`), by the page it is
 * (docs/decisions/0045-languages.md): a page's HTML carries only these. A page missing here gets the shell's
 * alone; a component reading an area its page lacks fails every render of that page, which
 * tests/api/i18n-readings.test.ts renders in each reading. A pattern names a first segment and a count
 * of segments, nothing more: `messagesKey` relies on it.
 */
const PAGE_AREAS: readonly [RegExp, readonly Area[]][] = [
  [/^\/scripts$/, [...LISTS, 'scriptsPage']],
  [/^\/scripts\/[^/]+$/, [...LISTS, 'detail', 'subscriptions', 'channelGate', 'compatibility', 'report', 'votes']],
  [/^\/games$/, ['catalogue', 'games']],
  [/^\/games\/[^/]+$/, [...LISTS, 'games']],
  [/^\/executors$/, ['executorList', 'executorFacts']],
  [/^\/executors\/[^/]+$/, [...LISTS, 'executorPage', 'executorFacts']],
  [/^\/types$/, ['typeList']],
  [/^\/types\/[^/]+$/, [...LISTS, 'typePage']],
  [/^\/favourites$/, [...LISTS, 'favourites']],
  [/^\/subscribe$/, ['subscribe', 'subscriptions']],
];

/** The areas of the page at `pathname` (a document's path or its data request's, in any reading), `common` first. */
export function areasOf(pathname: string): readonly Area[] {
  const page = pagePath(pathname);
  return ['common', ...(PAGE_AREAS.find(([pattern]) => pattern.test(page))?.[1] ?? [])];
}

/**
 * What decides a page's messages, without the table above, so the browser's shared chunk need not carry
 * it: the reading, the page's first segment and its number of segments. Two pages with one key have the
 * same areas (tests/api/i18n-areas.test.ts), so the root loader runs again only when the key changes.
 */
export function messagesKey(pathname: string): string {
  const segments = pagePath(pathname).split('/').filter(Boolean);
  return `${readingOfPath(pathname)}:${segments[0] ?? ''}:${segments.length}`;
}
