import type { favourites as spec } from '../favourites.ts';
import type { Shape } from '../shape.ts';

/** /favourites' texts, wholly English (`/en/…`). */
export const favourites = {
  title: 'Favourites',
  intro: 'Scripts you starred, kept in this browser only.',
  updated: 'Updated since you last looked',
  history: 'See what changed',
  empty: 'No favourites yet',
  emptyHint: 'Star a script (☆ on its card or page) to keep it here and see when its loader changes.',
  blocked: 'This browser does not let the site keep favourites (storage is blocked or in private mode).',
  loading: 'Loading your favourites…',
  failed: 'Could not load your favourites. Try again later.',
} as const satisfies Shape<typeof spec>;
