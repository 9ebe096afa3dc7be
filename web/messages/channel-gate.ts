/**
 * The per-script gate's channel list (docs/product.md#per-script-gate): only ChannelGate shows them,
 * so they load with its chunk; the placeholder's text and the new-tab note are in subscriptions.ts.
 */
export const channelGate = {
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
