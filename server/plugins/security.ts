import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers everywhere; rate limits are opt-in per route (config.rateLimit). */
export const securityPlugin = fp(async (app: FastifyInstance, { development }: { development: boolean }) => {
  await app.register(helmet, {
    // React Router's hydration data is an inline script; Vite's dev client needs eval and a websocket.
    contentSecurityPolicy: development
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", "'unsafe-inline'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
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
  });
  await app.register(rateLimit, { global: false });
});
