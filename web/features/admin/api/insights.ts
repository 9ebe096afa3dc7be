import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminInsights, adminInsightsSchema } from '../../../../contract/insights.ts';
import { roleRequest } from '../../staff/api/client.ts';

/** GET /api/insights/overview (admin only): views and new scripts per day, the week's top, the empty searches. */
export function getOverview(signal?: AbortSignal): Promise<AdminInsights> {
  return roleRequest('admin', '/api/insights/overview', { schema: adminInsightsSchema, signal });
}

export const overviewKeys = { all: ['admin', 'insights', 'overview'] as const };

export function overviewQueryOptions() {
  return queryOptions({ queryKey: overviewKeys.all, queryFn: ({ signal }) => getOverview(signal) });
}

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
