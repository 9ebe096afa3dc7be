import type { Shape } from '../shape.ts';
import type { subscriptions as spec } from '../subscriptions.ts';

/** The per-script gate's placeholder and the new-tab note, wholly English (`/en/…`). */
export const subscriptions = {
  gate: {
    checking: 'Checking your subscriptions…',
  },
  newTab: '(opens in a new tab)',
} as const satisfies Shape<typeof spec>;
