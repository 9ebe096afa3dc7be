/** The per-script subscription gate (docs/product.md#per-script-gate); the /subscribe page's own texts are in subscribe.ts. */
export const subscriptions = {
  /** The gated area's placeholder; the gate's own texts load with it (channel-gate.ts). */
  gate: {
    checking: 'Checking your subscriptions…',
  },
  /** Screen-reader suffix for links and buttons that open a new tab. */
  newTab: '(opens in a new tab)',
} as const;
