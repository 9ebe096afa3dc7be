import { z } from 'zod';
import { GAME_LIMITS } from './constants.ts';
import { withoutControls } from './text.ts';

/** A game's slug: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const gameSlugSchema = z
  .string()
  .max(GAME_LIMITS.slugMax, `game must be at most ${GAME_LIMITS.slugMax} characters`)
  .regex(SLUG_PATTERN, 'game must be a game slug (lower-case letters, digits and hyphens)');

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

/**
 * A URL slug for a name: ASCII letters and digits in hyphenated words (Cyrillic transliterated),
 * at most `max` characters; empty when nothing is left.
 */
export function slugOf(name: string, max: number = GAME_LIMITS.slugMax): string {
  const latin = transliterate(name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase());
  const slug = latin.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, max).replace(/-+$/, '');
}

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p',
  р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

function transliterate(text: string): string {
  return text.replace(/[а-яё]/g, (letter) => CYRILLIC[letter] ?? '');
}

/** A script's URL: /scripts/{id}-{slug}, or /scripts/{id} when its name leaves no slug. */
export function scriptPath(script: { id: number; playsname: string }): string {
  const slug = slugOf(script.playsname, 60);
  return slug ? `/scripts/${script.id}-${slug}` : `/scripts/${script.id}`;
}
