import { admin } from './admin.ts';
import { catalogue } from './catalogue.ts';
import { common } from './common.ts';
import { detail } from './detail.ts';
import { moderator } from './moderator.ts';
import { subscriptions } from './subscriptions.ts';

/** The public strings plus the panels' own; imported only by the staff features (code-split away). */
export const messages = { ...common, catalogue, detail, subscriptions, admin, moderator } as const;
