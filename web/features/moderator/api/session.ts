import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { moderatorLoginSchema, moderatorStatusSchema } from '../../../../contract/staff.ts';
import { apiRequest, roleRequest } from '../../staff/api/client.ts';

/*
 * The moderator's own calls: login, logout and the status poll. Its scripts go through the staff
 * feature's script API like the admin's.
 */

/** Login failed for a reason of its own: the answer carried no token (Токен не получен). */
export class MissingTokenError extends Error {
  constructor() {
    super('no token in the login answer');
    this.name = 'MissingTokenError';
  }
}

export type ModeratorLogin = z.input<typeof moderatorLoginSchema>;

/** POST /api/login: answers the token, or throws ApiError / MissingTokenError. */
export async function login(credentials: ModeratorLogin): Promise<string> {
  const answer = await apiRequest<unknown>('/api/login', { method: 'POST', body: moderatorLoginSchema.parse(credentials) });
  const token = typeof answer === 'object' && answer !== null ? (answer as { token?: unknown }).token : undefined;
  if (typeof token !== 'string' || token === '') throw new MissingTokenError();
  return token;
}

/** POST /api/logout: revokes the token on the server. */
export async function logout(): Promise<void> {
  await roleRequest('moderator', '/api/logout', { method: 'POST' });
}

/** GET /api/m/check-status: 200 while the account lives, 401 after. */
export function getStatus(signal?: AbortSignal) {
  return roleRequest('moderator', '/api/m/check-status', { schema: moderatorStatusSchema, signal });
}

export function statusQueryOptions(pollMs: number) {
  return queryOptions({
    queryKey: ['moderator', 'status'] as const,
    queryFn: ({ signal }) => getStatus(signal),
    // On load and every 60 s (configurable), even while the tab is in the background.
    refetchInterval: pollMs,
    refetchIntervalInBackground: true,
  });
}

export function useModeratorStatus(pollMs: number) {
  return useQuery(statusQueryOptions(pollMs));
}
