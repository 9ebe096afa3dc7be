import type { Shape } from '../../../lib/shape.ts';
import { spec } from './spec.ts';

/**
 * The /subscribe page, wholly English (`/en/…`).
 * Written here: only what differs from the specification's English (its Russian texts, plurals, sentence case).
 */
const subscribe = {
  ...spec.subscribe,
  progress: '{joined} of {total, plural, one {# channel} other {# channels}} joined',
} satisfies Shape<typeof spec.subscribe>;

export const en = { ...spec, subscribe } satisfies Shape<typeof spec>;
