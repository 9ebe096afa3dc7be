import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC } from '../policies/access.ts';

/**
 * Cross-origin reads for integrators (issue 38 item 2, docs/decisions/0062-integrator-api.md): any
 * origin may read `/api/v1/*` and `/raw/*` with GET and HEAD, never with credentials (no
 * `Access-Control-Allow-Credentials`, and `*` forbids them in browsers anyway), so a page elsewhere
 * learns nothing a curl would not. Only the scopes that call `crossOrigin` send the headers: every
 * other route (the pages, the site's own API, the staff's) stays same-origin.
 */
export const CORS_METHODS = 'GET, HEAD, OPTIONS';
/** What a client may send: an API key (limits to come) and a tag to revalidate with. */
export const CORS_REQUEST_HEADERS = 'X-API-Key, If-None-Match';
/** What a script in a browser may read besides the simple headers: the tag it revalidates with. */
export const CORS_EXPOSED_HEADERS = 'ETag';
/** How long a browser may keep a preflight's answer (a day). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

function preflight(_request: FastifyRequest, reply: FastifyReply): void {
  reply
    .code(204)
    .header('allow', CORS_METHODS)
    .header('access-control-allow-methods', CORS_METHODS)
    .header('access-control-allow-headers', CORS_REQUEST_HEADERS)
    .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
    .send();
}

/**
 * Every route of `scope` (an encapsulated plugin) answers any origin, errors and 304s included; its
 * preflights (OPTIONS under `pattern`) are answered 204. The OPTIONS route takes no part in other
 * paths' Allow answers (`catchAll: 'ignore'`, server/plugins/routing.ts).
 */
export function crossOrigin(scope: FastifyInstance, pattern: string): void {
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', CORS_EXPOSED_HEADERS);
    done();
  });
  scope.route({ method: 'OPTIONS', url: pattern, config: { catchAll: 'ignore', ...PUBLIC }, schema: { hide: true }, handler: preflight });
}
