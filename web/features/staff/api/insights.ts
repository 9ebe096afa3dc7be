import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ModeratorInsights, moderatorInsightsSchema } from '../../../../contract/insights.ts';
import type { StaffRole } from './auth-storage.ts';
import { roleRequest } from './client.ts';

/** GET /api/insights/views: views per day of the caller's scripts (a moderator's own), the last 30 days. */
export function getViewsInsights(role: StaffRole, signal?: AbortSignal): Promise<ModeratorInsights> {
  return roleRequest(role, '/api/insights/views', { schema: moderatorInsightsSchema, signal });
}

export const insightKeys = {
  views: (role: StaffRole) => [role, 'insights', 'views'] as const,
};

export function viewsInsightsQueryOptions(role: StaffRole) {
  return queryOptions({ queryKey: insightKeys.views(role), queryFn: ({ signal }) => getViewsInsights(role, signal) });
}

export function useViewsInsights(role: StaffRole) {
  return useQuery(viewsInsightsQueryOptions(role));
}
