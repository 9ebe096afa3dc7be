import cluster from 'node:cluster';
import path from 'node:path';
import v8 from 'node:v8';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { scheduleBackups } from './backup/scheduler.ts';
import { ROLE_VARIABLE, runPrimary, type ServerRole, type SetupMessage } from './cluster.ts';
import { type Config, ConfigError, loadConfig } from './shared/config.ts';
import { type Db, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { SHED_AT } from './cache/heap-guard.ts';
import { HEAP_SHARE } from './cache/bounded-store.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';
import { createLogger } from './logging.ts';
import { readyBanner } from './ready.ts';
import { warmUp } from './warm-up.ts';
import { createServices, type Services } from './services.ts';
import { bootstrapAdmin, type BootstrapResult } from './staff/admin-bootstrap.ts';

/** How long requests in flight may take to finish once a stop signal came. */
const SHUTDOWN_GRACE_MS = 5_000;

/** The heap the server needs besides its caches (code, requests in flight), measured at about 50 MB. */
const HEAP_BASELINE_BYTES = 64 * 1024 * 1024;

/** Process entry: configuration, then one process's part (docs/architecture.md, "Processes"). */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (cluster.isPrimary && config.workers > 1) {
    await runPrimary(config, createLogger(config));
    return;
  }
  const role = cluster.isPrimary ? undefined : (process.env[ROLE_VARIABLE] as ServerRole);
  const db = await openAndMigrate(config, role !== 'serve');
  if (role === 'setup') {
    const log = createLogger(config);
    const admin = await prepare(config, createServices(config, db, log), log);
    // The primary prints it once every worker listens (docs/product.md#admin-accounts: shown once, never logged).
    await new Promise<void>((resolve) => process.send?.({ kind: 'admin', admin } satisfies SetupMessage, () => resolve()) ?? resolve());
    await db.close();
    process.exit(0);
  }
  await serve(config, db, role === undefined);
}

/** Opens the database; the process that prepares it (a single process, or the setup worker) migrates it. */
async function openAndMigrate(config: Config, migrate: boolean): Promise<Db> {
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  let db: Db | undefined;
  try {
    db = openDatabase(config.database);
    if (migrate) await migrateToLatest(db);
    return db;
  } catch (error) {
    console.error(`Could not prepare the database ${where}: ${error instanceof Error ? error.message : String(error)}`);
    await db?.close().catch(() => undefined);
    process.exit(1);
  }
}

/** Behind a proxy, the site is meant to be shared: without SITE_URL no page may be (docs/decisions/0052-the-origin-from-configuration.md). */
const PROXY_WITHOUT_SITE_URL =
  'TRUST_PROXY is set but SITE_URL is not: pages name the origin of each request\'s Host header and are sent "Cache-Control: private, no-cache", so no shared cache keeps them. Set SITE_URL to the public origin (such as https://scripts.example.com).';

/** The admin account and the demo catalogue, once per start; warnings for a heap too small for the caches and a proxy without SITE_URL. */
async function prepare(config: Config, services: Services, log: Pick<Logger, 'info' | 'warn'>): Promise<BootstrapResult> {
  // `npm start` bounds the heap (package.json) so memory stays flat under traffic; the caches keep a
  // HEAP_SHARE of their bounds in it, and past SHED_AT of the limit the heap guard drops them.
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  const needed = HEAP_BASELINE_BYTES + (config.cacheBytes + config.pageCacheBytes) / HEAP_SHARE;
  if (needed > SHED_AT * heapLimit) {
    log.warn(`CACHE_MB + PAGE_CACHE_MB = ${(config.cacheBytes + config.pageCacheBytes) / 1024 / 1024} needs a larger heap than ${Math.round(heapLimit / 1024 / 1024)} MB: start node with --max-old-space-size=${Math.ceil(needed / SHED_AT / 1024 / 1024)}`);
  }
  if (config.trustProxy !== false && !config.siteUrl) log.warn(PROXY_WITHOUT_SITE_URL);
  const admin = await bootstrapAdmin(services.staff, config.admin);
  if (admin.kind === 'configured') {
    log.info(`Admin "${admin.username}" ${admin.created ? 'created' : 'password reset'} from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  }

  if (config.demoCatalogue && config.database.kind === 'sqlite') {
    const loaded = await seedDemoIfEmpty(services, config);
    if (loaded > 0) log.info(`Loaded a demo catalogue of ${loaded} scripts (DEMO_CATALOGUE=off turns this off).`);
  }
  return admin;
}

/** Builds the app and listens until a signal; `alone` is a single process that prepares first. */
async function serve(config: Config, db: Db, alone: boolean) {
  const web = config.env === 'development' ? ({ kind: 'vite' } as const) : ({ kind: 'build', dir: path.resolve('build') } as const);
  const app = await buildApp({ config, db, web });
  const admin = alone ? await prepare(config, app.services, app.log) : undefined;
  // The embedded database's snapshots in DATA_DIR/backups, one process at a time (docs/decisions/0023-backups.md).
  const backups = scheduleBackups(config, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    // Stop accepting, let requests in flight finish, flush buffered views (onClose), close the
    // database. A request that has not finished within the grace period has its connection cut:
    // no client, however slow or broken its request, can hold the shutdown or cost the views.
    const cut = setTimeout(() => {
      app.log.warn(`requests still in flight after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    const abandon = setTimeout(() => {
      app.log.error('shutdown did not finish; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 10_000);
    cut.unref();
    abandon.unref();
    try {
      await backups?.stop();
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  if (web.kind === 'build') {
    const warm = await warmUp(app, config.siteUrl);
    app.log.info({ pages: warm.pages.length, ms: warm.ms }, 'warmed up before taking traffic');
  }
  await app.listen({ port: config.port, host: config.host });
  if (alone) console.log(readyBanner(config, admin));
  // Stored analyses brought up to this analysis version, once per version, in the background (docs/decisions/0018-loader-analysis.md#stored-loader-analysis).
  app.services
    .backfillAnalyses({ onVersionChange: true })
    .then((stored) => stored > 0 && app.log.info(`Analysed the loaders of ${stored} scripts.`))
    .catch((error: unknown) => app.log.error({ err: error }, 'loader analysis backfill failed'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
