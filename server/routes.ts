import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit/routes.ts';
import { siteChannelAdminRoutes } from './channels/site-routes.ts';
import { domainRoutes } from './domains/routes.ts';
import { executorAdminRoutes, publicExecutorRoutes } from './executors/routes.ts';
import { gameAdminRoutes, publicGameRoutes } from './games/routes.ts';
import { metricsRoutes } from './health/metrics-routes.ts';
import { healthRoutes } from './health/routes.ts';
import { insightsRoutes } from './insights/routes.ts';
import { integrationRoutes } from './integrations/routes.ts';
import { rawRoutes } from './integrations/raw-routes.ts';
import { publicReportRoutes, staffReportRoutes } from './reports/routes.ts';
import { publicScriptRoutes } from './scripts/public-routes.ts';
import { publicScriptTypeRoutes, scriptTypeAdminRoutes } from './script-types/routes.ts';
import { staffScriptRoutes } from './scripts/staff-routes.ts';
import { publicVersionRoutes, staffVersionRoutes } from './scripts/versions-routes.ts';
import type { Services } from './services.ts';
import { createGuards } from './staff/guards.ts';
import { staffRoutes } from './staff/routes.ts';
import { voteRoutes } from './votes/routes.ts';
import { worksCheckedRoutes } from './votes/staff-routes.ts';

/** Every feature's routes, each given only the services it uses (docs/architecture.md#adding-a-feature).
 * The order is the OpenAPI document's. */
export async function registerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { config, idempotency } = services;
  await app.register(healthRoutes, { db: services.db });
  await app.register(publicScriptRoutes, { catalogue: services.catalogue, cache: services.cache, siteChannels: services.siteChannels });
  await app.register(publicVersionRoutes, { versions: services.versions });
  await app.register(publicGameRoutes, { games: services.games });
  await app.register(publicExecutorRoutes, { executors: services.executors });
  await app.register(publicScriptTypeRoutes, { types: services.types });
  await app.register(voteRoutes, { votes: services.votes, idempotency });
  await app.register(integrationRoutes, { integrations: services.integrations, siteUrl: config.siteUrl });
  await app.register(rawRoutes, { integrations: services.integrations, siteUrl: config.siteUrl });

  const guards = createGuards(services.auth);
  await app.register(metricsRoutes, { cache: services.cache, pages: services.pages, heap: services.heap, guards, voteFlush: () => services.votes.flushFigures(), coldGate: services.coldGate, databasePool: () => services.db.poolFigures() });
  await app.register(staffRoutes, { auth: services.auth, moderators: services.moderators, guards, idempotency });
  await app.register(staffScriptRoutes, { staffScripts: services.staffScripts, uploadMaxBytes: config.uploadMaxBytes, guards, idempotency });
  await app.register(staffVersionRoutes, { versions: services.versions, guards, idempotency });
  await app.register(siteChannelAdminRoutes, { siteChannels: services.siteChannels, guards, idempotency });
  await app.register(gameAdminRoutes, { games: services.games, uploadMaxBytes: config.uploadMaxBytes, guards, idempotency });
  await app.register(executorAdminRoutes, { executors: services.executors, guards, idempotency });
  await app.register(scriptTypeAdminRoutes, { types: services.types, guards, idempotency });
  await app.register(domainRoutes, { domains: services.domains, guards, idempotency });
  await app.register(insightsRoutes, { insights: services.insights, guards });
  await app.register(auditRoutes, { audit: services.audit, guards });
  const { scripts, db, votes, cache, audit } = services;
  await app.register(worksCheckedRoutes, { scripts, db, votes, cache, audit, guards });
  await app.register(publicReportRoutes, { reports: services.reports });
  await app.register(staffReportRoutes, { reports: services.reports, visibility: services.visibility, guards });
}
