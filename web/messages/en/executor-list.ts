import type { executorList as spec } from '../executor-list.ts';
import type { Shape } from '../shape.ts';

/** /executors' own strings, wholly English (`/en/…`). */
export const executorList = {
  heading: 'Roblox Executors',
  intro: 'The executors our scripts run on, working ones first: their status today, the devices they run on, their version and price. Open one to see the scripts that work on it.',
  listLabel: 'Executors',
  empty: 'No executors yet',
  emptyHint: 'Executors appear here once they are added to the catalogue.',
  lastChecked: 'List last checked',
} as const satisfies Shape<typeof spec>;
