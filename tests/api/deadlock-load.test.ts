import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { type Instance, startInstance } from '../helpers/processes.ts';

// Issue 36, item 1: two server processes on one PostgreSQL database take staff edits that move
// scripts between executors, games and patched, beside executor PATCH/DELETE and visitors' works
// answers, for a bounded while. Every answer is a 2xx or a 4xx (never a 5xx: a deadlock is neither
// the client's fault nor a reason to fail), and afterwards every kept count equals a recount from
// the base tables. Before the fix, each of three runs answered 3–5 staff writes 500 (executor PATCH,
// DELETE and edits). Needs build/ (the server starts in production mode).

const ADMIN = { username: 'deadlockadmin', password: 'deadlock-password-1' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const LOAD_MS = 12_000;
const SCRIPTS = 24;
const GAMES = ['Arsenal', 'Blox Fruits', 'Brookhaven'];
const PLATFORM_SETS = [['windows'], ['android'], ['windows', 'ios'], ['mac', 'android']];
// Each works answer names its visitor in X-Forwarded-For; the votes are flushed during the load.
const LOAD_ENV = { TRUST_PROXY: 'loopback', VIEW_FLUSH_INTERVAL_MS: '200' };

/** The kept counts beside the same counts taken from the base tables; each pair must be equal. */
async function countsAndRecounts(db: Db) {
  const rows = async (query: ReturnType<typeof sql<Record<string, unknown>>>) =>
    (await query.execute(db.kysely)).rows.map((row) => Object.values(row).map(Number).join(' '));
  // Named columns: rows arrive as objects, so two unnamed CASE columns would be one.
  const facetKey = (s: string) => `coalesce(${s}.game_id, 0) AS game_id, ${s}.universal, ${s}.key_system, ${s}.patched, ${s}.verified,
    CASE WHEN (${s}.platforms & 3) <> 0 THEN 1 ELSE 0 END AS pc, CASE WHEN (${s}.platforms & 12) <> 0 THEN 1 ELSE 0 END AS mobile`;
  return {
    scriptFacets: await rows(sql`SELECT game_id, universal, key_system, patched, verified, pc, mobile, scripts FROM script_facets WHERE scripts <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7`),
    scriptFacetsRecount: await rows(sql`SELECT ${sql.raw(facetKey('s'))}, count(*) FROM scripts AS s WHERE s.hidden = 0 GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7`),
    executorFacets: await rows(sql`SELECT executor_id, game_id, universal, key_system, patched, verified, pc, mobile, scripts FROM executor_facets WHERE scripts <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`),
    executorFacetsRecount: await rows(sql`SELECT se.executor_id, ${sql.raw(facetKey('s'))}, count(*) FROM script_executors AS se JOIN scripts AS s ON s.id = se.script_id
      WHERE se.works = 1 AND s.hidden = 0 GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`),
    catalogue: await rows(sql`SELECT value FROM catalogue_counts WHERE name = 'scripts'`),
    catalogueRecount: await rows(sql`SELECT count(*) FROM scripts WHERE hidden = 0`),
    answers: await rows(sql`SELECT script_id, executor_id, works_yes, works_no FROM script_executors WHERE works_yes <> 0 OR works_no <> 0 ORDER BY 1, 2`),
    answersRecount: await rows(sql`SELECT script_id, executor_id, sum(works) AS yes, sum(1 - works) AS no FROM script_executor_votes WHERE counted = 1 GROUP BY 1, 2 ORDER BY 1, 2`),
    platforms: await rows(sql`SELECT id, platforms FROM scripts ORDER BY id`),
    platformsRecount: await rows(sql`SELECT s.id, (SELECT coalesce(bit_or(e.platforms), 0) FROM script_executors AS se JOIN executors AS e ON e.id = se.executor_id
      WHERE se.script_id = s.id AND se.works = 1) AS platforms FROM scripts AS s ORDER BY s.id`),
  };
}

describe.each(dialects.filter((dialect) => dialect === 'postgres'))('staff edits, executor writes and works answers through two processes on %s', (dialect) => {
  let throwaway: ThrowawayDatabase;
  const instances: Instance[] = [];
  let token = '';

  beforeAll(async () => {
    throwaway = await throwawayDatabase(dialect);
    // One after the other: the first migrates and creates the admin, the second finds both done.
    instances.push(await startInstance({ ...throwaway.env, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...LOAD_ENV }));
    instances.push(await startInstance({ ...throwaway.env, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...LOAD_ENV }));
    const login = await fetch(`${instances[0]?.base}/api/al`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    token = ((await login.json()) as { token: string }).token;
  }, 90_000);
  afterAll(async () => {
    for (const instance of instances) {
      if (instance.running.child.exitCode === null) instance.running.child.kill('SIGKILL');
    }
    await throwaway?.drop();
  });

  const call = async (instance: Instance, method: string, path: string, body?: object, headers: Record<string, string> = {}) => {
    const response = await fetch(`${instance.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? (JSON.parse(text) as Record<string, unknown>) : {}, retryAfter: response.headers.get('retry-after') };
  };

  it('answers no 5xx and leaves every count equal to a recount', async () => {
    const [a, b] = instances as [Instance, Instance];
    const pick = <T>(list: readonly T[], n: number) => list[n % list.length] as T;
    const slugs: string[] = [];
    const newExecutor = async (instance: Instance, n: number) => {
      const created = await call(instance, 'POST', '/api/executors', { name: `Exec ${n}`, slug: `exec-${n}`, platforms: pick(PLATFORM_SETS, n), status: 'working' });
      expect(created.status).toBe(201);
      slugs.push(`exec-${n}`);
      return Number(created.body.id);
    };
    const slugOf = new Map<number, string>();
    const executorIds: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      executorIds.push(await newExecutor(a, n));
      slugOf.set(executorIds[n] as number, `exec-${n}`);
    }
    const scriptIds: number[] = [];
    for (let n = 0; n < SCRIPTS; n += 1) {
      const created = await call(pick([a, b], n), 'POST', '/api/ac', { playsname: `Contended ${n}`, description: 'd', loadstring: 'print(1)', game: pick(GAMES, n), executors: [pick(slugs, n)] });
      expect(created.status).toBe(201);
      scriptIds.push(Number(created.body.id));
    }

    const statuses: Record<string, number> = {};
    const failures: string[] = [];
    const note = (what: string, answer: { status: number; body: Record<string, unknown> }) => {
      statuses[`${what} ${answer.status}`] = (statuses[`${what} ${answer.status}`] ?? 0) + 1;
      if (answer.status >= 500 && failures.length < 5) failures.push(`${what} ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    const ends = Date.now() + LOAD_MS;
    // Six staff edits at a time, each moving a script's executors, game and patched at once.
    const editors = Array.from({ length: 6 }, async (_, lane) => {
      for (let step = 0; Date.now() < ends; step += 1) {
        const n = lane * 7919 + step * 31;
        const executors = slugs.filter((_, index) => (n >> index) % 2 === 1).slice(0, 3);
        const game = step % 3 === 0 ? '' : pick(GAMES, n + lane);
        note('edit', await call(pick([a, b], step), 'PATCH', `/api/update-script/${pick(scriptIds, n)}`, { game, patched: step % 2 === 0, executors }));
      }
    });
    // The admin's executor writes: platforms changed, and one deleted and another made now and then.
    const admin = (async () => {
      for (let step = 0; Date.now() < ends; step += 1) {
        const id = pick(executorIds, step);
        if (step % 5 === 4 && executorIds.length > 2) {
          note('executor delete', await call(pick([a, b], step), 'DELETE', `/api/executors/${id}`));
          executorIds.splice(executorIds.indexOf(id), 1);
          slugs.splice(slugs.indexOf(slugOf.get(id) as string), 1);
          const made = await newExecutor(pick([b, a], step), 100 + step);
          executorIds.push(made);
          slugOf.set(made, `exec-${100 + step}`);
        } else {
          note('executor patch', await call(pick([a, b], step), 'PATCH', `/api/executors/${id}`, { platforms: pick(PLATFORM_SETS, step + 1) }));
        }
      }
    })();
    // Visitors answering whether scripts work on an executor, through both processes.
    const voters = Array.from({ length: 2 }, async (_, lane) => {
      for (let step = 0; Date.now() < ends; step += 1) {
        const n = lane * 100_000 + step;
        const answer = await call(pick([a, b], step), 'POST', `/api/scripts/${pick(scriptIds, n * 7)}/works`, { works: step % 3 !== 0, executor: pick(slugs, n) }, {
          'user-agent': BROWSER,
          'x-forwarded-for': `198.18.${lane * 100 + Math.floor(step / 250) % 100}.${(step % 250) + 1}`,
        });
        note('works', answer);
      }
    });
    await Promise.all([...editors, admin, ...voters]);

    expect(failures, `answers by kind and status: ${JSON.stringify(statuses)}`).toEqual([]);
    // The load really ran: many edits and answers were stored.
    expect(statuses['edit 200'] ?? 0).toBeGreaterThan(20);
    expect(statuses['works 200'] ?? 0).toBeGreaterThan(50);

    // Both stop, writing what they buffered; then every kept count is what the tables say.
    for (const instance of instances) instance.running.child.kill('SIGTERM');
    expect((await Promise.all(instances.map((instance) => instance.running.exited))).map((exit) => exit.code)).toEqual([0, 0]);
    const db = openDatabase(throwaway.database);
    try {
      const counts = await countsAndRecounts(db);
      expect(counts.scriptFacets).toEqual(counts.scriptFacetsRecount);
      expect(counts.executorFacets).toEqual(counts.executorFacetsRecount);
      expect(counts.catalogue).toEqual(counts.catalogueRecount);
      expect(counts.answers).toEqual(counts.answersRecount);
      expect(counts.platforms).toEqual(counts.platformsRecount);
    } finally {
      await db.close();
    }
  }, 120_000);
});
