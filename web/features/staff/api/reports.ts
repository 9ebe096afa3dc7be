import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TABLE_PAGE_SIZE } from '../../../../contract/constants.ts';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATES, type ReportAction, type ReportReason, type ReportState } from '../../../../contract/report-rules.ts';
import type { StaffRole } from './auth-storage.ts';
import { roleRequest } from './client.ts';
import { gameKeys } from './games.ts';
import { useListMutation } from './mutation.ts';
import { scriptKeys } from './scripts.ts';

/* The review queue both panels show (GET /api/reports, PATCH /api/reports/{id}): fetchers, query options, hooks. */

export const reportSchema = z.object({
  id: z.number().int(),
  scriptId: z.number().int(),
  scriptName: z.string(),
  scriptExists: z.boolean(),
  scriptHidden: z.boolean(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  state: z.enum(REPORT_STATES),
  decision: z.enum(REPORT_ACTIONS).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type StaffReport = z.infer<typeof reportSchema>;
const reportPageSchema = z.object({ items: z.array(reportSchema), total: z.number().int().nonnegative() });

export interface ReportParams {
  /** 1-based. */
  page: number;
  state: ReportState | 'all';
  reason: ReportReason | 'all';
}

export function reportsPath({ page, state, reason }: ReportParams): string {
  const params = new URLSearchParams({ limit: String(TABLE_PAGE_SIZE), offset: String((page - 1) * TABLE_PAGE_SIZE) });
  if (state !== 'all') params.set('state', state);
  if (reason !== 'all') params.set('reason', reason);
  return `/api/reports?${params}`;
}

export function getReports(role: StaffRole, params: ReportParams, signal?: AbortSignal) {
  return roleRequest(role, reportsPath(params), { schema: reportPageSchema, signal });
}

export function decideReport(role: StaffRole, { id, action }: { id: number; action: ReportAction }) {
  return roleRequest(role, `/api/reports/${id}`, { method: 'PATCH', body: { action }, schema: reportSchema });
}

export function setScriptHidden(role: StaffRole, { id, hidden }: { id: number; hidden: boolean }) {
  return roleRequest(role, `/api/scripts/${id}/visibility`, { method: 'POST', body: { hidden } });
}

export const reportKeys = {
  all: (role: StaffRole) => [role, 'reports'] as const,
  page: (role: StaffRole, params: ReportParams) => [role, 'reports', params] as const,
};

export function reportPageQueryOptions(role: StaffRole, params: ReportParams) {
  return queryOptions({ queryKey: reportKeys.page(role, params), queryFn: ({ signal }) => getReports(role, params, signal), placeholderData: keepPreviousData });
}

export const useReportPage = (role: StaffRole, params: ReportParams) => useQuery(reportPageQueryOptions(role, params));

/** A decision changes the reports, and (hide, delete) the scripts list and the games' counts. */
export const useDecideReport = (role: StaffRole) => useListMutation(reportKeys.all(role), (input: { id: number; action: ReportAction }) => decideReport(role, input), [scriptKeys.all(role), gameKeys.all]);

/** Hide or show from the scripts list; the reports show the script's state too. */
export const useSetScriptHidden = (role: StaffRole) =>
  useListMutation(scriptKeys.all(role), (input: { id: number; hidden: boolean }) => setScriptHidden(role, input), [reportKeys.all(role), gameKeys.all]);
