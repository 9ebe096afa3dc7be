import type { Shape } from '../../../lib/shape.ts';
import { spec } from './spec.ts';

/**
 * The lists' and cards' texts, wholly English (`/en/…`).
 * Written here: only what differs from the specification's English (its Russian texts, plurals, sentence case).
 */
const catalogue = {
  ...spec.catalogue,
  noDescription: 'No description',
  getScript: 'Get script',
  empty: 'No scripts found',
  loadFailed: 'Couldn’t load scripts',
  loadFailedHint: 'Check your internet connection and try again.',
  retry: 'Try again',
  loadMore: 'Load more',
} satisfies Shape<typeof spec.catalogue>;

/**
 * /scripts' own texts, wholly English (`/en/scripts`).
 * Written here: only what differs from the specification's English (its Russian texts, plurals, sentence case).
 */
const scriptsPage = {
  ...spec.scriptsPage,
  heading: 'Latest Roblox scripts',
} satisfies Shape<typeof spec.scriptsPage>;

export const en = { ...spec, catalogue, scriptsPage } satisfies Shape<typeof spec>;
