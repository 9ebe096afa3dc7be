import type { Shape } from '../shape.ts';
import { scriptsPage as spec } from '../scripts-page.ts';

/**
 * /scripts' own texts, wholly English (`/en/scripts`).
 * Written here: only what differs from the specification's English (its Russian texts, plurals, sentence case).
 */
export const scriptsPage = {
  ...spec,
  heading: 'Latest Roblox scripts',
} satisfies Shape<typeof spec>;
