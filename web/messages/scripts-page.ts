/**
 * /scripts' own texts (docs/product.md#catalogue-page): its heading and head tags, apart from the
 * lists' texts in catalogue.ts so a game's or an executor's page does not ship them.
 */
export const scriptsPage = {
  heading: 'Latest Roblox Scripts',
  intro: 'Fresh auto-farms, loaders and game scripts, newest first. Open a script to copy its loader.',
  resultsFor: 'Results for “{q}”',
  /** `n`: how many scripts match, its number written as the reading writes numbers. */
  count: '{n, plural, one {# script} other {# scripts}}',
  meta: {
    description:
      'Browse the latest Roblox scripts: auto-farms, loaders and game cheats, checked and updated daily. Open a script and copy its loader in one click.',
    searchDescription: 'Roblox scripts matching “{q}”: auto-farms, loaders and game cheats. Copy a loader in one click.',
  },
} as const;
