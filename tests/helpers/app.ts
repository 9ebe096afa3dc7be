import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/shared/config.ts';
import type { Db } from '../../server/db/database.ts';
import type { WebMode } from '../../server/plugins/web.ts';
import type { Services } from '../../server/services.ts';
import type { TestDialect } from './databases.ts';
import { migratedDatabase } from './migrated-database.ts';

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  config: Config;
  db: Db;
  close(): Promise<void>;
}

export interface TestOptions {
  /** Serve the built web app (needs `npm run build`); API-only otherwise. */
  web?: boolean;
  env?: Record<string, string>;
  /** The caches' clock (monotonic milliseconds), to see answers expire without waiting. */
  now?: () => number;
  /** The epoch clock (sessions, views per day, trending, empty searches), to move across days. */
  clock?: () => number;
  /** Told of every route as it is registered. */
  onRoute?: (route: RouteOptions) => void;
  /** PostgreSQL reached by another address than its own (a test's relay, tests/helpers/relay.ts). */
  databaseThrough?: (databaseUrl: string) => string;
}

/** A migrated throwaway database and an app on it; close() drops both. */
export async function createTestContext(dialect: TestDialect, options: TestOptions = {}): Promise<TestContext> {
  const throwaway = await migratedDatabase(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO_CATALOGUE: 'off',
    VIEW_FLUSH_INTERVAL_MS: '3600000',
    // The rate of cold work per address is off unless a suite sets it (tests/api/cold-fairness.test.ts):
    // suites asking many uncached answers from one fixed address would meet it or not by how fast the
    // machine runs them.
    COLD_REQUESTS_PER_SECOND: '0',
    ...throwaway.env,
    ...options.env,
    ...(options.databaseThrough && throwaway.env.DATABASE_URL ? { DATABASE_URL: options.databaseThrough(throwaway.env.DATABASE_URL) } : {}),
  });
  const db = await throwaway.open(config.database);
  const web: WebMode = options.web ? { kind: 'build', dir: path.resolve('build') } : { kind: 'none' };
  const app = await buildApp({ config, db, web, logger: false, now: options.now, clock: options.clock, onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    services: app.services,
    config,
    db,
    close: async () => {
      await app.close();
      await db.close();
      await throwaway.drop();
    },
  };
}
