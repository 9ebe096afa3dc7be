/** /executors' own strings (docs/product.md#executors-page); the facts it shows are in executors.ts. */
export const executorList = {
  heading: 'Roblox Executors',
  intro: 'The executors our scripts run on, working ones first: their status today, the devices they run on, their version and price. Open one to see the scripts that work on it.',
  listLabel: 'Executors',
  empty: 'No executors yet',
  emptyHint: 'Executors appear here once they are added to the catalogue.',
  /** Followed by a <time>: "List last checked 2 hours ago". */
  lastChecked: 'List last checked',
} as const;
