import { FINDING_CODES, FINDING_SEVERITIES, type FindingCode, type LoaderFinding } from './loader-findings.ts';

/**
 * What a loader update changed in its analysis (docs/decisions/0044-loader-versions.md): findings added and
 * removed (compared by code and message, high first) and hosts added and removed (sorted), with a plain
 * sentence for each. No zod, so the browser may import it.
 */
export interface AnalysisChanges {
  added: LoaderFinding[];
  removed: LoaderFinding[];
  hostsAdded: string[];
  hostsRemoved: string[];
}

/** The part of an analysis a diff reads. */
export interface DiffableAnalysis {
  domains: readonly string[];
  findings: readonly LoaderFinding[];
}

const EMPTY: DiffableAnalysis = { domains: [], findings: [] };
const findingKey = (item: LoaderFinding) => `${item.code}\n${item.message}`;
const rank = (item: LoaderFinding) => FINDING_SEVERITIES.indexOf(item.severity) * FINDING_CODES.length + FINDING_CODES.indexOf(item.code);

/** High first, then in the catalogue's order of codes. */
export function worstFirst(findings: readonly LoaderFinding[]): LoaderFinding[] {
  return [...findings].sort((a, b) => rank(a) - rank(b));
}

function missingFrom<T>(items: readonly T[], others: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set(others.map(key));
  return items.filter((item) => !seen.has(key(item)));
}

/** `after` against `before`; `before` null: the first version, everything in it added. */
export function diffAnalyses(before: DiffableAnalysis | null, after: DiffableAnalysis): AnalysisChanges {
  const from = before ?? EMPTY;
  const self = (host: string) => host;
  return {
    added: worstFirst(missingFrom(after.findings, from.findings, findingKey)),
    removed: worstFirst(missingFrom(from.findings, after.findings, findingKey)),
    hostsAdded: missingFrom(after.domains, from.domains, self).sort(),
    hostsRemoved: missingFrom(from.domains, after.domains, self).sort(),
  };
}

/** Whether an update changed nothing in the analysis. */
export function noChanges(changes: AnalysisChanges): boolean {
  return changes.added.length + changes.removed.length + changes.hostsAdded.length + changes.hostsRemoved.length === 0;
}

/** Whether the update added a finding of high severity (the cards' mark). */
export function addedHigh(changes: Pick<AnalysisChanges, 'added'>): boolean {
  return changes.added.some((item) => item.severity === 'high');
}

/** Each finding's sentences as an update adds or removes it. */
export const CHANGE_SENTENCES: Record<FindingCode, { added: string; removed: string }> = {
  'webhook': { added: 'Adds a request to a Discord webhook', removed: 'No longer sends data to a Discord webhook' },
  'ip-lookup': { added: 'Adds a lookup of your IP address or location', removed: 'No longer looks up your IP address or location' },
  'hardware-id': { added: 'Adds a read of an ID that identifies your device', removed: 'No longer reads an ID that identifies your device' },
  'clipboard': { added: 'Now puts text on your clipboard', removed: 'No longer puts text on your clipboard' },
  'file-write': { added: 'Now writes or deletes files in your executor’s folder', removed: 'No longer writes or deletes files' },
  'short-link': { added: 'Now loads code through a link shortener or a paste site', removed: 'No longer loads code through a link shortener or a paste site' },
  'obfuscated': { added: 'Now hides its code (obfuscation)', removed: 'No longer hides its code' },
  'incomplete': { added: 'Became too long or tangled to check in full', removed: 'Can be checked in full again' },
  'remote-code': { added: 'Now downloads more code and runs it', removed: 'No longer downloads more code to run' },
  'trusted-remote-code': { added: 'Now downloads more code from a trusted source and runs it', removed: 'No longer downloads code from a trusted source' },
  'teleport': { added: 'Now teleports you or hops servers', removed: 'No longer teleports you or hops servers' },
};

export const hostAddedSentence = (host: string) => `Now fetches from ${host}`;
export const hostRemovedSentence = (host: string) => `No longer fetches from ${host}`;

/** The plain sentences of an update: findings added (high first), findings removed, then hosts added and removed. */
export function changeSentences(changes: AnalysisChanges): string[] {
  return [
    ...changes.added.map((item) => CHANGE_SENTENCES[item.code].added),
    ...changes.removed.map((item) => CHANGE_SENTENCES[item.code].removed),
    ...changes.hostsAdded.map(hostAddedSentence),
    ...changes.hostsRemoved.map(hostRemovedSentence),
  ];
}
