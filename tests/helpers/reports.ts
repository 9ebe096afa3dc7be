import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/shared/config.ts';
import type { Db } from '../../server/db/database.ts';
import type { WebMode } from '../../server/plugins/web.ts';
import type { Services } from '../../server/services.ts';
import type { TestDialect } from './databases.ts';
import { migratedDatabase } from './migrated-database.ts';

/** A browser's User-Agent: reports, like views, are taken from browsers only. */
export const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

let addressSequence = 0;
/** A fresh visitor address, so one test's reports never count against another's limit. */
export const freshVisitorAddress = () => `10.88.${Math.floor(++addressSequence / 250) % 250}.${(addressSequence % 250) + 1}`;

/** POST /api/scripts/{id}/reports as a browser (a fresh address unless one is given). */
export function postReport(ctx: { app: FastifyInstance }, scriptId: number | string, payload: InjectOptions['payload'], options: { address?: string; agent?: string | null } = {}) {
  const agent = options.agent === undefined ? BROWSER_AGENT : options.agent;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/scripts/${scriptId}/reports`,
    headers: agent === null ? {} : { 'user-agent': agent },
    remoteAddress: options.address ?? freshVisitorAddress(),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** An app with what tests read of it: its HTTP entry, services and database. */
export interface SharedApp {
  app: FastifyInstance;
  services: Services;
  db: Db;
}

/**
 * Two apps, each with its own connections, caches and change listener, on one throwaway database:
 * two instances of the product, in one test process.
 */
export async function twoAppsOnOneDatabase(dialect: TestDialect, options: { web?: boolean } = {}): Promise<{ apps: [SharedApp, SharedApp]; close(): Promise<void> }> {
  const throwaway = await migratedDatabase(dialect);
  const config = loadConfig({ NODE_ENV: 'test', DEMO_CATALOGUE: 'off', VIEW_FLUSH_INTERVAL_MS: '3600000', ...throwaway.env });
  const web: WebMode = options.web ? { kind: 'build', dir: path.resolve('build') } : { kind: 'none' };
  const open = async (): Promise<SharedApp> => {
    const db = await throwaway.open(config.database);
    const app = await buildApp({ config, db, web, logger: false });
    await app.ready();
    return { app, services: app.services, db };
  };
  const first = await open();
  const second = await open();
  return {
    apps: [first, second],
    close: async () => {
      for (const { app, db } of [first, second]) {
        await app.close();
        await db.close();
      }
      await throwaway.drop();
    },
  };
}
