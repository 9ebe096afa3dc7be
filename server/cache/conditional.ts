import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a browser, nginx or a CDN may do with a public answer (docs/decisions/0035-shared-caches-in-front.md):
 * a browser revalidates every time (a cheap 304); a shared cache keeps it 1 s, the window in which an
 * edit reaches the pages. No `stale-while-revalidate`: browsers honour it too, and the staff panels, which
 * read public answers (the games list), would show the list from before their own write.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=1';

/**
 * Pages, feeds and the sitemap when SITE_URL is unset: their links name the origin of the request's
 * Host, so only the browser that asked may keep them (and revalidate them with their tag).
 */
export const PER_REQUEST_ORIGIN = 'private, no-cache';

/** Answers that carry a token, a visitor's own data or anything else no cache may keep. */
export const NO_STORE = 'no-store';

/** The tags of cached byte arrays, computed once per cached entry and dropped with it. */
const tags = new WeakMap<object, string>();

/**
 * A strong entity tag of `bytes`, remembered for `entry` (the cached object the bytes belong to). The
 * bytes are the identity bytes or a deterministic compression of them, so two different bodies never
 * share a tag; every encoding of one body shares it, which `Vary: Accept-Encoding` keeps apart in caches.
 */
export function entityTag(entry: object, bytes: Buffer | string): string {
  let tag = tags.get(entry);
  if (tag === undefined) {
    tag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    tags.set(entry, tag);
  }
  return tag;
}

/** The opaque part of an entity tag, for the weak comparison (RFC 9110 §8.8.3.2). */
function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * Whether `If-None-Match` names `tag` (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly.
 * Anything malformed simply matches nothing, so the full answer is sent.
 */
export function noneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(tag);
  for (const part of header.split(',')) {
    if (opaque(part.trim()) === wanted) return true;
  }
  return false;
}

/** A request that names someone (a staff token): its answer is never one a shared cache could keep. */
export function isPersonal(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined;
}

/**
 * Sets the validators of a public answer and, when the client already has these bytes, answers 304
 * with no body. Returns true when it answered. A request carrying credentials gets `no-store` and
 * no tag: nothing personal may reach a shared cache, whatever the route would otherwise send.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, tag: string, cacheControl = SHARED_CACHE_CONTROL): boolean {
  if (isPersonal(request)) {
    reply.header('cache-control', NO_STORE);
    return false;
  }
  reply.header('etag', tag).header('cache-control', cacheControl);
  if (!noneMatch(request.headers['if-none-match'], tag)) return false;
  reply.code(304).send();
  return true;
}

/** Sends cached JSON bytes as a public, revalidatable answer (the public API's routes; `cacheControl`: PER_REQUEST_ORIGIN for answers naming the request's origin). */
export function sendPublicJson(request: FastifyRequest, reply: FastifyReply, json: Buffer, cacheControl = SHARED_CACHE_CONTROL): void {
  reply.header('vary', 'accept-encoding');
  if (answeredNotModified(request, reply, entityTag(json, json), cacheControl)) return;
  reply.header('content-type', 'application/json; charset=utf-8').send(json);
}

