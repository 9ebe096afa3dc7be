import type { Shape } from '../shape.ts';
import { catalogue as spec } from '../catalogue.ts';

/**
 * The lists' and cards' texts, wholly English (`/en/…`).
 * Written here: only what differs from the specification's English (its Russian texts, plurals, sentence case).
 */
export const catalogue = {
  ...spec,
  noDescription: 'No description',
  getScript: 'Get script',
  empty: 'No scripts found',
  loadFailed: 'Couldn’t load scripts',
  loadFailedHint: 'Check your internet connection and try again.',
  retry: 'Try again',
  loadMore: 'Load more',
} satisfies Shape<typeof spec>;
