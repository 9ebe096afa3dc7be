import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AuditAction, auditPageSchema, type AuditPage, TABLE_PAGE_SIZE } from '../../../../contract/index.ts';
import { roleRequest } from '../../staff/api/client.ts';

export interface AuditLogParams {
  /** 1-based. */
  page: number;
  /** An account's name, exact in any case; empty for everyone. */
  actor: string;
  action: AuditAction | '';
}

/** GET /api/audit-log, a page of the moderation log, newest first. */
export function getAuditLog({ page, actor, action }: AuditLogParams, signal?: AbortSignal): Promise<AuditPage> {
  const params = new URLSearchParams({ limit: String(TABLE_PAGE_SIZE), offset: String((page - 1) * TABLE_PAGE_SIZE) });
  if (actor) params.set('actor', actor);
  if (action) params.set('action', action);
  return roleRequest('admin', `/api/audit-log?${params}`, { schema: auditPageSchema, signal });
}

export const auditLogKeys = {
  all: ['admin', 'audit-log'] as const,
  list: (params: AuditLogParams) => ['admin', 'audit-log', params] as const,
};

export function auditLogQueryOptions(params: AuditLogParams) {
  return queryOptions({ queryKey: auditLogKeys.list(params), queryFn: ({ signal }) => getAuditLog(params, signal), placeholderData: keepPreviousData });
}

export function useAuditLog(params: AuditLogParams) {
  return useQuery(auditLogQueryOptions(params));
}
