import { z } from 'zod';
import { REPORT_ACTIONS, REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_STATES, REPORTS_PAGE_MAX } from './report-rules.ts';
import { idSchema, wholeNumber } from './scripts.ts';
import { MULTI_LINE } from './text.ts';

export * from './report-rules.ts';

const reasonSchema = z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` });

/** POST /api/scripts/{id}/reports. Blank details are none. */
export const reportInputSchema = z
  .object({
    reason: reasonSchema,
    details: z
      .string({ error: 'details must be text' })
      .max(REPORT_DETAILS_MAX, `details must be at most ${REPORT_DETAILS_MAX} characters`)
      .regex(MULTI_LINE, 'details must not contain control characters')
      .optional(),
  })
  .strict();
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportCreatedSchema = z.object({ id: z.number().int(), received: z.literal(true) }).meta({ id: 'ReportReceived' });

/** A report as staff see it; the reporter's identity is never shown. */
export const reportSchema = z
  .object({
    id: z.number().int(),
    scriptId: z.number().int(),
    scriptName: z.string().describe('The script’s name, kept after the script is deleted'),
    scriptExists: z.boolean(),
    scriptHidden: z.boolean(),
    reason: reasonSchema,
    details: z.string(),
    state: z.enum(REPORT_STATES),
    decision: z.enum(REPORT_ACTIONS).nullable(),
    createdAt: z.string().describe('ISO 8601 timestamp'),
    decidedAt: z.string().nullable(),
    decidedBy: z.string().nullable().describe('The staff member who decided; null for a script deleted outside the review queue'),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;

export const reportListQuerySchema = z.object({
  state: z.enum(REPORT_STATES, { error: 'state must be open or resolved' }).optional(),
  reason: reasonSchema.optional(),
  limit: wholeNumber('limit', 1, REPORTS_PAGE_MAX).default(20),
  offset: wholeNumber('offset', 0, 10_000_000).default(0),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

export const reportPageSchema = z.object({ items: z.array(reportSchema), total: z.number().int().nonnegative() }).meta({ id: 'ReportPage' });
export type ReportPage = z.infer<typeof reportPageSchema>;

export const reportDecisionSchema = z
  .object({ action: z.enum(REPORT_ACTIONS, { error: `action must be one of ${REPORT_ACTIONS.join(', ')}` }) })
  .strict();

export const reportIdParamsSchema = z.object({ id: idSchema });

/** POST /api/scripts/{id}/visibility. */
export const visibilityInputSchema = z
  .object({ hidden: z.boolean({ error: 'hidden must be true or false' }) })
  .strict();
export const visibilitySchema = z.object({ id: z.number().int(), hidden: z.boolean() }).meta({ id: 'Visibility' });
