import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Executor, executorListSchema } from '../../../../contract/executors.ts';
import { apiRequest } from './client.ts';

/*
 * The executors, as both panels' script forms read them (the "Tested with" choice):
 * GET /api/executors, public, working ones first then by name. The admin's writes to them reload
 * this list through `executorKeys.all`.
 */

export function getExecutors(signal?: AbortSignal): Promise<Executor[]> {
  return apiRequest('/api/executors', { schema: executorListSchema, signal });
}

export const executorKeys = { all: ['executors'] as const };

export function executorsQueryOptions() {
  return queryOptions({ queryKey: executorKeys.all, queryFn: ({ signal }) => getExecutors(signal) });
}

export function useExecutors() {
  return useQuery(executorsQueryOptions());
}

/**
 * The choices of a script's "Tested with": every executor of the list, then any slug the script
 * holds that the list lacks (an executor deleted meanwhile, or a list that failed), so an edit never
 * drops a mark the staff member did not see.
 */
export function executorChoices(list: readonly Executor[], chosen: readonly string[]): { slug: string; name: string; status: Executor['status'] | null }[] {
  const known = new Set(list.map((executor) => executor.slug));
  return [
    ...list.map(({ slug, name, status }) => ({ slug, name, status })),
    ...chosen.filter((slug) => !known.has(slug)).map((slug) => ({ slug, name: slug, status: null })),
  ];
}
