import { z } from 'zod';
import { compatibilitySchema, executorSlugSchema } from './executors.ts';

/** A visitor's like or dislike, or none (docs/product.md#votes). */
export const VOTE_VALUES = ['like', 'dislike', 'none'] as const;
export type VoteValue = (typeof VOTE_VALUES)[number];

export const voteBodySchema = z
  .strictObject({ value: z.enum(VOTE_VALUES, { error: `value must be one of ${VOTE_VALUES.join(', ')}` }) })
  .meta({ id: 'VoteInput' });

export const worksBodySchema = z
  .strictObject({
    works: z.boolean({ error: 'works must be true, false or null' }).nullable(),
    executor: executorSlugSchema
      .optional()
      .describe('Where the visitor ran it (an executor\'s slug): the answer counts for that executor too; null takes back that executor\'s answer. Left out: the script as a whole only'),
  })
  .meta({ id: 'WorksInput' });

/** The visitor's own choices and the script's counts as they will be once buffered votes are written. */
export const voteStateSchema = z
  .object({
    vote: z.enum(VOTE_VALUES),
    works: z.boolean().nullable().describe('true: works, false: does not work, null: no answer'),
    likes: z.number().int(),
    dislikes: z.number().int(),
    worksYes: z.number().int(),
    worksNo: z.number().int(),
    executors: z
      .array(z.object({ executor: z.string(), works: z.boolean() }))
      .describe("The visitor's own answers per executor (slug), buffered ones included"),
    compatibility: z.array(compatibilitySchema).describe('The script\'s compatibility rows, buffered answers included (as GET /api/scripts/{id} will show them)'),
  })
  .meta({ id: 'VoteState' });
export type VoteState = z.infer<typeof voteStateSchema>;
