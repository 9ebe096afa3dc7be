import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import { COLD_RETRY_AFTER_SECONDS, type ColdLane, type ColdWork } from '../cache/cold-work.ts';
import { addressGroup } from '../shared/client-address.ts';

/**
 * Search engines' crawlers, known by their user agent (docs/decisions.md#fair-share-of-cold-work):
 * they share one lane with a queue of its own and are not told 429 while it has room. The agent is
 * not verified (reverse DNS would cost a lookup per address), so a fake one is only ever held to
 * that shared, small lane.
 */
export const KNOWN_CRAWLERS = /\b(Googlebot|Google-InspectionTool|Storebot-Google|bingbot|YandexBot|YandexMobileBot|YandexImages|DuckDuckBot|Applebot|Baiduspider)\b/i;

/** The lane one request's cold work counts in; none for the machine itself (a local tool, or a proxy TRUST_PROXY does not name). */
export function coldLaneOf(request: FastifyRequest): ColdLane {
  const ip = request.ip;
  if (!ip || (ipaddr.isValid(ip) && isLoopback(ipaddr.process(ip)))) return undefined;
  if (KNOWN_CRAWLERS.test(request.headers['user-agent'] ?? '')) return { key: 'crawlers', crawler: true };
  return { key: addressGroup(ip), crawler: false };
}

function isLoopback(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return address.range() === 'loopback';
}

/** A refused page: a small plain answer, not a render (which is the very work refused). */
export function sendBusyPage(reply: FastifyReply) {
  return reply
    .code(429)
    .header('retry-after', String(COLD_RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send('<!doctype html><meta charset="utf-8"><title>429 Too many requests</title><h1>Too many requests</h1><p>Too many pages at once from your address. Please try again in a moment.</p>\n');
}

/** Names each request's lane for the cold work its handler starts (public-cache misses). */
export const coldWorkPlugin = fp(async (app: FastifyInstance, { coldWork }: { coldWork: ColdWork }) => {
  app.addHook('preHandler', (request, _reply, done) => coldWork.enter(coldLaneOf(request), done));
});
