import type { Shape } from '../../messages/shape.ts';
import type { legalCommon as spec } from '../legal.ts';

/** The legal pages' shared strings, wholly English (`/en/…`). */
export const legalCommon = {
  lastUpdated: 'Last updated',
  onThisPage: 'On this page',
  backToTop: 'Back to top',
} as const satisfies Shape<typeof spec>;
