import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metrics } from '../../contract/index.ts';
import { loadConfig } from '../../server/shared/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createServices } from '../../server/services.ts';
import { type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { BUILT_ENTRY, freePort, type RunningEntry, spawnEntry, waitForHealthy } from '../helpers/processes.ts';

// Issue 24, defect 1, as a real process: `npm start`'s heap bound and cache sizes scaled down together
// (256 MB with 64 MB caches there, 160 MB with 40 MB caches here), 60 scripts with a 16,000-character
// loader and a 2,000-character Russian description, then anonymous list requests varying sort, limit
// and offset, 12 at a time. Before the fix the answer cache held about three times its bound in the
// heap and the process died of it (SIGABRT, heap out of memory). Needs build/ (npm run build).

const ADMIN = { username: 'memoryadmin', password: 'memory-password-1' };
const HEAP_MB = 160;
const CACHE_MB = 40;
const SCRIPTS = 60;
const REQUESTS = 360;
const PARALLEL = 12;
const SORTS = ['newest', 'views', 'trending', 'updated', 'rating'];

const description = (seed: number) => {
  let text = '';
  while (text.length < 2_000) text += `Скрипт ${seed}: автофарм, телепорт и бесконечные деньги. `;
  return text.slice(0, 2_000);
};
const loader = (seed: number) => {
  let text = `loadstring(game:HttpGet("https://example.com/${seed}.lua"))()\n`;
  while (text.length < 16_000) text += `local v${text.length} = "${'x'.repeat(60)}"\n`;
  return text.slice(0, 16_000);
};

/** The attack's i-th request: mostly API pages of every shape, some /scripts pages of every sort and filter. */
function attackPath(i: number): string {
  const sort = SORTS[i % SORTS.length];
  if (i % 4 === 3) return `/scripts?sort=${sort}&universal=${i % 3 === 0}&key=${i % 5 === 0}&verified=${i % 7 === 0}`;
  return `/api/scripts/paginated?sort=${sort}&limit=${20 + ((i * 37) % 81)}&offset=${(i * 13) % 40}`;
}

async function seed(throwaway: ThrowawayDatabase): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', DEMO_CATALOGUE: 'off', ...throwaway.env });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const services = createServices(config, db, console);
  for (let i = 0; i < SCRIPTS; i += 1) {
    await services.scripts.insert({ playsname: `Скрипт ${i}`, description: description(i), loadstring: loader(i), imageKey: null, ownerModeratorId: null, channels: [] });
  }
  await db.close();
}

describe('anonymous list traffic against a bounded heap (a real process)', () => {
  let throwaway: ThrowawayDatabase;
  let server: RunningEntry;
  let base: string;

  beforeAll(async () => {
    throwaway = await throwawayDatabase('sqlite');
    await seed(throwaway);
    const port = await freePort();
    server = spawnEntry(
      {
        ...throwaway.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DEMO_CATALOGUE: 'off',
        CACHE_MB: String(CACHE_MB),
        PAGE_CACHE_MB: String(CACHE_MB),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
      [`--max-old-space-size=${HEAP_MB}`, ...BUILT_ENTRY],
    );
    base = `http://127.0.0.1:${port}`;
    await waitForHealthy(server, `${base}/api/health`, 60_000);
  }, 90_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await throwaway?.drop();
  });

  it('answers every request (no 5xx, no refused connection), stays up, and keeps its heap and caches within their bounds', async () => {
    const outcomes: string[] = [];
    let next = 0;
    const visitor = async () => {
      while (next < REQUESTS) {
        const path = attackPath(next++);
        try {
          const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
          await response.arrayBuffer();
          outcomes.push(response.status >= 500 ? `${response.status} ${path}` : 'ok');
        } catch (error) {
          outcomes.push(`${(error as Error).cause ?? error} ${path}`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, visitor));

    // One diff names all three: the failed requests, how the process ended, and why.
    expect({
      failed: outcomes.filter((outcome) => outcome !== 'ok').slice(0, 3),
      exit: { code: server.child.exitCode, signal: server.child.signalCode },
      outOfMemory: /heap out of memory/i.test(server.output().stderr),
    }).toEqual({ failed: [], exit: { code: null, signal: null }, outOfMemory: false });

    const login = await fetch(`${base}/api/al`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const metrics = (await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${token}` } })).json()) as Metrics;
    // The limit V8 reports adds the young generation to --max-old-space-size.
    expect(metrics.heap.limitBytes).toBeLessThan(1.5 * HEAP_MB * 1024 * 1024);
    if (process.env.MEMORY_ATTACK_FIGURES) console.log(JSON.stringify({ heap: metrics.heap, heapUsed: metrics.heapUsedBytes, rss: metrics.rssBytes, external: metrics.externalBytes, caches: metrics.caches }));
    expect(metrics.heap.peakUsedBytes).toBeLessThan(metrics.heap.limitBytes);
    for (const cache of [metrics.caches.answers, metrics.caches.pages]) {
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
      expect(cache.heapBytes).toBeLessThanOrEqual(cache.maxHeapBytes);
      expect(cache.entries).toBeLessThanOrEqual(cache.maxEntries);
    }
  }, 60_000);
});
