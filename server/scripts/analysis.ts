import { ANALYSIS_VERSION, analyseLoader, type LoaderAnalysis } from '../../contract/loader-analysis.ts';
import { FINDINGS, type FindingCode, finding } from '../../contract/loader-findings.ts';
import { hostMatches } from '../../contract/domains.ts';

/**
 * A loader's analysis as `scripts` stores it (docs/decisions.md#stored-loader-analysis): hosts and
 * finding codes, computed without the trusted list so no stored row depends on it; sentences and
 * severities come from the catalogue when it is read. Derived from the loader text on every write,
 * like the search columns. `v` is the analysis's version: a row of an older one is analysed again.
 */
export interface StoredAnalysis {
  domains: string[];
  findings: FindingCode[];
  v: number;
}

/** The columns a write stores for a loader text. */
export function analysisColumns(loadstring: string): { analysis: string; analysis_severity: string | null } {
  const { domains, findings } = analyseLoader(loadstring);
  const stored: StoredAnalysis = { domains, findings: findings.map((item) => item.code), v: ANALYSIS_VERSION };
  return { analysis: JSON.stringify(stored), analysis_severity: findings[0]?.severity ?? null };
}

/** The stored JSON read back; undefined when missing, of an older analysis or not in the stored shape (then the text is analysed again). */
function parseStored(json: string | null): StoredAnalysis | undefined {
  if (json === null) return undefined;
  try {
    const value = JSON.parse(json) as Partial<StoredAnalysis>;
    if (value.v !== ANALYSIS_VERSION) return undefined;
    const domains = Array.isArray(value.domains) ? value.domains.filter((host): host is string => typeof host === 'string') : undefined;
    const findings = Array.isArray(value.findings) ? value.findings.filter((code): code is FindingCode => typeof code === 'string' && code in FINDINGS) : undefined;
    return domains && findings ? { domains, findings, v: ANALYSIS_VERSION } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The analysis a visitor reads: the stored one with the site's trusted domains applied. Trust only
 * turns "downloads code" (medium) into its information-only form, and only when a fetched host is
 * trusted; then, and for a row not yet analysed, the loader text is analysed again with the list,
 * which is exact and costs microseconds once per cached answer.
 */
export function visitorAnalysis(row: { loadstring: string; analysis: string | null }, trusted: readonly string[]): LoaderAnalysis {
  const stored = parseStored(row.analysis);
  const trustMatters = stored !== undefined && stored.findings.includes('remote-code') && stored.domains.some((host) => trusted.some((domain) => hostMatches(host, domain)));
  if (!stored || trustMatters) return analyseLoader(row.loadstring, { trusted });
  return { domains: stored.domains, findings: stored.findings.map(finding) };
}

/** Whether a stored analysis is missing or of an older analysis (the backfill redoes it). */
export function isStale(json: string | null): boolean {
  return parseStored(json) === undefined;
}
