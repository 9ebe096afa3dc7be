import type { Shape } from '../shape.ts';
import { common as spec } from '../common.ts';

/**
 * The shared shell's strings, wholly English (`/en/…`).
 * Written here: only what differs from the specification's English (its Russian texts, plurals, sentence case).
 */
export const common = {
  ...spec,
  script: {
    ...spec.script,
    noImage: 'No image',
    views: '{n, plural, one {# view} other {# views}}',
  },
  notFound: {
    ...spec.notFound,
    home: 'Back to home',
  },
  error: {
    ...spec.error,
    home: 'Back to home',
  },
} satisfies Shape<typeof spec>;
