import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/shared/config.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { type BuiltServer, type RunningEntry, startBuiltWorkers } from '../helpers/processes.ts';
import { insertScript } from '../helpers/factories.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { CuttableRelay } from '../helpers/relay.ts';
import { scriptForm } from '../helpers/staff.ts';
import { until } from '../helpers/wait.ts';

// Database faults are answers, not crashes (issue 24, docs/decisions/0027-database-faults-are-answers.md).
// PostgreSQL: the app's backends are terminated every 150 ms while creates, votes, reports and reads
// run against a real WORKERS=2 process tree; no worker dies, no connection is cut, every failure a
// client sees is a 503 with Retry-After, and every acknowledged create is stored. Needs build/.
// SQLite: a writer waits for the write lock another connection holds without holding the event loop,
// and a lock held past the wait is a 503 with Retry-After, never a 500 "database is locked".

const ADMIN = { username: 'faultsadmin', password: 'faults-password-1' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const STORM_MS = 4_000;
const TERMINATE_EVERY_MS = 150;

interface Outcome {
  what: string;
  status: number;
  retryAfter: string | null;
  code: string | undefined;
  /** A connection-level failure (reset, refused): what a crashing worker gives its clients. */
  failure?: string;
}

/** Answers counted by request kind and status (connection failures as 0), for the failure message. */
function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { what, status } of outcomes) counts[`${what} ${status}`] = (counts[`${what} ${status}`] ?? 0) + 1;
  return counts;
}


describe.each(dialects.filter((dialect) => dialect === 'postgres'))('%s connections terminated during traffic', () => {
  let throwaway: ThrowawayDatabase;
  let running: BuiltServer | undefined;
  let server: RunningEntry;
  let base: string;
  let token: string;

  const send = async (what: string, path: string, init: RequestInit = {}): Promise<Outcome & { body: unknown }> => {
    try {
      const response = await fetch(`${base}${path}`, init);
      const text = await response.text();
      const body = text.startsWith('{') ? (JSON.parse(text) as unknown) : text;
      return { what, status: response.status, retryAfter: response.headers.get('retry-after'), code: (body as { code?: string }).code, body };
    } catch (error) {
      return { what, status: 0, retryAfter: null, code: undefined, body: undefined, failure: String((error as Error).cause ?? error) };
    }
  };
  const staff = { authorization: '' };
  const visitor = (n: number) => ({ 'user-agent': BROWSER, 'x-forwarded-for': `198.51.100.${n % 250}`, 'content-type': 'application/json' });

  beforeAll(async () => {
    throwaway = await throwawayDatabase('postgres');
    // Buffered votes are written during the storm too.
    ({ server, base, token } = (running = await startBuiltWorkers(throwaway.env, ADMIN, { TRUST_PROXY: 'true', VIEW_FLUSH_INTERVAL_MS: '300' })));
    staff.authorization = `Bearer ${token}`;
  }, 90_000);
  afterAll(async () => {
    await running?.kill();
    await throwaway?.drop();
  });

  const create = (name: string) => send('create', '/api/ac', { method: 'POST', headers: staff, body: scriptForm({ playsname: name, description: 'Storm', loadstring: 'print(1)' }) });

  /** One visitor's round: a create, reads that miss the caches, a vote and a report. */
  async function round(lane: number, step: number, ids: number[], acknowledged: Map<number, string>): Promise<Outcome[]> {
    const name = `Storm ${lane}-${step}`;
    const created = await create(name);
    if (created.status === 201) {
      const id = (created.body as { id: number }).id;
      acknowledged.set(id, name);
      ids.push(id);
    }
    const id = ids[(lane + step) % ids.length] as number;
    const n = lane * 40 + step;
    return [
      created,
      await send('read', `/api/scripts/${ids[ids.length - 1]}`),
      await send('list', `/api/scripts/paginated?sort=newest&limit=5&offset=${n}`),
      await send('vote', `/api/scripts/${id}/vote`, { method: 'POST', headers: visitor(n), body: JSON.stringify({ value: step % 2 ? 'like' : 'dislike' }) }),
      await send('report', `/api/scripts/${id}/reports`, { method: 'POST', headers: visitor(n), body: JSON.stringify({ reason: 'broken' }) }),
    ];
  }

  it('no worker dies, every failure is a 503 with Retry-After, and every acknowledged create is stored', async () => {
    const ids: number[] = [];
    for (const name of ['Seed one', 'Seed two']) ids.push(((await create(name)).body as { id: number }).id);
    const acknowledged = new Map<number, string>();

    const terminator = new pg.Client({ connectionString: (throwaway.database as { url: string }).url });
    await terminator.connect();
    let terminated = 0;
    const stormEnds = Date.now() + STORM_MS;
    const storm = (async () => {
      while (Date.now() < stormEnds) {
        const { rows } = await terminator.query<{ done: boolean }>(
          'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        terminated += rows.filter((row) => row.done).length;
        await new Promise((resolve) => setTimeout(resolve, TERMINATE_EVERY_MS));
      }
    })();
    const lanes = Array.from({ length: 6 }, async (_, lane) => {
      const outcomes: Outcome[] = [];
      for (let step = 0; Date.now() < stormEnds; step += 1) outcomes.push(...(await round(lane, step, ids, acknowledged)));
      return outcomes;
    });
    const outcomes = (await Promise.all(lanes)).flat();
    await storm;
    await terminator.end();

    // The storm really cut the app's connections, again and again.
    expect(terminated).toBeGreaterThan(10);
    // Connection-level failures and 5xx other than 503 + Retry-After: none.
    const broken = outcomes.filter((outcome) => outcome.failure !== undefined || (outcome.status >= 500 && !(outcome.status === 503 && Number(outcome.retryAfter) >= 1)));
    expect(broken.slice(0, 3), `answers by kind and status: ${JSON.stringify(tally(outcomes))}`).toEqual([]);
    const unavailable = outcomes.filter((outcome) => outcome.status === 503);
    for (const outcome of unavailable) expect(['DATABASE_UNAVAILABLE', 'SERVICE_UNAVAILABLE']).toContain(outcome.code);
    const expected: Record<string, number[]> = { create: [201, 503], read: [200, 503], list: [200, 503], vote: [200, 429, 503], report: [201, 429, 503] };
    for (const outcome of outcomes) expect(expected[outcome.what], `${outcome.what} answered ${outcome.status}`).toContain(outcome.status);
    // Most requests still succeed: failures are the exception the storm causes, not the rule.
    expect(outcomes.filter((outcome) => outcome.status < 300).length).toBeGreaterThan(unavailable.length);

    expect(server.child.exitCode).toBeNull();
    expect(server.output().stdout).not.toMatch(/worker \d+ died/);
    expect(server.output().stderr).not.toContain("Unhandled 'error' event");

    // The pool heals by itself: after the storm every request answers normally.
    for (let index = 0; index < 10; index += 1) {
      expect((await send('health', '/api/health')).status).toBe(200);
      expect((await send('list', `/api/scripts/paginated?sort=newest&limit=3&offset=${index}`)).status).toBe(200);
    }
    const after = await create('After the storm');
    expect(after.status).toBe(201);
    const afterId = (after.body as { id: number }).id;
    // The change feed's listeners came back too: an edit through one worker reaches both workers' caches.
    for (let index = 0; index < 4; index += 1) expect((await send('read', `/api/scripts/${afterId}`)).status).toBe(200);
    const edit = await send('edit', `/api/update-script/${afterId}`, { method: 'PATCH', headers: staff, body: scriptForm({ playsname: 'Edited after the storm' }) });
    expect(edit.status).toBe(200);
    acknowledged.set(afterId, 'Edited after the storm');
    await until(
      'both workers to answer the edit',
      async () => Promise.all([1, 2, 3, 4].map(async () => ((await send('read', `/api/scripts/${afterId}`)).body as { playsname: string }).playsname)),
      (names) => names.every((name) => name === 'Edited after the storm'),
      10_000,
    );

    const db = openDatabase(throwaway.database);
    try {
      const rows = await db.kysely.selectFrom('scripts').select(['id', 'playsname']).where('id', 'in', [...acknowledged.keys()]).execute();
      expect(new Map(rows.map((row) => [row.id, row.playsname]))).toEqual(acknowledged);
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('SQLite write lock held by another connection', () => {
  let throwaway: ThrowawayDatabase;
  let db: Db;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let other: SQLite.Database;
  let scriptId: number;

  beforeAll(async () => {
    throwaway = await throwawayDatabase('sqlite');
    const config = loadConfig({ NODE_ENV: 'test', DEMO_CATALOGUE: 'off', VIEW_FLUSH_INTERVAL_MS: '3600000', ...throwaway.env });
    // A short wait, so the test of a lock held past it stays short.
    db = openDatabase(config.database, { writeLockWaitMs: 2_000 });
    await migrateToLatest(db);
    app = await buildApp({ config, db, web: { kind: 'none' }, logger: false });
    await app.ready();
    scriptId = (await insertScript(app.services, { playsname: 'Locked out' })).id;
    // Another process's writer, as a second worker or the CLI would be.
    other = new SQLite((throwaway.database as { file: string }).file);
  });
  afterAll(async () => {
    other?.close();
    await app?.close();
    await db?.close();
    await throwaway?.drop();
  });

  const report = (n: number) =>
    app.inject({ method: 'POST', url: `/api/scripts/${scriptId}/reports`, payload: { reason: 'broken' }, remoteAddress: `203.0.113.${n}`, headers: { 'user-agent': BROWSER } });
  const reports = () => other.prepare('select count(*) as n from reports').get() as { n: number };

  it('a writer waits for the lock without holding the event loop, then its write is stored', async () => {
    const before = reports().n;
    other.exec('begin immediate');
    let released = false;
    const waiting = report(1).then((answer) => ({ answer, released }));
    // Time for the writer to reach the lock (a waiting writer that held the event loop, as SQLite's
    // own busy handler does, would hold this timer too, and fail after its 5 s with the lock still held).
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The server answers other requests while its writer waits: the lock is released only after.
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    released = true;
    other.exec('commit');
    const { answer, released: afterRelease } = await waiting;
    expect(answer.statusCode, answer.body).toBe(201);
    expect(afterRelease).toBe(true);
    expect(reports().n).toBe(before + 1);
  });

  it('a lock held past the wait is a 503 with Retry-After that stores nothing', async () => {
    const before = reports().n;
    other.exec('begin immediate');
    try {
      const answer = await report(2);
      expect(answer.statusCode).toBe(503);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.json()).toEqual({ error: expect.any(String), code: 'DATABASE_UNAVAILABLE' });
    } finally {
      other.exec('commit');
    }
    expect(reports().n).toBe(before);
    // And once the lock is free the same request goes through.
    expect((await report(2)).statusCode).toBe(201);
  });
});

// A page whose loader meets an unreachable database answers 503 with Retry-After, as the API does,
// never React Router's 500; once the database is back the same page renders
// (docs/decisions/0027-database-faults-are-answers.md). The app reaches PostgreSQL through a TCP relay the
// test can cut: every connection ended and new ones refused.

describe.each(dialects.filter((dialect) => dialect === 'postgres'))('%s unreachable while pages render', () => {
  const relay = new CuttableRelay();
  let ctx: TestContext;
  let app: TestContext['app'];
  let scriptId: number;

  beforeAll(async () => {
    await relay.open();
    ctx = await createTestContext('postgres', { web: true, env: { COLD_REQUESTS_PER_SECOND: '10' }, databaseThrough: (url) => relay.through(url) });
    app = ctx.app;
    scriptId = (await insertScript(app.services, { playsname: 'Relay Farm' })).id;
  });
  afterAll(async () => {
    await relay.open();
    await ctx?.close();
    await relay.cut();
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
