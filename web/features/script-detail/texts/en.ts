import type { Shape } from '../../../lib/shape.ts';
import { spec } from './spec.ts';

/**
 * The script page's strings, wholly English (`/en/…`).
 * Written here: only what differs from the specification's English (its Russian texts, plurals, sentence case).
 */
const detail = {
  ...spec.detail,
  views: '{n, plural, one {# view} other {# views}}',
  noDescription: 'No description',
  failed: {
    ...spec.detail.failed,
    text: 'The script could not be loaded',
  },
} satisfies Shape<typeof spec.detail>;

export const en = { ...spec, detail } satisfies Shape<typeof spec>;
