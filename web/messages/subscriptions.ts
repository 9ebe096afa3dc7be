/** The per-script subscription gate and the /subscribe page (docs/product.md#per-script-gate, docs/product.md#subscribe-page). */
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
  page: {
    title: 'Join Our Telegram Channels',
    intro: 'Join each channel below, then press Continue.',
    metaDescription: 'Join our Telegram channels to continue.',
    join: 'Join',
    joined: 'Joined',
    continue: 'Continue',
    empty: 'There are no channels to join right now.',
    progress: (joined: number, total: number) => `${joined} of ${total} channels joined`,
    allJoined: 'All channels joined. Press Continue.',
    channelsLabel: 'Channels',
  },
  /** Screen-reader suffix for links and buttons that open a new tab. */
  newTab: '(opens in a new tab)',
} as const;
