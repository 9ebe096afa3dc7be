import type { Shape } from '../../../lib/shape.ts';
import { spec } from './spec.ts';

/**
 * The shared shell's strings, wholly English (`/en/…`).
 * Written here: only what differs from the specification's English (its Russian texts, plurals, sentence case).
 */
const common = {
  ...spec.common,
  script: {
    ...spec.common.script,
    noImage: 'No image',
    views: '{n, plural, one {# view} other {# views}}',
  },
  notFound: {
    ...spec.common.notFound,
    home: 'Back to home',
  },
  error: {
    ...spec.common.error,
    home: 'Back to home',
  },
} satisfies Shape<typeof spec.common>;

export const en = { ...spec, common } satisfies Shape<typeof spec>;
