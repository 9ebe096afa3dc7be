import type { Shape } from '../shape.ts';
import { detail as spec } from '../detail.ts';

// The server's own texts of the page (facts, FAQ, head texts, history) are English already.
export { detailMeta, footerTexts, historyTexts } from '../detail.ts';

/**
 * The script page's strings, wholly English (`/en/…`).
 * Written here: only what differs from the specification's English (its Russian texts, plurals, sentence case).
 */
export const detail = {
  ...spec,
  views: '{n, plural, one {# view} other {# views}}',
  noDescription: 'No description',
  failed: {
    ...spec.failed,
    text: 'The script could not be loaded',
  },
} satisfies Shape<typeof spec>;
