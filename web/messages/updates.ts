/**
 * Loader updates (issue 28): the line cards and the script page show after a recent update
 * (docs/product.md#script-badges), and the script's Atom feed (docs/product.md#feeds). Two objects, so
 * a card's code carries only its own texts.
 */
export const loaderUpdates = {
  updated: 'Loader updated',
  /** `days`: calendar days in the site's time zone, never below 0 (docs/decisions/0044-loader-versions.md). */
  ago: '{days, plural, =0 {today} =1 {yesterday} other {# days ago}}',
  addedHigh: 'Update added a high-risk finding',
} as const;

/** Server-only (SERVER_ONLY_AREAS): it never travels to the browser, so it keeps functions. */
export const scriptFeed = {
  title: (name: string) => `${name}: loader updates`,
  entryTitle: (version: number) => `Version ${version}`,
  /** An update whose analysis found nothing new and nothing gone. */
  noChanges: 'No change in what the loader does',
} as const;
