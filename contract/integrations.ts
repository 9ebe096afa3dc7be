import { z } from 'zod';
import { catalogueFilterSchema, searchTextSchema, wholeNumber } from './scripts.ts';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from './constants.ts';
import { EXECUTOR_STATUSES, PLATFORMS } from './platforms.ts';

/**
 * The integrator API, `/api/v1` (issue 38, docs/decisions/0062-integrator-api.md): a stable shape for
 * in-game script hubs, bots and other sites. Its fields never change meaning or type and are never
 * removed; new ones may be added (tests/api/v1-contract.test.ts pins them against the snapshot in
 * tests/api/v1-contract.snapshot.json). Its schemas are its own, not the pages' API's, so a change
 * there never reaches an integrator.
 */

/** `limit` of GET /api/v1/scripts. */
export const V1_LIMITS = { min: 1, max: 50, default: 20 } as const;

/** A cursor is a short base64url text; anything longer or of other characters was never one. */
const CURSOR_MAX_LENGTH = 400;

const platformList = z.array(z.enum(PLATFORMS)).describe('Platforms on which it has an executor staff tested it with, or one with more yes than no answers of the last 30 days');

/** A Roblox place id as a parameter: decimal digits, no leading zero. */
export const placeIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,19}$/, 'placeId must be a Roblox place id (digits)')
  .describe('A Roblox place id (game.PlaceId): only scripts for the game that has it; an empty list when no game has it');

export const v1GameRefSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    placeId: z.string().nullable().describe('Its Roblox place id (digits), or null'),
  })
  .meta({ id: 'V1GameRef' });

export const v1ScriptSchema = z
  .object({
    id: z.number().int(),
    slug: z.string().describe('The slug of its page address'),
    title: z.string(),
    description: z.string(),
    game: v1GameRefSchema.nullable().describe('The game it is for, or null (a universal script has none)'),
    universal: z.boolean().describe('Works in any game'),
    keySystem: z.boolean().describe('Asks for a key before it runs'),
    keyLink: z.string().nullable().describe('The key page (https:), or null'),
    patched: z.boolean().describe('Known to no longer work'),
    verified: z.boolean().describe("Checked by the site's admin"),
    gated: z.boolean().describe("Its provider asks players to join channels first: its loader is only on its page (url), never here or at /raw"),
    platforms: platformList,
    createdAt: z.string().describe('ISO 8601'),
    updatedAt: z.string().describe('ISO 8601: its last change'),
    version: z.number().int().describe("The loader's version: 1 when created, one more for each save that changed the loader"),
    views: z.number().int(),
    likes: z.number().int(),
    dislikes: z.number().int(),
    worksYes: z.number().int().describe('Visitors who say it works'),
    worksNo: z.number().int().describe('Visitors who say it does not'),
    runs30d: z.number().int().describe('Runs of the last 30 days: fetches of rawUrl, one per address a day (0 when nobody ran it; new runs reach answers within a minute)'),
    url: z.string().describe('The absolute address of its page'),
    rawUrl: z.string().nullable().describe('The absolute address that answers its current loader as text (always the latest version); null when gated'),
    loader: z.string().nullable().describe('Its current loader (Luau); null when gated'),
  })
  .meta({ id: 'V1Script' });
export type V1Script = z.infer<typeof v1ScriptSchema>;

export const v1CompatibilitySchema = z
  .object({
    executor: z.string().describe("The executor's slug"),
    name: z.string(),
    platforms: z.array(z.enum(PLATFORMS)),
    status: z.enum(EXECUTOR_STATUSES),
    tested: z.boolean().describe('Staff tested the script with it'),
    worksYes: z.number().int().describe('Visitors who said it works on this executor, last 30 days'),
    worksNo: z.number().int().describe('Visitors who said it does not, last 30 days'),
  })
  .meta({ id: 'V1Compatibility' });

export const v1ScriptDetailSchema = v1ScriptSchema
  .extend({ compatibility: z.array(v1CompatibilitySchema).describe('One row per executor with any data, working executors first, then by name') })
  .meta({ id: 'V1ScriptDetail' });
export type V1ScriptDetail = z.infer<typeof v1ScriptDetailSchema>;

export const v1ScriptPageSchema = z
  .object({
    scripts: z.array(v1ScriptSchema),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
  })
  .meta({ id: 'V1ScriptPage' });
export type V1ScriptPage = z.infer<typeof v1ScriptPageSchema>;

export const v1GameSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    placeId: z.string().nullable().describe('Its Roblox place id (digits), or null'),
    icon: z.string().nullable().describe('The absolute address of its icon, or null'),
    scripts: z.number().int().describe('How many public scripts are for it'),
  })
  .meta({ id: 'V1Game' });
export type V1Game = z.infer<typeof v1GameSchema>;
export const v1GameListSchema = z.object({ games: z.array(v1GameSchema) }).meta({ id: 'V1GameList' });
export type V1GameList = z.infer<typeof v1GameListSchema>;

export const v1ExecutorSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    platforms: z.array(z.enum(PLATFORMS)).describe('The devices it runs on'),
    status: z.enum(EXECUTOR_STATUSES).describe('working; updating (after a Roblox update, not yet back); patched; discontinued'),
    version: z.string().nullable(),
    website: z.string().nullable().describe('Its site (https:), or null'),
    free: z.boolean(),
    updatedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'V1Executor' });
export type V1Executor = z.infer<typeof v1ExecutorSchema>;
export const v1ExecutorListSchema = z.object({ executors: z.array(v1ExecutorSchema) }).meta({ id: 'V1ExecutorList' });
export type V1ExecutorList = z.infer<typeof v1ExecutorListSchema>;

/** An instant a client last synced at: ISO 8601 with a zone (Z or ±hh:mm), as the API's own dates are written. */
const updatedSinceSchema = z
  .string()
  .max(40, 'updatedSince must be an ISO 8601 date and time with a zone (2026-01-31T12:00:00Z)')
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/, 'updatedSince must be an ISO 8601 date and time with a zone (2026-01-31T12:00:00Z)')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'updatedSince must be an ISO 8601 date and time with a zone (2026-01-31T12:00:00Z)')
  // One spelling per instant: the stored dates' (milliseconds, UTC), which SQLite compares as text;
  // before 1970 is everything (PostgreSQL has no year 0), and no instant passes the year 9999.
  .transform((value) => new Date(Math.min(Math.max(0, Date.parse(value)), Date.UTC(9999, 11, 31, 23, 59, 59, 999))).toISOString());

/** GET /api/v1/scripts: every catalogue filter (contract/catalogue-filters.ts) and sort, and the API's own parameters. */
export const v1ScriptsQuerySchema = catalogueFilterSchema.extend({
  q: searchTextSchema.describe(`Words to find in the title or description, in any order; at most ${SEARCH_MAX_WORDS} words, ${SEARCH_MAX_LENGTH} characters`),
  placeId: placeIdParamSchema.optional(),
  limit: wholeNumber('limit', V1_LIMITS.min, V1_LIMITS.max).default(V1_LIMITS.default).describe(`Scripts per page, ${V1_LIMITS.min} to ${V1_LIMITS.max} (default ${V1_LIMITS.default})`),
  cursor: z
    .string()
    .max(CURSOR_MAX_LENGTH, 'cursor must be a nextCursor this API gave')
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor must be a nextCursor this API gave')
    .optional()
    .describe('The nextCursor of the previous page, with the same other parameters. Pages follow the order, never an offset: a script added or changed between two pages never repeats or shifts another'),
  updatedSince: updatedSinceSchema
    .optional()
    .describe('ISO 8601: only scripts changed after it, oldest change first (the order is fixed: not with sort or q), to sync a copy. A script that changes again while you page comes again later. Hidden and deleted scripts are simply absent'),
});
export type V1ScriptsQuery = z.infer<typeof v1ScriptsQuerySchema>;

export const v1GamesQuerySchema = z.object({ placeId: placeIdParamSchema.optional().describe('Only the game that has this Roblox place id') });
