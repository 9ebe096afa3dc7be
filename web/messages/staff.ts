import { admin } from './admin.ts';
import { adminEn } from './admin-en.ts';
import { adminRu } from './admin-ru.ts';
import { moderator } from './moderator.ts';
import { moderatorEn } from './moderator-en.ts';
import { moderatorRu } from './moderator-ru.ts';
import { staffEn } from './staff-en.ts';
import { staffRu } from './staff-ru.ts';
import { subscriptions } from './subscriptions.ts';

/**
 * The panels' strings, with the one public area they show (a link's "opens in a new tab" note);
 * imported only by the staff features (code-split away). The other public areas stay out, so no
 * public page's texts are shared with the panels' chunks.
 */
export const messages = { subscriptions, admin, moderator } as const;

/**
 * Each panel's messages in its three readings (issue 29): the specification's (no language chosen),
 * English and Russian. One shape per panel (admin.ts', moderator.ts'), so a key one lacks fails typecheck.
 */
export const panelMessages = {
  admin: { spec: admin, en: adminEn, ru: adminRu },
  moderator: { spec: moderator, en: moderatorEn, ru: moderatorRu },
  staff: { en: staffEn, ru: staffRu },
} as const;
