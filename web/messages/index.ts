import { catalogue } from './catalogue.ts';
import { common } from './common.ts';
import { detail } from './detail.ts';
import { subscriptions } from './subscriptions.ts';

/**
 * Every user-visible string of the public pages, SPEC.md's exact texts (its mix of Russian and English
 * included), one file per area. The panels' strings are in staff.ts, so public pages never ship them.
 * Marketing copy lives in web/content/. A translation is a new set of these files.
 */
export const messages = { ...common, catalogue, detail, subscriptions } as const;
