import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export function helmetOptions(development: boolean): HelmetOptions {
  return {
    // React Router's hydration data is an inline script; Vite's dev client needs eval and a websocket.
    contentSecurityPolicy: development
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", "'unsafe-inline'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            // blob: for the panels' previews of a chosen image before it is uploaded.
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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
 * The headers helmet would set, computed once. Our policy has no per-request parts (no nonces), and
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

/** Security headers everywhere; rate limits are opt-in per route (config.rateLimit). */
export const securityPlugin = fp(async (app: FastifyInstance, { development }: { development: boolean }) => {
  const headers = helmetHeaders(helmetOptions(development));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(rateLimit, { global: false });
});
