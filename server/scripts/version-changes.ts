import { type AnalysisChanges, addedHigh, diffAnalyses } from '../../contract/analysis-diff.ts';
import { loaderFacts, withTrust } from '../../contract/loader-analysis.ts';
import { FINDINGS, finding, type FindingCode } from '../../contract/loader-findings.ts';
import { parseStored } from './analysis.ts';

// A version's `changes` column (docs/decisions/0044-loader-versions.md): the diff of two stored analyses,
// kept as finding codes and hosts like the stored analysis, so sentences and severities come from the
// catalogue when read.

export interface StoredChanges {
  added: FindingCode[];
  removed: FindingCode[];
  hostsAdded: string[];
  hostsRemoved: string[];
}

/** A stored analysis as a diff reads it, before any trust; one of an older analysis is made again from its loader. */
function analysed(json: string | null, loadstring: string) {
  return withTrust(parseStored(json) ?? loaderFacts(loadstring), []);
}

/** The changes of a version against the one before (null: the first version) and whether they add a high finding. */
export function versionChanges(
  after: { analysis: string | null; loadstring: string },
  before: { analysis: string | null; loadstring: string } | null,
): { changes: string; addedHigh: boolean } {
  const diff = diffAnalyses(before && analysed(before.analysis, before.loadstring), analysed(after.analysis, after.loadstring));
  const codes = (items: AnalysisChanges['added']) => items.map((item) => item.code);
  const stored: StoredChanges = { added: codes(diff.added), removed: codes(diff.removed), hostsAdded: diff.hostsAdded, hostsRemoved: diff.hostsRemoved };
  return { changes: JSON.stringify(stored), addedHigh: addedHigh(diff) };
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const findings = (value: unknown) => strings(value).filter((code): code is FindingCode => code in FINDINGS).map(finding);

/** The stored changes read back as the API answers them; a code no longer in the catalogue is left out. */
export function readChanges(json: string): AnalysisChanges {
  let value: Partial<Record<keyof StoredChanges, unknown>> = {};
  try {
    value = JSON.parse(json) as typeof value;
  } catch {
    // A row not in the stored shape reads as no change rather than failing the history.
  }
  return { added: findings(value.added), removed: findings(value.removed), hostsAdded: strings(value.hostsAdded), hostsRemoved: strings(value.hostsRemoved) };
}
