import type { Shape } from '../shape.ts';
import type { votes as spec } from '../votes.ts';

/** What a vote that was not taken says, wholly English (`/en/…`). */
export const votes = {
  failed: 'Your vote was not saved. Try again.',
  limited: 'Too many votes for now. Try again later.',
  browsersOnly: 'Votes are taken from browsers only.',
} as const satisfies Shape<typeof spec>;
