import type { Shape } from '../shape.ts';
import type { scriptsPage as spec } from '../scripts-page.ts';

/** /scripts' own texts, wholly English (`/en/scripts`). */
export const scriptsPage = {
  heading: 'Latest Roblox scripts',
  intro: 'Fresh auto-farms, loaders and game scripts, newest first. Open a script to copy its loader.',
  resultsFor: 'Results for “{q}”',
  count: '{n, plural, one {# script} other {# scripts}}',
  meta: {
    description:
      'Browse the latest Roblox scripts: auto-farms, loaders and game cheats, checked and updated daily. Open a script and copy its loader in one click.',
    searchDescription: 'Roblox scripts matching “{q}”: auto-farms, loaders and game cheats. Copy a loader in one click.',
  },
} as const satisfies Shape<typeof spec>;
