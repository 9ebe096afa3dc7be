import type { Shape } from '../shape.ts';
import type { channelGate as spec } from '../channel-gate.ts';

/** The per-script gate's channel list, wholly English (`/en/…`). */
export const channelGate = {
  title: 'Subscription required',
  intro: 'Subscribe to the channels below to unlock this script.',
  subscribe: 'Subscribe',
  subscribed: 'Subscribed',
  continue: 'Continue',
  completed: 'Channel subscription completed',
  progress: '{done} of {total} channels done',
  allDone: 'All channels done. Press Continue to open the script.',
  channelsLabel: 'Required channels',
} as const satisfies Shape<typeof spec>;
