import { ANALYSIS_VERSION, type LoaderAnalysis, type LoaderFacts, loaderFacts, withTrust } from '../../contract/loader-analysis.ts';
import { FINDINGS, type FindingCode } from '../../contract/loader-findings.ts';
import { analyseOffThread } from './analysis-pool.ts';

/**
 * A loader's analysis as `scripts` stores it (docs/decisions/0018-loader-analysis.md#stored-loader-analysis): hosts, finding
 * codes and the hosts whose code the loader runs (what trust is about), computed without the trusted
 * list so no stored row depends on it; sentences and severities come from the catalogue when it is
 * read. Computed once per save, off the event loop and before the write's transaction
 * (docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md). `v` is the analysis's version: a row
 * of an older one is analysed again by the backfill.
 */
export interface StoredAnalysis {
  domains: string[];
  findings: FindingCode[];
  codeHosts: string[];
  v: number;
}

/** The columns a write stores for a loader text. */
export interface AnalysisColumns {
  analysis: string;
  analysis_severity: string | null;
}

export function columnsOf({ domains, findings, codeHosts }: LoaderFacts): AnalysisColumns {
  const stored: StoredAnalysis = { domains, findings, codeHosts, v: ANALYSIS_VERSION };
  return { analysis: JSON.stringify(stored), analysis_severity: findings[0] === undefined ? null : FINDINGS[findings[0]].severity };
}

/** The columns for a loader, analysed on this thread: for writes that are no visitor's or staff member's request (the demo seed, the benchmark's catalogues). */
export function analysisColumns(loadstring: string): AnalysisColumns {
  return columnsOf(loaderFacts(loadstring));
}

/** The columns for a loader, analysed in a worker thread: every save and the backfill. */
export async function analysisColumnsOffThread(loadstring: string): Promise<AnalysisColumns> {
  return columnsOf(await analyseOffThread(loadstring));
}

const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined);

/** The stored JSON read back; undefined when missing, of an older analysis or not in the stored shape (then the backfill redoes it). */
export function parseStored(json: string | null): StoredAnalysis | undefined {
  if (json === null) return undefined;
  try {
    const value = JSON.parse(json) as Partial<StoredAnalysis>;
    if (value.v !== ANALYSIS_VERSION) return undefined;
    const domains = strings(value.domains);
    const findings = strings(value.findings)?.filter((code): code is FindingCode => code in FINDINGS);
    const codeHosts = strings(value.codeHosts);
    return domains && findings && codeHosts ? { domains, findings, codeHosts, v: ANALYSIS_VERSION } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The analysis a visitor reads: the stored one with the site's trusted domains applied, which needs
 * only the stored hosts (contract/loader-analysis.ts `withTrust`), never the loader text. A row the
 * backfill has not reached yet (no analysis of this version) is analysed in the worker thread, once
 * per cached answer.
 */
export async function visitorAnalysis(row: { loadstring: string; analysis: string | null }, trusted: readonly string[]): Promise<LoaderAnalysis> {
  return withTrust(parseStored(row.analysis) ?? (await analyseOffThread(row.loadstring)), trusted);
}

/** Whether a stored analysis is missing or of an older analysis (the backfill redoes it). */
export function isStale(json: string | null): boolean {
  return parseStored(json) === undefined;
}

