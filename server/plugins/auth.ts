import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import type { AuthService } from '../staff/auth-service.ts';
import type { Principal } from '../staff/policies.ts';
import type { Role } from '../staff/repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    /** The raw bearer token, kept only for logout. */
    bearerToken?: string;
  }
}

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ', 2);
  return scheme?.toLowerCase() === 'bearer' && token && TOKEN.test(token) ? token : undefined;
}

/**
 * Guards for staff routes: no or bad token is 401; a live token of the other role is 403.
 * A deleted moderator's sessions are gone, so its token is 401 like any unknown one.
 */
export function createGuards(auth: AuthService) {
  const authenticate = async (request: FastifyRequest): Promise<Principal> => {
    const token = bearerTokenOf(request);
    if (!token) throw unauthorized();
    const principal = await auth.authenticate(token);
    if (!principal) throw unauthorized('Your session has expired or was revoked. Please log in again.');
    request.principal = principal;
    request.bearerToken = token;
    return principal;
  };

  const requireRole = (role: Role): preHandlerAsyncHookHandler =>
    async function guard(request: FastifyRequest, _reply: FastifyReply) {
      const principal = await authenticate(request);
      if (principal.role !== role) throw forbidden(`This action needs the ${role} role`);
    };

  return {
    requireModerator: requireRole('moderator'),
    requireAdmin: requireRole('admin'),
    requireStaff: (async (request: FastifyRequest) => {
      await authenticate(request);
    }) as preHandlerAsyncHookHandler,
  };
}

export type Guards = ReturnType<typeof createGuards>;

/** The principal a guarded handler runs as; the guard has already set it. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
