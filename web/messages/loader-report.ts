/**
 * "What this loader does" on a script's page (docs/product.md#what-this-loader-does), rendered on the
 * server only (web/features/script-detail/loader-report.server.tsx): none of it ships as JavaScript.
 */
import { FINDING_CODES, FINDINGS, type FindingCode } from '../../contract/loader-findings.ts';

export const loaderReport = {
  heading: 'What this loader does',
  severity: { high: 'High risk', medium: 'Caution', info: 'Note' },
  domains: 'Fetches from',
  none: 'Nothing risky found in this loader.',
  /** The findings' sentences as the API gives them (the public pages are in English). */
  findings: Object.fromEntries(FINDING_CODES.map((code) => [code, FINDINGS[code].message])) as Record<FindingCode, string>,
  /** Above the findings when one is of high severity. */
  warning: 'Warning: this loader does something that can expose you or your account. Read what it does below before you copy it.',
};
