import type { Shape } from '../shape.ts';
import type { loaderUpdates as specLoaderUpdates, scriptFeed as specScriptFeed } from '../updates.ts';

/** Loader updates, wholly English (`/en/…`): the cards' and script page's line, and the script's feed. */
export const loaderUpdates = {
  updated: 'Loader updated',
  ago: '{days, plural, =0 {today} =1 {yesterday} other {# days ago}}',
  addedHigh: 'Update added a high-risk finding',
} as const satisfies Shape<typeof specLoaderUpdates>;

export const scriptFeed = {
  title: (name: string) => `${name}: loader updates`,
  entryTitle: (version: number) => `Version ${version}`,
  noChanges: 'No change in what the loader does',
} as const satisfies Shape<typeof specScriptFeed>;
