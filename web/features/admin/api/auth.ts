import type { z } from 'zod';
import { adminLoginSchema, tokenAnswerSchema } from '../../../../contract/index.ts';
import { ApiError, apiRequest, roleRequest } from '../../staff/api/client.ts';

export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/** POST /api/al: answers the token (login succeeds only if a token comes back). */
export async function loginAdmin(input: AdminLoginInput): Promise<string> {
  const { token } = await apiRequest('/api/al', { method: 'POST', body: input, schema: tokenAnswerSchema });
  if (!token) throw new ApiError('invalid', 200, undefined);
  return token;
}

/**
 * Whether the stored admin token still opens the admin API (GET /api/moderators validates an admin
 * token). One row is asked for, so the check stays cheap with many moderators.
 */
export async function checkAdminToken(signal?: AbortSignal): Promise<true> {
  await roleRequest('admin', '/api/moderators?limit=1', { signal });
  // A value, not undefined: TanStack Query treats an undefined result as a failure.
  return true;
}

export const adminSessionQueryOptions = {
  queryKey: ['admin', 'session'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => checkAdminToken(signal),
  staleTime: Infinity,
};

/** POST /api/logout: revokes the token on the server. */
export async function logoutAdmin(): Promise<void> {
  await roleRequest('admin', '/api/logout', { method: 'POST' });
}
