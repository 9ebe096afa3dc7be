/** The per-script subscription gate (docs/product.md#per-script-gate); the /subscribe page's own texts are `subscribe`. */
const subscriptions = {
  /** The gated area's placeholder; the gate's own texts load with it (`channelGate`). */
  gate: {
    checking: 'Checking your subscriptions…',
  },
  /** Screen-reader suffix for links and buttons that open a new tab. */
  newTab: '(opens in a new tab)',
} as const;

/**
 * The per-script gate's channel list (docs/product.md#per-script-gate): only ChannelGate shows them,
 * so they load with its chunk; the placeholder's text and the new-tab note are `subscriptions`.
 */
const channelGate = {
  title: 'Subscription required',
  intro: 'Subscribe to the channels below to unlock this script.',
  subscribe: 'Subscribe',
  subscribed: 'Subscribed',
  continue: 'Continue',
  completed: 'Channel subscription completed',
  /** `{done}`, `{total}`: raw numbers, as the specification writes them. */
  progress: '{done} of {total} channels done',
  allDone: 'All channels done. Press Continue to open the script.',
  channelsLabel: 'Required channels',
} as const;

/** The /subscribe page (docs/product.md#subscribe-page); a file of its own, so the script page's gate does not ship it. */
const subscribe = {
  title: 'Join Our Telegram Channels',
  intro: 'Join each channel below, then press Continue.',
  metaDescription: 'Join our Telegram channels to continue.',
  join: 'Join',
  joined: 'Joined',
  continue: 'Continue',
  empty: 'There are no channels to join right now.',
  /** `{total}` is a number (a language's plural counts it); the specification's reading is given it as written, `5`. */
  progress: '{joined} of {total} channels joined',
  allJoined: 'All channels joined. Press Continue.',
  channelsLabel: 'Channels',
} as const;

export const spec = { subscriptions, channelGate, subscribe };
