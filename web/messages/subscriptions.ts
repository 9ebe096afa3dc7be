/** The per-script subscription gate (docs/product.md#per-script-gate); the /subscribe page's own texts are in subscribe.ts. */
export const subscriptions = {
  gate: {
    title: 'Subscription required',
    intro: 'Subscribe to the channels below to unlock this script.',
    subscribe: 'Subscribe',
    subscribed: 'Subscribed',
    continue: 'Continue',
    completed: 'Channel subscription completed',
    checking: 'Checking your subscriptions…',
    progress: (done: number, total: number) => `${done} of ${total} channels done`,
    allDone: 'All channels done. Press Continue to open the script.',
    channelsLabel: 'Required channels',
  },
  /** Screen-reader suffix for links and buttons that open a new tab. */
  newTab: '(opens in a new tab)',
} as const;
