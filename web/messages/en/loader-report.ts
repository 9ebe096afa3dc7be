import { FINDING_CODES, FINDINGS, type FindingCode } from '../../../contract/loader-findings.ts';
import type { Shape } from '../shape.ts';
import type { loaderReport as spec } from '../loader-report.ts';

/** "What this loader does", wholly English (`/en/…`): the findings' sentences are the API's own. */
export const loaderReport = {
  heading: 'What this loader does',
  severity: { high: 'High risk', medium: 'Caution', info: 'Note' },
  domains: 'Fetches from',
  none: 'Nothing risky found in this loader.',
  findings: Object.fromEntries(FINDING_CODES.map((code) => [code, FINDINGS[code].message])) as Record<FindingCode, string>,
  warning: 'Warning: this loader does something that can expose you or your account. Read what it does below before you copy it.',
} satisfies Shape<typeof spec>;
