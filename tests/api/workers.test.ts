import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { type BuiltServer, listeningPids, type RunningEntry, startBuiltWorkers } from '../helpers/processes.ts';
import { scriptForm } from '../helpers/staff.ts';
import { until } from '../helpers/wait.ts';

// `WORKERS=2` (node:cluster, issue 11) as a real process tree: two workers share the port and the
// database; a killed worker is replaced; SIGTERM stops them all with every acknowledged write and
// every buffered view kept. Needs build/ (the rendered pages).

const ADMIN = { username: 'workersadmin', password: 'workers-password-1' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';


describe.each(dialects)('WORKERS=2 on %s', (dialect) => {
  let throwaway: ThrowawayDatabase;
  let running: BuiltServer | undefined;
  let server: RunningEntry;
  let base: string;
  let token: string;

  const call = (method: string, path: string, init: { body?: FormData | object; headers?: Record<string, string> } = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body && !(init.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body ? { body: init.body instanceof FormData ? init.body : JSON.stringify(init.body) } : {}),
    });
  const create = async (playsname: string) => {
    const response = await call('POST', '/api/ac', { body: scriptForm({ playsname, description: 'Cluster', loadstring: 'print(1)' }) });
    return { status: response.status, id: response.status === 201 ? ((await response.json()) as { id: number }).id : undefined };
  };

  beforeAll(async () => {
    throwaway = await throwawayDatabase(dialect);
    // Only the shutdown flush can write a view within these tests.
    ({ server, base, token } = (running = await startBuiltWorkers(throwaway.env, ADMIN, { TRUST_PROXY: 'true', VIEW_FLUSH_INTERVAL_MS: '3600000' })));
  }, 90_000);
  afterAll(async () => {
    await running?.kill();
    await throwaway?.drop();
  });

  it('an edit through one worker is what both workers answer within a second', async () => {
    const { id } = await create('Cached by both workers');
    // Round-robin: consecutive requests alternate between the workers, so both cache the answer.
    for (let index = 0; index < 4; index += 1) expect(((await (await call('GET', `/api/scripts/${id}`)).json()) as { playsname: string }).playsname).toBe('Cached by both workers');
    expect((await call('PATCH', `/api/update-script/${id}`, { body: scriptForm({ playsname: 'Edited in one worker' }) })).status).toBe(200);
    const started = Date.now();
    let freshInARow = 0;
    while (freshInARow < 6) {
      const name = ((await (await call('GET', `/api/scripts/${id}`)).json()) as { playsname: string }).playsname;
      freshInARow = name === 'Edited in one worker' ? freshInARow + 1 : 0;
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  });

  it('a killed worker is replaced and logged; the other serves meanwhile', async () => {
    const [victim] = listeningPids(server.output().stdout);
    process.kill(victim as number, 'SIGKILL');
    await until('the death to be logged', () => server.output().stdout, (stdout) => stdout.includes(`worker ${victim} died`));
    for (let index = 0; index < 10; index += 1) expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const pids = await until('a replacement worker', () => listeningPids(server.output().stdout), (all) => all.length === 3);
    expect(pids[2]).not.toBe(victim);
  });

  it('SIGTERM stops every worker gracefully: acknowledged writes and buffered views are all stored', async () => {
    const viewed = await create('Viewed across workers');
    expect(viewed.status).toBe(201);
    const visitors = 12;
    for (let index = 1; index <= visitors; index += 1) {
      const response = await fetch(`${base}/api/scripts/${viewed.id}`, { headers: { 'x-forwarded-for': `198.51.100.${index}`, 'user-agent': BROWSER } });
      expect(response.status).toBe(200);
    }
    // Writes in flight when the signal comes: each either is refused or, once acknowledged, is kept.
    const creates = Array.from({ length: 6 }, (_, index) => create(`In flight ${index}`).catch(() => ({ status: 0, id: undefined })));
    await creates[0];
    server.child.kill('SIGTERM');
    const results = await Promise.all(creates);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.stdout).toContain('SIGTERM received: stopping 2 workers');

    const acknowledged = results.flatMap((result) => (result.status === 201 && result.id !== undefined ? [result.id] : []));
    expect(acknowledged.length).toBeGreaterThan(0);
    const db = openDatabase(throwaway.database);
    try {
      const rows = await db.kysely.selectFrom('scripts').select(['id', 'views']).where('id', 'in', [viewed.id as number, ...acknowledged]).execute();
      expect(rows.map((row) => row.id).sort((x, y) => x - y)).toEqual([viewed.id as number, ...acknowledged].sort((x, y) => x - y));
      expect(Number(rows.find((row) => row.id === viewed.id)?.views)).toBe(visitors);
    } finally {
      await db.close();
    }
  });
});
