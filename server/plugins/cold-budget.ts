import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import type { ColdBudget, ColdLane } from '../cache/cold-budget.ts';
import { NO_STORE } from '../cache/conditional.ts';
import { addressGroups } from '../shared/client-address.ts';

/**
 * Search engines' crawlers, known by the name in their User-Agent (docs/decisions/0034-a-rate-of-cold-work-per-address.md):
 * each has a bucket of its own per address group and waits for it instead of being refused. Not verified
 * by reverse DNS (a lookup per new address on the request path), so an agent that only claims the name
 * gets the crawler's smaller rate and, past its queue, the same 429.
 */
export const KNOWN_CRAWLERS = /\b(Googlebot|bingbot|YandexBot)\b/i;

/**
 * The budget one request's cold work is taken from: its address groups' (the /64 and the /56 and /48
 * around it for IPv6); none for the machine itself (a local tool, or a proxy TRUST_PROXY does not name),
 * and neither budget nor gate for a request a staff guard has authenticated (staff work goes ahead of
 * an attacker's: docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md).
 */
export function coldLaneOf(request: FastifyRequest): ColdLane {
  if (request.principal) return 'staff';
  const ip = request.ip;
  if (!ip || (ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback')) return undefined;
  const { narrow, wider } = addressGroups(ip);
  const crawler = KNOWN_CRAWLERS.exec(request.headers['user-agent'] ?? '')?.[1];
  return crawler ? { key: `${crawler.toLowerCase()} ${narrow}`, crawler: true, wider } : { key: narrow, crawler: false, wider };
}

/**
 * The refusal of a cold page, written once: the site's error page shape (web/root.tsx's ErrorBoundary
 * in its layout, with its stylesheet when the build names it), not a render, which is the very work refused.
 */
const BUSY_TEXTS = {
  429: ['Too many requests', 'Too many new pages from your address at once. Please try again in a moment.'],
  503: ['Server busy', 'The server is busy with new pages right now. Please try again in a moment.'],
} as const;

export function busyPageHtml(stylesheet: string | undefined, status: 429 | 503 = 429): string {
  const css = stylesheet ? `<link rel="stylesheet" href="${stylesheet}">` : '';
  const [title, text] = BUSY_TEXTS[status];
  return (
    '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title>${css}</head><body class="min-h-screen bg-ink text-slate-100 antialiased">` +
    `<main class="mx-auto max-w-xl p-8 text-center"><h1 class="text-2xl font-bold">${title}</h1>` +
    `<p class="mt-2 text-slate-400">${text}</p>` +
    '<a class="mt-4 inline-block text-violet-300 underline" href="/">Back to Home</a></main></body></html>\n'
  );
}

export function sendBusyPage(reply: FastifyReply, status: 429 | 503, retryAfterSeconds: number, html: string) {
  return reply.code(status).header('retry-after', String(retryAfterSeconds)).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(html);
}

/**
 * Runs each GET (and HEAD) route's handler as its request's, for the public-cache loads it starts (the API's cold
 * answers). Catch-all routes are left out: the pages' route takes from the budget once, before the
 * render, and the loads inside a page are free.
 */
export const coldBudgetPlugin = fp(async (app: FastifyInstance, { coldBudget }: { coldBudget: ColdBudget }) => {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => method === 'GET' || method === 'HEAD') || route.config?.catchAll !== undefined) return;
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      return coldBudget.within(
        () => coldLaneOf(request),
        () => handler.call(this, request, reply),
      );
    };
  });
});
