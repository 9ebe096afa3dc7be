import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { unauthorized } from '../shared/errors.ts';
import type { Principal } from './policies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    /** The raw bearer token, kept only for logout. */
    bearerToken?: string;
  }
}

/**
 * The pre-handlers a staff route runs behind (made by server/staff/guards.ts): no or bad token is
 * 401; a live token of the other role is 403.
 */
export interface Guards {
  requireModerator: preHandlerAsyncHookHandler;
  requireAdmin: preHandlerAsyncHookHandler;
  requireStaff: preHandlerAsyncHookHandler;
}

/** The principal a guarded handler runs as; the guard has already set it. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
