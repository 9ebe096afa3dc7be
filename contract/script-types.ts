import { z } from 'zod';
import { SCRIPT_TYPE_LIMITS } from './constants.ts';
import { filterDeclaration } from './catalogue-filters.ts';
import { slugParamSchema } from './games.ts';
import { withoutControls } from './text.ts';

/** A script type's slug, as paths, the `type` filter and the script form name it. */
export const scriptTypeSlugSchema = slugParamSchema('type', filterDeclaration('type').slug);

/** GET /api/types: one script type, named in each reading (docs/decisions/0063-script-types.md). */
export const scriptTypeSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string().describe("Its name in the specification's reading (the unprefixed pages)"),
    nameEn: z.string().describe('Its name on the /en pages'),
    nameRu: z.string().describe('Its name on the /ru pages'),
    position: z.number().int().describe('Its place in the list: lower first, then by name'),
  })
  .meta({ id: 'ScriptType' });
export type ScriptType = z.infer<typeof scriptTypeSchema>;

export const scriptTypeListSchema = z.array(scriptTypeSchema);

/** GET /api/types/{slug}: the type and how many public scripts have it. */
export const scriptTypeDetailSchema = scriptTypeSchema
  .extend({ scripts: z.number().int().describe('Public scripts of this type') })
  .meta({ id: 'ScriptTypeDetail' });
export type ScriptTypeDetail = z.infer<typeof scriptTypeDetailSchema>;

export const scriptTypeSlugParamsSchema = z.object({ slug: scriptTypeSlugSchema });

const nameOf = (label: string) =>
  withoutControls(
    z
      .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : undefined) })
      .trim()
      .min(1, `${label} is required`)
      .max(SCRIPT_TYPE_LIMITS.nameMax, `${label} must be at most ${SCRIPT_TYPE_LIMITS.nameMax} characters`),
    label,
  );

/** POST /api/types (admin): the slug comes from the name when left out, the English name is the name's. */
export const scriptTypeCreateSchema = z
  .strictObject({
    name: nameOf('Name'),
    nameEn: nameOf('English name').optional().describe('Left out: the name'),
    nameRu: nameOf('Russian name'),
    slug: scriptTypeSlugSchema.optional().describe('Left out: made from the name'),
    position: z.number().int().min(0).max(10_000).optional().describe('Left out: after the others'),
  })
  .meta({ id: 'ScriptTypeCreate' });
export type ScriptTypeInput = z.output<typeof scriptTypeCreateSchema>;

/** PATCH /api/types/{id} (admin): any field left out keeps its value. */
export const scriptTypeEditSchema = scriptTypeCreateSchema.partial();
export type ScriptTypePatch = z.output<typeof scriptTypeEditSchema>;

/**
 * A script's types in the staff forms: slugs, a repeated one counted once, at most
 * SCRIPT_TYPE_LIMITS.perScript (a sixth is a 400 and nothing is saved).
 */
export const scriptTypesFieldSchema = z
  .array(scriptTypeSlugSchema, { error: 'types must be a list of script type slugs' })
  .transform((slugs) => [...new Set(slugs)])
  .refine((slugs) => slugs.length <= SCRIPT_TYPE_LIMITS.perScript, `At most ${SCRIPT_TYPE_LIMITS.perScript} types`);

export const SCRIPT_TYPES_TEXT = `The script's types, by slug (GET /api/types), in the order shown; at most ${SCRIPT_TYPE_LIMITS.perScript}, a repeated one counted once; a slug no type has is a 400 naming it`;
