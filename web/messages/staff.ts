import { admin } from './admin.ts';
import { messages as publicMessages } from './index.ts';
import { moderator } from './moderator.ts';

/** The public strings plus the panels' own; imported only by the staff features (code-split away). */
export const messages = { ...publicMessages, admin, moderator } as const;
