import type { Shape } from '../shape.ts';
import { subscribe as spec } from '../subscribe.ts';

/**
 * The /subscribe page, wholly English (`/en/…`).
 * Written here: only what differs from the specification's English (its Russian texts, plurals, sentence case).
 */
export const subscribe = {
  ...spec,
  progress: '{joined} of {total, plural, one {# channel} other {# channels}} joined',
} satisfies Shape<typeof spec>;
