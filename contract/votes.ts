import { z } from 'zod';

/** A visitor's like or dislike, or none (docs/product.md#votes). */
export const VOTE_VALUES = ['like', 'dislike', 'none'] as const;
export type VoteValue = (typeof VOTE_VALUES)[number];

export const voteBodySchema = z
  .strictObject({ value: z.enum(VOTE_VALUES, { error: `value must be one of ${VOTE_VALUES.join(', ')}` }) })
  .meta({ id: 'VoteInput' });

export const worksBodySchema = z
  .strictObject({ works: z.boolean({ error: 'works must be true, false or null' }).nullable() })
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
  })
  .meta({ id: 'VoteState' });
export type VoteState = z.infer<typeof voteStateSchema>;
