/** The /subscribe page (docs/product.md#subscribe-page); a file of its own, so the script page's gate does not ship it. */
export const subscribe = {
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
