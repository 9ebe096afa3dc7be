import { z } from 'zod';
import { CATALOGUE_FIRST_PAGE, CATALOGUE_MAX_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS, SEARCH_TOTAL_CAP } from './constants.ts';
import { SCRIPT_SORTS } from './catalogue-params.ts';
import { FILTER_DECLARATIONS, type FilterDeclaration, type FilterName, type FilterValue } from './catalogue-filters.ts';
import { gameRefSchema, slugParamSchema } from './games.ts';
import { PLATFORMS } from './platforms.ts';
import { SINGLE_LINE } from './text.ts';

export const channelSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
  })
  .meta({ id: 'Channel' });
export type Channel = z.infer<typeof channelSchema>;

/** Public script shape (docs/product.md#script-shape); imageCard is an additive smaller rendition. */
export const publicScriptSchema = z
  .object({
    id: z.number().int(),
    playsname: z.string(),
    description: z.string(),
    loadstring: z.string(),
    image: z.string().nullable().describe('Path of the detail-size image, or null'),
    imageCard: z.string().nullable().describe('Path of the card-size image, or null'),
    createdAt: z.string().describe('ISO 8601 timestamp'),
    views: z.number().int(),
    game: gameRefSchema.nullable().describe('The game it is for, or null (always null for a universal script)'),
    universal: z.boolean().describe('Works in any game'),
    keySystem: z.boolean().describe('Asks for a key before it runs'),
    keyLink: z.string().nullable().describe('The key page (https:), or null'),
    patched: z.boolean().describe('Known to no longer work'),
    verified: z.boolean().describe('Checked by the site\'s admin'),
    updatedAt: z.string().describe('ISO 8601 timestamp of the last change'),
    loaderWarning: z.boolean().describe('The loader analysis found something of high severity (GET /api/scripts/{id} says what)'),
    likes: z.number().int().describe('Visitors who like it (docs/product.md#votes); counts reach cached answers within a minute'),
    dislikes: z.number().int(),
    worksYes: z.number().int().describe('Visitors who say it works'),
    worksNo: z.number().int().describe('Visitors who say it does not work'),
    mayBePatched: z.boolean().describe('Recent "does not work" votes passed the threshold since staff last checked it'),
    version: z.number().int().describe("The loader's version: 1 when created, one more for each save that changed the loader (GET /api/scripts/{id}/versions)"),
    loaderChangedAt: z.string().nullable().describe('ISO 8601: when a save last changed the loader, or null when it never changed since the script was created'),
    updateAddedHigh: z.boolean().describe('The latest loader update added a finding of high severity'),
    platforms: z
      .array(z.enum(PLATFORMS))
      .describe('Platforms on which it has an executor staff tested it with, or one with more yes than no answers of the last 30 days (docs/decisions/0039-executors-and-compatibility.md)'),
    types: z.array(z.string()).describe("The slugs of its script types (GET /api/types), in the script's order (docs/decisions/0063-script-types.md)"),
  })
  .meta({ id: 'Script' });
export type PublicScript = z.infer<typeof publicScriptSchema>;

/** The moderator list shape (docs/product.md#script-shape), also the admin's: the script, its channels, its tested executors and its owner. */
export const staffScriptSchema = publicScriptSchema
  .extend({
    channels: z.array(channelSchema),
    executors: z.array(z.string()).describe('The slugs of the executors staff tested it with, by executor name (the form\'s `executors`)'),
    ownerModeratorId: z.number().int().nullable().describe('Owning moderator; null when the admin owns it'),
    hidden: z.boolean().describe('Out of every public list, feed and the sitemap; its public page and API answer 404'),
  })
  .meta({ id: 'StaffScript' });
export type StaffScript = z.infer<typeof staffScriptSchema>;

/** A catalogue card as the public pages carry it: no loader text, which only the detail page shows. */
export const scriptCardSchema = publicScriptSchema.omit({ loadstring: true }).meta({ id: 'ScriptCard' });
export type ScriptCard = z.infer<typeof scriptCardSchema>;

export const paginatedScriptsSchema = z
  .object({
    scripts: z.array(publicScriptSchema),
    total: z
      .number()
      .int()
      .describe(`Every script in the catalogue; for a search, its matches counted up to ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} (pages end there too)`),
  })
  .meta({ id: 'ScriptPage' });
export type PaginatedScripts = z.infer<typeof paginatedScriptsSchema>;

/** Blank or whitespace-only search text means no search (docs/product.md#validation). */
export const searchTextSchema = z
  .string()
  .max(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`)
  .trim()
  .regex(SINGLE_LINE, 'q must not contain control characters')
  .refine((value) => value.split(/[\s,;]+/u).filter(Boolean).length <= SEARCH_MAX_WORDS, `q must have at most ${SEARCH_MAX_WORDS} words`)
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * The one rule for numbers in paths and queries: plain decimal digits with no leading zero, so
 * "7" is accepted and "07", "+7", "7.0", "1e1" and " 7" are not (never coerced to another number).
 */
export const CANONICAL_NUMBER = /^(?:0|[1-9]\d{0,11})$/;
export const MAX_ID = 2_147_483_647;

export const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be a whole number` })
    .regex(CANONICAL_NUMBER, `${name} must be a whole number without leading zeros`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

/** The one id rule: a canonical number from 1 to MAX_ID, in a path or anywhere else an id is read. */
export const idSchema = wholeNumber('id', 1, MAX_ID);

/** An id as it appears in a path (the id rule); anything else names nothing. */
export function parseId(raw: string | undefined): number | undefined {
  return raw === undefined ? undefined : idSchema.safeParse(raw).data;
}

export { SCRIPT_SORTS, type ScriptSort } from './catalogue-params.ts';

const flag = (name: string, meaning: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true')
    .optional()
    .describe(meaning);

/** A filter's query parameter as the API (and the pages) read it, by the kind its declaration gives. */
function filterSchema(filter: FilterDeclaration) {
  switch (filter.kind) {
    case 'flag':
      return flag(filter.name, filter.meaning);
    case 'choice':
      return z.enum(filter.choices, { error: `${filter.name} must be one of ${filter.choices.join(', ')}` }).optional().describe(filter.meaning);
    case 'slug':
      return slugParamSchema(filter.name, filter.slug).optional().describe(filter.meaning);
  }
}

/** Each filter of the definition (catalogue-filters.ts), in its order. */
const filterSchemas = Object.fromEntries(FILTER_DECLARATIONS.map((filter) => [filter.name, filterSchema(filter)])) as unknown as {
  [N in FilterName]: z.ZodOptional<z.ZodType<FilterValue<N>, string>>;
};

/** The catalogue's filters and sort, as the API and the /scripts and /games/{slug} pages read them. */
export const catalogueFilterSchema = z.object({
  ...filterSchemas,
  sort: z
    .enum(SCRIPT_SORTS, { error: `sort must be one of ${SCRIPT_SORTS.join(', ')}` })
    .optional()
    .describe(
      'newest (default): newest first; views: most viewed; trending: views of the last 7 days, the views of day d ago (0 = today) times (7 − d); updated: recently changed; rating: the lower bound of the Wilson interval (95%) of likes among likes and dislikes. Ties go to the newer script',
    ),
});
export type CatalogueFilter = z.infer<typeof catalogueFilterSchema>;

/** At most this many ids in one `ids` list (GET /api/scripts/paginated?ids=): a visitor's favourites. */
export const IDS_MAX = 100;

/**
 * `ids`: comma-separated ids (the id rule each), at most IDS_MAX, none repeated, none empty. Anything
 * else is refused rather than folded, so one list has one spelling and one cache key
 * (docs/decisions/0043-favourites-without-an-account.md).
 */
export const idListSchema = z
  .string({ error: 'ids must be comma-separated ids' })
  // Longer than IDS_MAX ten-digit ids with their commas cannot be valid: refused before any split.
  .max(IDS_MAX * 11, `ids must have at most ${IDS_MAX} ids`)
  .transform((value, context) => {
    const items = value.split(',');
    const fail = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (items.length > IDS_MAX) return fail(`ids must have at most ${IDS_MAX} ids`);
    const ids: number[] = [];
    for (const item of items) {
      const id = idSchema.safeParse(item).data;
      if (id === undefined) return fail('ids must be comma-separated ids (whole numbers from 1, without leading zeros)');
      ids.push(id);
    }
    if (new Set(ids).size !== ids.length) return fail('ids must not repeat an id');
    return ids;
  });

export const paginatedQuerySchema = catalogueFilterSchema.extend({
  limit: wholeNumber('limit', 1, CATALOGUE_MAX_LIMIT).default(CATALOGUE_FIRST_PAGE),
  offset: wholeNumber('offset', 0, 10_000_000).default(0),
  q: searchTextSchema.describe(
    `Words to find, in any order, each as a substring of the name or description (case, ё/е folded); at most ${SEARCH_MAX_WORDS} words, ${SEARCH_MAX_LENGTH} characters`,
  ),
  ids: idListSchema
    .optional()
    .describe(
      `Only these scripts, in the order given: comma-separated ids, at most ${IDS_MAX}, none repeated (a favourites list). Hidden, deleted and unknown ids are simply absent, and so is a script the other filters drop; total is how many were found. Not combined with limit, offset, sort or q (400)`,
    ),
});
export type PaginatedQuery = z.infer<typeof paginatedQuerySchema>;

export const scriptIdParamsSchema = z.object({ id: idSchema });

/** Staff lists: without paging parameters, the whole array; with any, a page (docs/product.md#staff-list-paging). */
export const staffListQuerySchema = z.object({
  limit: wholeNumber('limit', 1, CATALOGUE_MAX_LIMIT).optional(),
  offset: wholeNumber('offset', 0, 10_000_000).optional(),
  q: searchTextSchema,
});

export const idParamsSchema = scriptIdParamsSchema;

/** A page of a staff list (limit, offset or q given): the scripts and how many match in all. */
export const staffScriptPageSchema = z
  .object({ items: z.array(staffScriptSchema), total: z.number().int().nonnegative() })
  .meta({ id: 'StaffScriptPage' });
export type StaffScriptPage = z.infer<typeof staffScriptPageSchema>;

export const deletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) }).meta({ id: 'Deleted' });
