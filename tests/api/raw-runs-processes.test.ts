import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { type Instance, startInstance } from '../helpers/processes.ts';
import { scriptForm } from '../helpers/staff.ts';

// Issue 38 item 4: a run counts once per address a day across processes. Two real server processes on
// one database (a PostgreSQL database, or one SQLite file), each buffering and flushing its own runs;
// the same address fetching the raw loader through both is one run.

const ADMIN = { username: 'runsadmin', password: 'runs-across-password-1' };

async function stop(instance: Instance | undefined) {
  if (!instance) return;
  instance.running.child.kill('SIGTERM');
  await instance.running.exited;
}

describe.each(dialects)('runs counted across two processes on one %s database', (dialect) => {
  let throwaway: ThrowawayDatabase;
  let a: Instance;
  let b: Instance;
  let id: number;

  beforeAll(async () => {
    throwaway = await throwawayDatabase(dialect);
    // The nearest proxy (this test, on loopback) names the client; runs are written every 200 ms.
    const env = { ...throwaway.env, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true', VIEW_FLUSH_INTERVAL_MS: '200', COLD_REQUESTS_PER_SECOND: '0' };
    a = await startInstance(env);
    b = await startInstance(env);
    const login = (await (await fetch(`${a.base}/api/al`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()) as { token: string };
    const created = await fetch(`${a.base}/api/ac`, { method: 'POST', headers: { authorization: `Bearer ${login.token}` }, body: scriptForm({ playsname: 'Runs Hub', description: 'Counted', loadstring: 'print("runs")' }) });
    expect(created.status).toBe(201);
    id = ((await created.json()) as { id: number }).id;
  }, 90_000);
  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await throwaway?.drop();
  });

  const fetchRaw = (instance: Instance, address: string) => fetch(`${instance.base}/raw/${id}`, { headers: { 'x-forwarded-for': address, 'user-agent': 'Roblox/WinInet' } });
  /** runs30d as a fresh answer: each `limit` is its own cache key, so no answer of the last minute is read. */
  let fresh = 0;
  const runs30d = async (instance: Instance) => {
    fresh += 1;
    const body = (await (await fetch(`${instance.base}/api/v1/scripts?limit=${fresh}`)).json()) as { scripts: { id: number; runs30d: number }[] };
    return body.scripts.find((script) => script.id === id)?.runs30d;
  };

  it('counts an address that reached both processes once', async () => {
    for (const [instance, address] of [[a, '198.51.100.10'], [b, '198.51.100.10'], [b, '198.51.100.11'], [a, '198.51.100.10'], [a, '198.51.100.12']] as const) {
      const response = await fetchRaw(instance, address);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('print("runs")');
    }
    // Every 250 ms, 40 times at most: each read takes a `limit` (1 to 50) no earlier read took.
    let seen: number | undefined;
    for (let attempt = 0; attempt < 40 && seen !== 3; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      seen = await runs30d(a);
    }
    expect(seen).toBe(3);
    // Both flushed (200 ms each) long before; nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await runs30d(b)).toBe(3);
  });
});
