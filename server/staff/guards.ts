import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../shared/errors.ts';
import type { AuthService } from './auth-service.ts';
import { guardFor } from '../policies/access.ts';
import type { Guards } from '../policies/guards.ts';
import type { Principal } from '../policies/policies.ts';
import type { Role } from './repository.ts';

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
export function createGuards(auth: AuthService): Guards {
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

  // Each guard declares the access of the routes that run it (server/policies/access.ts).
  return {
    requireModerator: guardFor('moderator', requireRole('moderator')),
    requireAdmin: guardFor('admin', requireRole('admin')),
    requireStaff: guardFor('staff', async (request: FastifyRequest) => {
      await authenticate(request);
    }),
  };
}
