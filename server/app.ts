import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { scriptIdOfPage } from './cache/page-cache.ts';
import { relayWrites } from './db/cluster-relay.ts';
import type { Db } from './db/database.ts';
import { DatabaseImageStorage } from './images/database-storage.ts';
import { createLogger, logsEveryRequest, requestLineHook } from './logging.ts';
import { coldBudgetPlugin, coldLaneOf } from './plugins/cold-budget.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { clientErrorHandler, frameworkErrors, protocolPlugin, REQUEST_TIMEOUT_MS } from './plugins/protocol.ts';
import { routingPlugin } from './plugins/routing.ts';
import { securityPlugin } from './plugins/security.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { type WebMode, webPlugin } from './plugins/web.ts';
import { registerRoutes } from './routes.ts';
import { createServices, type Services } from './services.ts';
import { type Config, proxyTrust } from './shared/config.ts';

/** The query of a request target (origin-form or absolute-form). */
function searchOf(url: string): URLSearchParams {
  return new URL(url, 'http://target.invalid').searchParams;
}

export interface AppDeps {
  config: Config;
  db: Db;
  web: WebMode;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** The caches' clock (monotonic milliseconds); tests move it forward. */
  now?: () => number;
  /** The sessions', login throttle's, views per day's and trending's clock (epoch milliseconds, Date.now by default); tests move it forward. */
  clock?: () => number;
  /** Told of every route as it is registered (the test that holds each route to the authorization matrix). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** The Fastify instance with its server options, logger and zod compilers; no routes yet. */
function createFastify({ config, logger, onRoute }: Pick<AppDeps, 'config' | 'logger' | 'onRoute'>): FastifyInstance {
  const app = Fastify({
    ...(logger === undefined ? { loggerInstance: createLogger(config) as FastifyBaseLogger } : { logger }),
    logController: new LogController({ disableRequestLogging: !logsEveryRequest(config) }),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A request (headers and body) must arrive whole within this time, or it is answered 408.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // A missing Host is answered by protocolPlugin, in the { error, code } shape, not by Node.
    http: { requireHostHeader: false },
    clientErrorHandler,
    frameworkErrors,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  if (logger !== false && !logsEveryRequest(config)) requestLineHook(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** Starts the services' timers and the change feed, each stopped when the app closes. */
async function startServices(app: FastifyInstance, services: Services, db: Db): Promise<void> {
  services.views.start();
  services.votes.start();
  services.runs.start();
  services.heap.start();
  app.addHook('onClose', async () => services.heap.stop());
  // Expired sessions, old failed logins and idempotency keys past their day are swept every ten minutes.
  const sweeper = setInterval(() => {
    services.auth.prune().catch((error: unknown) => app.log.error({ err: error }, 'session sweep failed'));
    services.idempotency.sweep().catch((error: unknown) => app.log.error({ err: error }, 'idempotency key sweep failed'));
  }, 10 * 60 * 1000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  // Buffered views are written before the database closes.
  app.addHook('onClose', async () => services.views.stop());
  app.addHook('onClose', async () => services.votes.stop());
  app.addHook('onClose', async () => services.runs.stop());
  // Other processes' and instances' catalogue writes drop what they reach here too.
  const stopListening = await db.changes.listen(
    (change) => services.cache.changed(change),
    (error) => app.log.error({ err: error }, 'catalogue change feed failed'),
  );
  app.addHook('onClose', stopListening);
  // A write's changes reach this machine's other workers before its answer leaves (docs/decisions/0026-read-your-writes-across-workers.md).
  relayWrites(app, db.changes.siblings);
}

/** Uploaded images, then everything else: the web app. */
async function registerWeb(app: FastifyInstance, services: Services, web: WebMode): Promise<void> {
  const { config } = services;
  await app.register(uploadsPlugin, {
    source: services.images instanceof DatabaseImageStorage ? { kind: 'database', storage: services.images } : { kind: 'disk', dir: config.uploadsDir },
  });
  await app.register(webPlugin, {
    mode: web,
    pageCache: services.pages,
    siteUrl: config.siteUrl,
    contentSecurityPolicy: app.contentSecurityPolicy,
    loadContext: () => services.loadContext,
    admitColdPage: (request) => services.coldBudget.admit(coldLaneOf(request)),
    // A script's page (or its client-side data request) counts a view like the API's detail call.
    onPage: (request, pathname) => {
      const id = scriptIdOfPage(pathname);
      if (id !== undefined) services.catalogue.recordView(id, { ip: request.ip, userAgent: request.headers['user-agent'] });
      // A /scripts search that found nothing counts, rendered or from the page cache (docs/decisions/0014-insights-and-empty-searches.md#empty-searches).
      if (pathname === '/scripts') services.catalogue.recordPageSearch(searchOf(request.url), { ip: request.ip, userAgent: request.headers['user-agent'] });
    },
  });
}

/**
 * Builds the Fastify instance: external plugins, then the app's own, then routes.
 * Does no I/O of its own beyond what registration needs; the caller owns the database.
 */
export async function buildApp({ config, db, web, logger, now, clock, onRoute }: AppDeps): Promise<FastifyInstance> {
  const app = createFastify({ config, logger, onRoute });
  const services = createServices(config, db, app.log, { now, clock });
  app.decorate('services', services);
  await startServices(app, services, db);

  // External plugins.
  await app.register(errorsPlugin);
  await app.register(protocolPlugin);
  await app.register(routingPlugin);
  await app.register(securityPlugin, { development: web.kind === 'vite', siteUrl: config.siteUrl });
  await app.register(openApiPlugin, { siteName: config.siteName });
  await app.register(coldBudgetPlugin, { coldBudget: services.coldBudget });

  await registerRoutes(app, services);
  await registerWeb(app, services, web);
  return app;
}
