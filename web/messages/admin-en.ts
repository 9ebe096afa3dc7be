import { admin, type AdminMessages } from './admin.ts';

/**
 * The admin panel chosen in English: the specification's texts (admin.ts), but wholly English where
 * the specification shows Russian (the missing token, the way back to the site).
 */
export const adminEn = {
  ...admin,
  login: { ...admin.login, noToken: 'No token received', backToSite: 'Back to the site' },
} as const satisfies AdminMessages;
