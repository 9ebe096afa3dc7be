import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { methodNotAllowed, notFound } from '../shared/errors.ts';
import { PUBLIC } from '../policies/access.ts';

/**
 * How a route takes part in the Allow computation: `fallback` routes (the web app's `/*`) count only
 * where no other route matches; `ignore` routes (the `/api/*` catch-all) never count.
 */
export type CatchAll = 'fallback' | 'ignore';

declare module 'fastify' {
  interface FastifyContextConfig {
    catchAll?: CatchAll;
  }
}

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const byOrder = (a: string, b: string) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b);

function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/** A record of which methods each registered path answers, for 405 and OPTIONS answers. */
class MethodTable {
  private readonly router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 200 });
  private readonly methods = new Set<HTTPMethod>();

  add(method: HTTPMethod, url: string) {
    if (this.router.hasRoute(method, url)) return;
    this.methods.add(method);
    this.router.on(method, url, () => undefined);
  }

  allowed(path: string): HTTPMethod[] {
    const found = [...this.methods].filter((method) => this.router.find(method, path) !== null);
    if (found.includes('GET') && !found.includes('HEAD')) found.push('HEAD');
    return found;
  }
}

/**
 * A request no route takes: OPTIONS gets 204 with Allow, another method of a known path 405 with
 * Allow, an unknown API path 404; always in the { error, code } shape.
 */
export const routingPlugin = fp(async (app: FastifyInstance) => {
  const exact = new MethodTable();
  const fallback = new MethodTable();
  app.addHook('onRoute', (route) => {
    const table = route.config?.catchAll === undefined ? exact : route.config.catchAll === 'fallback' ? fallback : undefined;
    for (const method of [route.method].flat()) table?.add(method as HTTPMethod, route.url);
  });

  const answerUnrouted = (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    const api = path === '/api' || path.startsWith('/api/');
    const found = exact.allowed(path);
    // The web app's catch-all serves every page path, never an API one.
    const allowed = found.length > 0 || api ? found : fallback.allowed(path);
    // No route for this method, or its route found nothing (a static file that is not there).
    if (allowed.length === 0 || allowed.includes(request.method as HTTPMethod)) {
      throw notFound(api ? `No API route ${request.method} ${path}` : 'Not found');
    }
    const allow = [...new Set([...allowed, 'OPTIONS'])].sort(byOrder);
    if (request.method === 'OPTIONS') return reply.code(204).header('allow', allow.join(', ')).send();
    throw methodNotAllowed(request.method, allow);
  };

  app.setNotFoundHandler(answerUnrouted);
  // Unknown API paths answer JSON, never the web app's 404 page.
  app.route({ method: ['GET', 'HEAD'], url: '/api/*', config: { catchAll: 'ignore', ...PUBLIC }, schema: { hide: true }, handler: answerUnrouted });
});
