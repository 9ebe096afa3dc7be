import { FINDING_CODES, FINDINGS, type FindingCode } from '../../../../contract/loader-findings.ts';

/**
 * What a loader does, as an analysis shows it (the panels' live findings under the loader,
 * `LoaderFindings.tsx`, and the script page's "What this loader does"), in the specification's reading:
 * its English, the findings' sentences as the API gives them.
 */
const loaderFindings = {
  heading: 'What this loader does',
  severity: { high: 'High risk', medium: 'Caution', info: 'Note' },
  domains: 'Fetches from',
  none: 'Nothing risky found in this loader.',
  /** The findings' sentences as the API gives them. */
  findings: Object.fromEntries(FINDING_CODES.map((code) => [code, FINDINGS[code].message])) as Record<FindingCode, string>,
};

export const spec = { loaderFindings };
