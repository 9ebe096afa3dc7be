import type { Shape } from '../shape.ts';
import type { subscribe as spec } from '../subscribe.ts';

/** The /subscribe page, wholly English (`/en/…`). */
export const subscribe = {
  title: 'Join Our Telegram Channels',
  intro: 'Join each channel below, then press Continue.',
  metaDescription: 'Join our Telegram channels to continue.',
  join: 'Join',
  joined: 'Joined',
  continue: 'Continue',
  empty: 'There are no channels to join right now.',
  progress: '{joined} of {total, plural, one {# channel} other {# channels}} joined',
  allJoined: 'All channels joined. Press Continue.',
  channelsLabel: 'Channels',
} as const satisfies Shape<typeof spec>;
