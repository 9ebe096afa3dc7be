/** /executors/{slug}'s own strings (docs/product.md#executor-page); the facts it shows are in executors.ts. */
export const executorPage = {
  allExecutors: 'All executors',
  website: '{name} website',
  intro: 'Roblox scripts that work on {name}: tested by our staff, or reported working by more visitors than not in the last 30 days.',
  scriptCount: '{n, plural, one {# script works} other {# scripts work}} on it',
  testedCount: '{n} tested by staff',
  noScripts: 'No script is known to work on {name} yet',
  noScriptsHint: 'Scripts appear here once staff test them with it or visitors say they work on it.',
  notFound: {
    title: 'Executor not found',
    text: 'There is no executor at this address.',
    back: 'All executors',
  },
} as const;
