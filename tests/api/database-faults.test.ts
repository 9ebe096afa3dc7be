import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { freePort, type RunningEntry, spawnEntry, waitForHealthy } from '../helpers/processes.ts';
import { scriptForm } from '../helpers/staff.ts';
import { until } from '../helpers/wait.ts';

// Database faults are answers, not crashes (issue 24, docs/decisions.md#database-faults-are-answers).
// PostgreSQL: the app's backends are terminated every 150 ms while creates, votes, reports and reads
// run against a real WORKERS=2 process tree; no worker dies, no connection is cut, every failure a
// client sees is a 503 with Retry-After, and every acknowledged create is stored. Needs build/.

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

/** Pids of the workers that logged "Server listening". */
function listeningPids(stdout: string): number[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('Server listening'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections terminated during traffic', () => {
  let throwaway: ThrowawayDatabase;
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
    const port = await freePort();
    server = spawnEntry({
      ...throwaway.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_CATALOGUE: 'off',
      WORKERS: '2',
      TRUST_PROXY: 'true',
      // Buffered votes are written during the storm too.
      VIEW_FLUSH_INTERVAL_MS: '300',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    });
    base = `http://127.0.0.1:${port}`;
    await waitForHealthy(server, `${base}/api/health`, 60_000);
    await until('two workers listening', () => new Set(listeningPids(server.output().stdout)).size, (count) => count === 2);
    const login = await fetch(`${base}/api/al`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    token = ((await login.json()) as { token: string }).token;
    staff.authorization = `Bearer ${token}`;
  }, 90_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
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
