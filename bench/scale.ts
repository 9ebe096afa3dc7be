import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { vacuumIfNeverVacuumed } from './postgres-vacuum.ts';
import { ensureCatalogue, ensurePostgresCatalogue } from './generate.ts';
import { adminEnv, adminToken, mixRequest } from './realistic.ts';
import { type Managed, machineCpuSeconds, Probe, startServer } from './processes.ts';
import { fixed, mb, percentile } from './stats.ts';

/**
 * The realistic mix against one process, two workers (WORKERS=2) and two instances on one PostgreSQL
 * (issue 11). Nothing is pinned: the servers may use both cores, and the load client shares them, so
 * the client's own CPU share is printed beside each figure. Every run starts cold.
 */

export interface ScaleOptions {
  count: number;
  durationS: number;
  connections: number;
  /** A PostgreSQL server for the two-instance runs; SQLite only without it. */
  database?: string;
}

interface ScaleRow {
  setup: string;
  database: 'sqlite' | 'postgres';
  rps: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
  clientCpu: number;
  serverCpu: number;
  machineCpu: number;
  peakRssKb: number;
}

/** Every process of a server's tree (a cluster primary and its workers), from /proc. */
function tree(pid: number): number[] {
  const children = (() => {
    try {
      return fs.readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  })();
  return [pid, ...children.flatMap(tree)];
}

/** A figure summed over processes (Probe reads /proc); a process that just exited counts nothing. */
function sum(pids: number[], read: (probe: Probe) => number): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += read(new Probe(pid));
    } catch {
      // gone
    }
  }
  return total;
}
const cpuSeconds = (pids: number[]) => sum(pids, (probe) => probe.cpuSeconds());
const rssKb = (pids: number[]) => sum(pids, (probe) => probe.rssKb());

/** The mix from `connections` clients spread over the servers' URLs, as a load balancer would. */
async function mixOn(urls: string[], servers: Managed[], setup: string, database: ScaleRow['database'], options: ScaleOptions): Promise<ScaleRow> {
  const pids = () => servers.flatMap((server) => tree(server.pid));
  let peakRssKb = 0;
  const sampler = setInterval(() => (peakRssKb = Math.max(peakRssKb, rssKb(pids()))), 100);
  const started = performance.now();
  const client = process.cpuUsage();
  const serverBefore = cpuSeconds(pids());
  const machineBefore = machineCpuSeconds();
  const times: number[] = [];
  const results = await Promise.all(
    urls.map((url) => {
      const instance = autocannon({
        url,
        connections: Math.max(1, Math.round(options.connections / urls.length)),
        duration: options.durationS,
        timeout: 10,
        requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, ...mixRequest(options.count) }) }],
      });
      instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
      return instance;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const used = process.cpuUsage(client);
  const sorted = times.sort((a, b) => a - b);
  const cores = os.availableParallelism();
  return {
    setup,
    database,
    rps: results.reduce((sum, result) => sum + result.requests.total, 0) / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    failures: results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0),
    clientCpu: ((used.user + used.system) / 1e6 / elapsed / cores) * 100,
    serverCpu: ((cpuSeconds(pids()) - serverBefore) / elapsed / cores) * 100,
    machineCpu: ((machineCpuSeconds() - machineBefore) / elapsed / cores) * 100,
    peakRssKb,
  };
}

async function run(dataDir: string, env: Record<string, string>, instances: number, workers: number, setup: string, database: ScaleRow['database'], options: ScaleOptions) {
  console.log(`  ${setup}: the mix, -c ${options.connections}, ${options.durationS} s, cold…`);
  const started: { server: Managed; url: string }[] = [];
  try {
    // One after the other: the first migrates, the others find it done.
    for (let index = 0; index < instances; index += 1) started.push(await startServer(dataDir, { ...env, WORKERS: String(workers) }, { pinned: false }));
    return await mixOn(
      started.map((entry) => entry.url),
      started.map((entry) => entry.server),
      setup,
      database,
      options,
    );
  } finally {
    for (const entry of started) await entry.server.stop();
  }
}

export async function runScale(options: ScaleOptions): Promise<{ rows: ScaleRow[]; stale: StaleWindow[] }> {
  const rows: ScaleRow[] = [];
  const stale: StaleWindow[] = [];
  console.log(`Catalogue of ${options.count.toLocaleString('en')} scripts on sqlite…`);
  const sqlite = await ensureCatalogue(options.count);
  rows.push(await run(sqlite.dataDir, adminEnv(), 1, 1, 'WORKERS=1', 'sqlite', options));
  rows.push(await run(sqlite.dataDir, adminEnv(), 1, 2, 'WORKERS=2', 'sqlite', options));
  stale.push(await staleWindow(sqlite.dataDir, adminEnv(), 'sqlite'));
  if (options.database) {
    console.log(`Catalogue of ${options.count.toLocaleString('en')} scripts on postgres…`);
    const postgres = await ensurePostgresCatalogue(options.count, options.database);
    await vacuumIfNeverVacuumed(postgres.url);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-bench-'));
    const env = { ...adminEnv(), DATABASE_URL: postgres.url, IMAGE_STORAGE: 'database' };
    rows.push(await run(dataDir, env, 1, 1, 'WORKERS=1', 'postgres', options));
    rows.push(await run(dataDir, env, 1, 2, 'WORKERS=2', 'postgres', options));
    rows.push(await run(dataDir, env, 2, 1, 'two instances, WORKERS=1 each', 'postgres', options));
    stale.push(await staleWindow(dataDir, env, 'postgres'));
  }
  return { rows, stale };
}

export interface StaleWindow {
  database: ScaleRow['database'];
  edits: number;
  p50: number;
  max: number;
}

const EDITS = 20;

/**
 * How long after an edit through instance A instance B still answers the old name: B's answer is
 * cached first, then A edits, then B is asked every millisecond or so until it answers the new name.
 */
async function staleWindow(dataDir: string, env: Record<string, string>, database: ScaleRow['database']): Promise<StaleWindow> {
  console.log(`  ${database}: stale-read window between two instances, ${EDITS} edits…`);
  const started: { server: Managed; url: string }[] = [];
  try {
    for (let index = 0; index < 2; index += 1) started.push(await startServer(dataDir, { ...env, WORKERS: '1' }, { pinned: false }));
    const [a, b] = started.map((entry) => entry.url) as [string, string];
    const token = await adminToken(a);
    const windows: number[] = [];
    // A script of its own, deleted at the end: the cached benchmark catalogue stays as generated.
    const probe = new FormData();
    for (const [field, value] of Object.entries({ playsname: 'Stale window probe', description: 'x', loadstring: 'print(1)' })) probe.append(field, value);
    const created = await fetch(`${a}/api/ac`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: probe });
    if (created.status !== 201) throw new Error(`create through A: ${created.status}`);
    const { id } = (await created.json()) as { id: number };
    for (let edit = 0; edit < EDITS; edit += 1) {
      const name = async () => ((await (await fetch(`${b}/api/scripts/${id}`)).json()) as { playsname: string }).playsname;
      await name();
      const playsname = `Stale window probe ${edit} ${Date.now()}`;
      const form = new FormData();
      form.append('playsname', playsname);
      const response = await fetch(`${a}/api/update-script/${id}`, { method: 'PATCH', headers: { authorization: `Bearer ${token}` }, body: form });
      if (response.status !== 200) throw new Error(`edit through A: ${response.status}`);
      const acknowledged = performance.now();
      while ((await name()) !== playsname) {
        if (performance.now() - acknowledged > 5_000) throw new Error('B never saw the edit');
      }
      windows.push(performance.now() - acknowledged);
    }
    await fetch(`${a}/api/ad/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    const sorted = windows.sort((x, y) => x - y);
    return { database, edits: EDITS, p50: percentile(sorted, 50), max: sorted.at(-1) ?? Number.NaN };
  } finally {
    for (const entry of started) await entry.server.stop();
  }
}

export function staleTable(windows: StaleWindow[]): string {
  return [
    '| database | edits through A | B fresh after, p50 | max |',
    '|---|---:|---:|---:|',
    ...windows.map((w) => `| ${w.database} | ${w.edits} | ${fixed(w.p50, 1)} ms | ${fixed(w.max, 1)} ms |`),
  ].join('\n');
}

export function scaleTable(rows: ScaleRow[]): string {
  const lines = [
    '| database | setup | req/s | × one process | p50 ms | p99 ms | max ms | failures | client CPU | servers CPU | machine CPU | peak RSS (all processes) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const single = rows.find((other) => other.database === row.database && other.setup === 'WORKERS=1');
    lines.push(
      `| ${row.database} | ${row.setup} | ${fixed(row.rps, 0)} | ${single ? fixed(row.rps / single.rps, 2) : '–'} | ${fixed(row.p50, 1)} | ${fixed(row.p99, 1)} | ${fixed(row.max, 0)} | ${row.failures} | ${fixed(row.clientCpu, 0)} % | ${fixed(row.serverCpu, 0)} % | ${fixed(row.machineCpu, 0)} % | ${fixed(mb(row.peakRssKb), 0)} MB |`,
    );
  }
  return `${lines.join('\n')}\n\nCPU shares are of the whole machine (${os.availableParallelism()} cores): 100 % is every core busy.`;
}
