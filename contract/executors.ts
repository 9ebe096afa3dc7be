import { z } from 'zod';
import { EXECUTOR_LIMITS } from './constants.ts';
import { EXECUTOR_STATUSES, PLATFORMS } from './platforms.ts';
import { filterDeclaration } from './catalogue-filters.ts';
import { slugParamSchema } from './games.ts';
import { isHttpsUrl, withoutControls } from './text.ts';

export * from './platforms.ts';

/** An executor's slug, as paths, filters and the script form name it. */
export const executorSlugSchema = slugParamSchema('executor', filterDeclaration('executor').slug);

const platformSchema = z.enum(PLATFORMS, { error: `platforms must be some of ${PLATFORMS.join(', ')}` });
const statusSchema = z.enum(EXECUTOR_STATUSES, { error: `status must be one of ${EXECUTOR_STATUSES.join(', ')}` });

/** GET /api/executors: one executor as the public sees it (docs/decisions/0039-executors-and-compatibility.md). */
export const executorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    platforms: z.array(platformSchema).describe('The devices it runs on'),
    status: statusSchema.describe('working; updating (after a Roblox update, not yet back); patched; discontinued'),
    version: z.string().nullable().describe('Its current version, as its makers name it, or null'),
    website: z.string().nullable().describe('Its site (https:), or null'),
    free: z.boolean().describe('Usable without paying'),
    statusChangedAt: z.string().describe('ISO 8601: when its status last changed'),
    updatedAt: z.string().describe('ISO 8601: when the admin last changed it'),
  })
  .meta({ id: 'Executor' });
export type Executor = z.infer<typeof executorSchema>;

export const executorListSchema = z.array(executorSchema);

/** GET /api/executors/{slug}: the executor and how many public scripts work on it. */
export const executorDetailSchema = executorSchema
  .extend({
    scripts: z.number().int().describe('Public scripts that work on it: tested by staff, or more yes than no answers of the last 30 days'),
    tested: z.number().int().describe('Public scripts staff tested with it'),
  })
  .meta({ id: 'ExecutorDetail' });
export type ExecutorDetail = z.infer<typeof executorDetailSchema>;

export const executorSlugParamsSchema = z.object({ slug: executorSlugSchema });

const name = withoutControls(
  z
    .string({ error: (issue) => (issue.input === undefined ? 'Name is required' : undefined) })
    .trim()
    .min(1, 'Name is required')
    .max(EXECUTOR_LIMITS.nameMax, `Name must be at most ${EXECUTOR_LIMITS.nameMax} characters`),
  'Name',
);
const blankIsNull = (value: string) => (value === '' ? null : value);

/** POST /api/executors (admin): the slug comes from the name when left out. */
export const executorCreateSchema = z
  .strictObject({
    name,
    slug: executorSlugSchema.optional().describe('Left out: made from the name'),
    platforms: z
      .array(platformSchema)
      .min(1, 'Choose at least one platform')
      .refine((list) => new Set(list).size === list.length, 'platforms must not repeat')
      .describe(`One or more of ${PLATFORMS.join(', ')}`),
    status: statusSchema,
    version: withoutControls(z.string().trim().max(EXECUTOR_LIMITS.versionMax, `Version must be at most ${EXECUTOR_LIMITS.versionMax} characters`), 'Version')
      .transform(blankIsNull)
      .optional()
      .describe('Free text; blank: none'),
    website: withoutControls(z.string().trim().max(EXECUTOR_LIMITS.websiteMax, `Website must be at most ${EXECUTOR_LIMITS.websiteMax} characters`), 'Website')
      .refine((value) => value === '' || isHttpsUrl(value), 'Website must be an https:// URL')
      .transform(blankIsNull)
      .optional()
      .describe('An https:// URL; blank: none'),
    free: z.boolean().optional().describe('Left out: false on create'),
  })
  // Not 'ExecutorInput': the OpenAPI generator names the Executor answer's input side so.
  .meta({ id: 'ExecutorCreate' });
export type ExecutorInput = z.output<typeof executorCreateSchema>;

/** PATCH /api/executors/{id} (admin): any field left out keeps its value. */
export const executorEditSchema = executorCreateSchema.partial();
export type ExecutorPatch = z.output<typeof executorEditSchema>;

/** One executor's row of a script's compatibility (GET /api/scripts/{id}). */
export const compatibilitySchema = z
  .object({
    executor: z.string().describe("The executor's slug"),
    name: z.string(),
    platforms: z.array(platformSchema),
    status: statusSchema,
    tested: z.boolean().describe('Staff tested the script with it'),
    worksYes: z.number().int().describe('Visitors who said it works on this executor, last 30 days'),
    worksNo: z.number().int().describe('Visitors who said it does not, last 30 days'),
  })
  .meta({ id: 'Compatibility' });
export type Compatibility = z.infer<typeof compatibilitySchema>;
