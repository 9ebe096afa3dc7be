import { z } from 'zod';
import { FINDING_CODES, FINDING_SEVERITIES, type FindingCode } from './loader-findings.ts';
import { publicScriptSchema } from './scripts.ts';
import { compatibilitySchema } from './executors.ts';

/** One finding of the loader analysis (docs/decisions/0018-loader-analysis.md#loader-findings). */
export const loaderFindingSchema = z
  .object({
    code: z.enum(FINDING_CODES as [FindingCode, ...FindingCode[]]).describe('Stable code'),
    severity: z.enum(FINDING_SEVERITIES),
    message: z.string().describe('The plain sentence a visitor reads'),
  })
  .meta({ id: 'LoaderFinding' });

/** What a loader fetches and does, as the detail answer carries it. */
export const loaderAnalysisSchema = z
  .object({
    domains: z.array(z.string()).describe('Hosts of every URL the loader fetches, lower case, without www., sorted'),
    findings: z.array(loaderFindingSchema).describe('Worst first: high, medium, info'),
  })
  .meta({ id: 'LoaderAnalysis' });

/** GET /api/scripts/{id}: the script and what its loader does (lists carry only `loaderWarning`). */
export const scriptDetailSchema = publicScriptSchema
  .extend({
    analysis: loaderAnalysisSchema.describe('What the loader fetches and does, with the site\'s trusted domains applied'),
    compatibility: z
      .array(compatibilitySchema)
      .describe('One row per executor with any data (tested by staff, or answers of the last 30 days), working executors first, then by name'),
    noWorkingExecutor: z
      .boolean()
      .describe('Every executor it was tested with or answered for is patched or discontinued (false without any)'),
  })
  .meta({ id: 'ScriptDetail' });
export type ScriptDetail = z.infer<typeof scriptDetailSchema>;
