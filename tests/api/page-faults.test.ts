import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { CuttableRelay } from '../helpers/relay.ts';

// A page whose loader meets an unreachable database answers 503 with Retry-After, as the API does,
// never React Router's 500; once the database is back the same page renders
// (docs/decisions.md#database-faults-are-answers). The app reaches PostgreSQL through a TCP relay the
// test can cut: every connection ended and new ones refused.

describe.each(dialects.filter((dialect) => dialect === 'postgres'))('%s unreachable while pages render', () => {
  const relay = new CuttableRelay();
  let throwaway: ThrowawayDatabase;
  let db: Db;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let scriptId: number;

  beforeAll(async () => {
    throwaway = await throwawayDatabase('postgres');
    await relay.open();
    const config = loadConfig({ NODE_ENV: 'test', DEMO_CATALOGUE: 'off', VIEW_FLUSH_INTERVAL_MS: '3600000', ...throwaway.env, DATABASE_URL: relay.through(throwaway.env.DATABASE_URL as string) });
    db = openDatabase(config.database);
    await migrateToLatest(db);
    app = await buildApp({ config, db, web: { kind: 'build', dir: path.resolve('build') }, logger: false });
    await app.ready();
    scriptId = (await insertScript(app.services, { playsname: 'Relay Farm' })).id;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await relay.cut();
    await throwaway?.drop();
  });

  it('pages and the API answer 503 with Retry-After while it is cut, and render again once it is back', async () => {
    await relay.cut();
    for (const url of ['/scripts?sort=views', `/scripts/${scriptId}`, '/scripts.data?sort=updated', '/api/scripts/paginated?sort=trending']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBe(503);
      expect(answer.headers['retry-after'], url).toBe('1');
    }
    const api = await app.inject({ method: 'GET', url: '/api/scripts/paginated?sort=views' });
    expect(api.json()).toEqual({ error: expect.any(String), code: 'DATABASE_UNAVAILABLE' });

    await relay.open();
    const page = await app.inject({ method: 'GET', url: `/scripts/${scriptId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Relay Farm');
  });
});
