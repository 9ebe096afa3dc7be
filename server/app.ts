import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { siteChannelAdminRoutes } from './channels/site-routes.ts';
import { healthRoutes } from './health/routes.ts';
import { createGuards } from './plugins/auth.ts';
import { apiNotFound, errorsPlugin } from './plugins/errors.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { type WebMode, webPlugin } from './plugins/web.ts';
import { publicScriptRoutes } from './scripts/public-routes.ts';
import { staffScriptRoutes } from './scripts/staff-routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { createServices, type Services } from './services.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  web: WebMode;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Logs never carry credentials: these request parts are masked wherever they appear. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  // @fastify/multipart logs its busboy options, headers included, at trace level. Named, not
  // '*.headers...': a leading wildcard makes pino run redaction over every request's bindings.
  'busboyOptions.headers.authorization',
  'busboyOptions.headers.cookie',
];

/**
 * Builds the Fastify instance: external plugins, then the app's own, then routes.
 * Does no I/O of its own beyond what registration needs; the caller owns the database.
 */
export async function buildApp({ config, db, web, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = createServices(config, db, app.log);
  app.decorate('services', services);
  services.views.start();
  // Expired sessions and old failed logins are swept every ten minutes.
  const sweeper = setInterval(() => {
    services.auth.prune().catch((error: unknown) => app.log.error({ err: error }, 'session sweep failed'));
  }, 10 * 60 * 1000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  // Buffered views are written before the database closes.
  app.addHook('onClose', async () => services.views.stop());

  // External plugins.
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { development: web.kind === 'vite' });
  await app.register(openApiPlugin, { siteName: config.siteName });

  // The app's own routes.
  await app.register(healthRoutes, { services });
  await app.register(publicScriptRoutes, { services });
  const guards = createGuards(services.auth);
  await app.register(staffRoutes, { services, guards });
  await app.register(staffScriptRoutes, { services, guards });
  await app.register(siteChannelAdminRoutes, { services, guards });
  await app.register(uploadsPlugin, { uploadsDir: config.uploadsDir });
  apiNotFound(app);

  // Everything else is the web app.
  await app.register(webPlugin, {
    mode: web,
    htmlCache: services.cache,
    loadContext: () => services.loadContext,
    // A script's page (or its client-side data request) counts a view like the API's detail call.
    onPage: (request, pathname) => {
      const match = /^\/scripts\/(\d{1,10})(?:\.data)?$/.exec(pathname);
      if (match) services.catalogue.recordView(Number(match[1]), { ip: request.ip, userAgent: request.headers['user-agent'] });
    },
  });
  return app;
}
