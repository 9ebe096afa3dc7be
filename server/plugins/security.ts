import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** script-src of every answer; a page adds the SHA-256 hashes of its own inline scripts. */
const SCRIPT_SRC = ["'self'"];

export function helmetOptions(development: boolean): HelmetOptions {
  return {
    // Vite's dev client needs eval and a websocket. In production no inline script runs unless
    // its hash is listed (pageCsp): React Router's hydration scripts are hashed per page.
    contentSecurityPolicy: development
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: SCRIPT_SRC,
            styleSrc: ["'self'", "'unsafe-inline'"],
            // data: for the panels' previews of a chosen image before it is uploaded (no blob: URLs).
            imgSrc: ["'self'", 'data:', 'https:'],
            connectSrc: ["'self'"],
            fontSrc: ["'self'", 'data:'],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            // Off: it would rewrite asset URLs to https on a plain-http deployment.
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet would set, computed once. Our policy has no per-request parts, and
 * @fastify/helmet rebuilds every helmet middleware on every request, which cost about a tenth of the
 * server's CPU on cached API answers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-…' sources for every inline script of a page, as a browser hashes their text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (text.length > 0) hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The policy of one rendered page: the site-wide one with the page's inline script hashes added.
 * Hashes rather than nonces because pages are cached and served to many visitors: a nonce repeated
 * across answers would be no nonce, while a hash is a property of the cached bytes themselves.
 */
export function pageCsp(basePolicy: string, hashes: string[]): string {
  if (hashes.length === 0) return basePolicy;
  return basePolicy.replace(/script-src ([^;]*)/, (_match, sources: string) => `script-src ${sources} ${hashes.join(' ')}`);
}

/** Staff answers and logins carry tokens and private data: no cache, shared or private, keeps them. */
export const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};

export interface SecurityOptions {
  development: boolean;
  /** The configured public origin; an https one makes every answer carry HSTS. */
  siteUrl: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site-wide Content-Security-Policy (undefined in development), for pageCsp. */
    contentSecurityPolicy: string | undefined;
  }
}

/** Security headers everywhere; HSTS only where the site is reached over HTTPS. */
export const securityPlugin = fp(async (app: FastifyInstance, { development, siteUrl }: SecurityOptions) => {
  const { 'strict-transport-security': hsts, ...headers } = helmetHeaders(helmetOptions(development));
  const alwaysHttps = siteUrl?.startsWith('https:') ?? false;
  app.decorate('contentSecurityPolicy', headers['content-security-policy']);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    reply.headers(headers);
    // Over plain HTTP the header is meaningless to browsers, and on a local or LAN deployment it
    // would wrongly pin the host to HTTPS; behind a TLS proxy, the trusted X-Forwarded-Proto counts.
    if (hsts && (alwaysHttps || request.protocol === 'https')) reply.header('strict-transport-security', hsts);
    done();
  });
});
