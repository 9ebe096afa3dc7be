// The reports' rules without zod, so the public report dialog can import them (docs/decisions/0017-public-page-javascript-budget.md).

/** Why a visitor reports a script (docs/product.md#reports). */
export const REPORT_REASONS = ['malware', 'broken', 'stolen', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATES = ['open', 'resolved'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
/** What staff decide: the report is unfounded, the script is hidden, or deleted. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'delete'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_DETAILS_MAX = 1_000;
/** Reports one visitor may send per REPORT_WINDOW_MS, across every instance. */
export const REPORTS_PER_VISITOR = 5;
export const REPORT_WINDOW_MS = 60 * 60 * 1000;
export const REPORTS_PAGE_MAX = 100;
