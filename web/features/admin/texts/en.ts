import { type AdminMessages, spec } from './spec.ts';

/**
 * The admin panel chosen in English: the specification's texts (spec.ts), but wholly English where
 * the specification shows Russian (the missing token, the way back to the site).
 */
export const en = {
  ...spec,
  login: { ...spec.login, noToken: 'No token received', backToSite: 'Back to the site' },
} as const satisfies AdminMessages;
