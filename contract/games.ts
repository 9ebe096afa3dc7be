import { z } from 'zod';
import { filterDeclaration } from './catalogue-filters.ts';
import { GAME_LIMITS } from './constants.ts';
import { withoutControls } from './text.ts';

/** A game's slug: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug as a parameter names it (`name`), under its rule (contract/catalogue-filters.ts declares the filters' rules). */
export function slugParamSchema(name: string, rule: { noun: string; maxLength: number }) {
  return z
    .string()
    .max(rule.maxLength, `${name} must be at most ${rule.maxLength} characters`)
    .regex(SLUG_PATTERN, `${name} must be ${rule.noun} (lower-case letters, digits and hyphens)`);
}

/** A game's slug, as paths, filters and the forms name it: the game filter's rule. */
export const gameSlugSchema = slugParamSchema('game', filterDeclaration('game').slug);

/** The game a script is for, as scripts carry it. */
export const gameRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).meta({ id: 'GameRef' });
export type GameRef = z.infer<typeof gameRefSchema>;

/** GET /api/games: a game, its icon and how many public scripts it has. */
export const gameSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    placeId: z.string().nullable().describe('Roblox place id (digits), or null'),
    icon: z.string().nullable().describe('Path of the icon image, or null'),
    scripts: z.number().int().describe('How many public scripts are for this game'),
  })
  .meta({ id: 'Game' });
export type Game = z.infer<typeof gameSchema>;

export const gameListSchema = z.array(gameSchema);

/** A game's name as staff type it (the games section, or the script form's Game field). */
export const gameNameSchema = withoutControls(
  z
    .string({ error: (issue) => (issue.input === undefined ? 'Name is required' : undefined) })
    .trim()
    .min(1, 'Name is required')
    .max(GAME_LIMITS.nameMax, `Name must be at most ${GAME_LIMITS.nameMax} characters`),
  'Name',
);

/** Roblox place ids are decimal digits; blank means none. */
export const placeIdSchema = z
  .string()
  .trim()
  .regex(/^(?:[1-9]\d{0,19})?$/, 'Place id must be digits')
  .transform((value) => (value === '' ? null : value));

/** POST /api/games and PATCH /api/games/{id} as JSON (the icon comes only as multipart). */
export const gameCreateJsonSchema = z.object({ name: gameNameSchema, placeId: placeIdSchema.optional() });
export const gameEditJsonSchema = gameCreateJsonSchema.partial();
/** The same as multipart/form-data, with the icon: left out keeps it; `removeIcon=true` drops it. */
export const gameCreateMultipartSchema = gameCreateJsonSchema.extend({ icon: z.file().optional().describe('JPEG, PNG, WebP, GIF or AVIF, checked by its bytes') });
export const gameEditMultipartSchema = gameCreateMultipartSchema.partial().extend({ removeIcon: z.enum(['true', 'false']).optional() });

// The slug rules live in a module without zod, so the public pages can build script links without
// shipping the schema library (docs/decisions/0016-script-urls-and-filters-in-the-url.md#script-urls); re-exported here for the server.
export { scriptPath, slugOf } from './slugs.ts';
