import { admin } from './admin.ts';
import { moderator } from './moderator.ts';
import { subscriptions } from './subscriptions.ts';

/**
 * The panels' strings, with the one public area they show (a link's "opens in a new tab" note);
 * imported only by the staff features (code-split away). The other public areas stay out, so no
 * public page's texts are shared with the panels' chunks.
 */
export const messages = { subscriptions, admin, moderator } as const;
