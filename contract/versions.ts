import { z } from 'zod';
import { loaderAnalysisSchema, loaderFindingSchema } from './script-analysis.ts';
import { wholeNumber } from './scripts.ts';

/**
 * A script's loader versions (issue 28, docs/decisions/0044-loader-versions.md): every save that changes
 * the loader text keeps the text before it; each version after the first carries what its analysis
 * changed against the one before.
 */

/** GET /api/scripts/{id}/versions: one update of the loader, newest first. */
export const scriptVersionSummarySchema = z
  .object({
    version: z.number().int().describe('1, 2, 3… per script; the highest is the current loader'),
    createdAt: z.string().describe('ISO 8601: when this version was saved'),
    added: z.array(loaderFindingSchema).describe('Findings this version has and the one before did not (high first); all of them for version 1'),
    removed: z.array(loaderFindingSchema).describe('Findings the version before had and this one has not'),
    hostsAdded: z.array(z.string()).describe('Hosts this version fetches from that the one before did not'),
    hostsRemoved: z.array(z.string()).describe('Hosts the version before fetched from that this one does not'),
  })
  .meta({ id: 'ScriptVersionSummary' });
export type ScriptVersionSummary = z.infer<typeof scriptVersionSummarySchema>;

/** The staff's history: who saved each version too. */
export const staffScriptVersionSummarySchema = scriptVersionSummarySchema
  .extend({ savedBy: z.string().nullable().describe('The staff account that saved it (null: the demo, a restore of a backup, or the migration)') })
  .meta({ id: 'StaffScriptVersionSummary' });
export type StaffScriptVersionSummary = z.infer<typeof staffScriptVersionSummarySchema>;

/** GET /api/scripts/{id}/versions/{version}: one version's loader text and its stored analysis. */
export const scriptVersionSchema = z
  .object({
    version: z.number().int(),
    createdAt: z.string(),
    loadstring: z.string(),
    analysis: loaderAnalysisSchema,
  })
  .meta({ id: 'ScriptVersion' });
export type ScriptVersion = z.infer<typeof scriptVersionSchema>;

/** A version's number in a path: the id rule's canonical digits. */
export const versionParamsSchema = z.object({ id: wholeNumber('id', 1, 2_147_483_647), version: wholeNumber('version', 1, 2_147_483_647) });

/** Paging of a script's history. */
export const versionsQuerySchema = z.object({
  limit: wholeNumber('limit', 1, 100).default(20),
  offset: wholeNumber('offset', 0, 1_000_000).default(0),
});
