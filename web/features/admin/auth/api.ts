import { adminLoginSchema, tokenAnswerSchema } from '../../../../contract/index.ts';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../staff/api/client.ts';

export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/** POST /api/al: answers the token (SPEC.md: login succeeds only if a token comes back). */
export async function loginAdmin(input: AdminLoginInput): Promise<string> {
  const { token } = await apiRequest('/api/al', { method: 'POST', body: input, schema: tokenAnswerSchema });
  if (!token) throw new ApiError('invalid', 200, undefined);
  return token;
}

/**
 * Whether a stored admin token still opens the admin API (SPEC.md: GET /api/moderators validates an
 * admin token). One row is asked for, so the check stays cheap with many moderators.
 */
export async function checkAdminToken(token: string, signal?: AbortSignal): Promise<true> {
  await apiRequest('/api/moderators?limit=1', { token, signal });
  // A value, not undefined: TanStack Query treats an undefined result as a failure.
  return true;
}

/** POST /api/logout: revokes the token on the server. */
export async function logoutAdmin(token: string): Promise<void> {
  await apiRequest('/api/logout', { method: 'POST', token });
}
