import { admin } from './admin.ts';
import { catalogue } from './catalogue.ts';
import { common } from './common.ts';
import { detail } from './detail.ts';
import { moderator } from './moderator.ts';
import { subscriptions } from './subscriptions.ts';

/**
 * Every user-visible UI string, SPEC.md's exact texts (its mix of Russian and English included),
 * one file per area. Marketing copy lives in web/content/. A translation is a new set of these files.
 */
export const messages = { ...common, admin, catalogue, detail, moderator, subscriptions } as const;
