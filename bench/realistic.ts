import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { vacuumIfNeverVacuumed } from './postgres-vacuum.ts';
import { type ColdAnswers, coldAnswers, coldFilterItems, coldSearchItems } from './cold.ts';
import { ensureCatalogue, ensurePostgresCatalogue, EXECUTOR_SLUGS, GAME_SLUGS } from './generate.ts';
import { load, USER_AGENT } from './load.ts';
import { crawl, type CrawlLoad, crawlP, idPermutation } from './crawl.ts';
import { type Distinct, Tally } from './distinct.ts';
import { type PacedRequest, type PacedResult, pacedLoad } from './paced.ts';
import { type Managed, Probe, startServer } from './processes.ts';
import { SEARCH_CORPUS } from './search-corpus.ts';
import { percentile } from './stats.ts';

/**
 * Traffic shaped like real visitors (issue 10), against the production build on a catalogue of
 * `count` scripts: every request from another address, popular scripts far more often than the rest,
 * details and server-rendered pages, Load More pages at many offsets, searches from a corpus of what
 * visitors type, listings filtered by game and flags and sorted by views, trending or update (issue
 * 14), alone and with a search; from a cold start. Then the crawl of issue 26 (bench/crawl.ts): alone, and
 * beside the mix paced at half its rate. Beside them, the same run's repeated list page (for the ratio) and
 * a cold-search table (each corpus query once, after every cached answer was dropped).
 */

export interface RealisticOptions {
  count: number;
  /** A PostgreSQL server to build the catalogue on; SQLite when absent. */
  database?: string;
  durationS: number;
  connections: number;
  /** How long each crawl phase lasts. */
  crawlS: number;
  /** The checkout whose build serves (`--against`: another commit's); this one when absent. */
  root?: string;
  /** A SQLite catalogue's data directory made by that checkout's own generator (`--against`). */
  catalogueDir?: string;
}

/** What every phase measures about the server and this process, beside its own figures. */
interface PhaseWindow {
  clientCpu: number;
  serverCpu: number;
  eventLoopP99: number;
  eventLoopMax: number;
  peakRssKb: number;
}

export interface MixResult extends PhaseWindow {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  distinct: Distinct;
}

export interface CrawlResult extends PhaseWindow {
  connections: number;
  /** Pages served (2xx) a second. */
  pagesPerS: number;
  /** Latency of the pages served, ms. */
  p50: number;
  p99: number;
  max: number;
  load: CrawlLoad;
  distinct: Distinct;
}

export type ColdSearch = ColdAnswers;

export interface RealisticReport {
  date: Date;
  database: 'sqlite' | 'postgres';
  count: number;
  generatedMs: number | null;
  options: RealisticOptions;
  mix: MixResult;
  /** The same mix arriving at half the rate the saturated run reached (open loop): latency and event-loop delay at a load the server keeps up with. */
  paced: MixResult;
  /** One address asking script pages no one asked before, as fast as its connections are answered. */
  crawl: CrawlResult;
  /** The mix paced at half the saturated rate while one address crawls at full speed. */
  beside: { visitors: MixResult; crawler: CrawlResult };
  list: { rps: number; p99: number };
  cold: ColdSearch;
  /** Issue 27's platform and executor filters, each URL once on emptied caches. */
  coldFilters: ColdAnswers;
  peakRssKb: number;
}

/** How long the paced run lasts (after the saturated one, so on warm caches). */
export const PACED_S = 20;

export const ADMIN = { username: 'bench_admin', password: 'bench-admin-password' };

/** What every benchmark server needs: visitors' addresses from X-Forwarded-For, and the admin. */
export function adminEnv(): Record<string, string> {
  return { TRUST_PROXY: 'true', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
}

/** A Zipf-like rank in [0, n): rank r is drawn with probability about 1/(r+1), so a few get most. */
function zipf(n: number): number {
  return Math.min(n - 1, Math.floor(Math.exp(Math.random() * Math.log(n + 1))) - 1);
}

/** Popular scripts are not the newest ones: ranks are spread over ids by a fixed permutation. */
function popularId(count: number): number {
  return ((zipf(count) * 7_919 + 104_729) % count) + 1;
}

/** A crawl's page asked as a new visitor with a browser (the sweep). */
const newVisitor = () => ({ address: visitorAddress(), userAgent: USER_AGENT });

const visitorAddress = () => `${11 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

const SORTS = [
  ['newest', 0.3],
  ['views', 0.25],
  ['trending', 0.3],
  ['updated', 0.15],
] as const;

/**
 * The filters and sort of a filtered listing (issue 14), as visitors combine them: a game (popular
 * ones more often), the filter bar's switches, a sort; each filter and each sort is asked for.
 */
function listingParams(): URLSearchParams {
  const params = new URLSearchParams();
  if (Math.random() < 0.4) params.set('game', GAME_SLUGS[zipf(GAME_SLUGS.length)] as string);
  if (Math.random() < 0.35) params.set('key', Math.random() < 0.85 ? 'false' : 'true');
  if (Math.random() < 0.25) params.set('patched', Math.random() < 0.9 ? 'false' : 'true');
  if (Math.random() < 0.15) params.set('verified', Math.random() < 0.9 ? 'true' : 'false');
  if (!params.has('game') && Math.random() < 0.1) params.set('universal', Math.random() < 0.8 ? 'true' : 'false');
  // Where it runs (issue 27): a device, or the visitor's executor (the popular ones more often).
  if (Math.random() < 0.2) params.set('platform', Math.random() < 0.6 ? 'pc' : 'mobile');
  if (Math.random() < 0.12) params.set('executor', EXECUTOR_SLUGS[zipf(EXECUTOR_SLUGS.length)] as string);
  let roll = Math.random();
  for (const [sort, share] of SORTS) {
    roll -= share;
    if (roll < 0) {
      if (sort !== 'newest' || Math.random() < 0.5) params.set('sort', sort);
      break;
    }
  }
  return params;
}

/** A filtered or sorted page of the API: mostly the first, sometimes a Load More. */
function listingPath(q?: string): string {
  const params = listingParams();
  if (q) params.set('q', q);
  const more = Math.random() < 0.25;
  params.set('limit', more ? '8' : '16');
  params.set('offset', String(more ? 16 + 8 * zipf(50) : 0));
  return `/api/scripts/paginated?${params}`;
}

/** One request of the mix: which path, weighted as visitors browse a script hub. */
function mixPath(count: number): string {
  const roll = Math.random();
  if (roll < 0.25) return `/api/scripts/${popularId(count)}`;
  if (roll < 0.47) return `/scripts/${popularId(count)}`;
  if (roll < 0.57) return `/api/scripts/paginated?limit=8&offset=${16 + 8 * zipf(500)}`;
  if (roll < 0.63) return '/scripts';
  // Filtered and sorted listings: a game's page's API, the filter bar's switches, each sort.
  if (roll < 0.73) return listingPath();
  if (roll < 0.76) return `/scripts?${listingParams()}`;
  const q = SEARCH_CORPUS[zipf(SEARCH_CORPUS.length)] as string;
  if (roll < 0.84) return `/api/scripts/paginated?limit=16&offset=0&q=${encodeURIComponent(q)}`;
  // A search narrowed by a filter or sorted otherwise.
  if (roll < 0.88) return listingPath(q);
  if (roll < 0.95) return `/scripts?q=${encodeURIComponent(q)}`;
  return `/api/scripts/${popularId(count)}/channels`;
}

export async function adminToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/al`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (response.status !== 200) throw new Error(`admin login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export async function metrics(url: string, token: string, action?: 'reset' | 'clear-caches') {
  const response = await fetch(`${url}/api/metrics${action ? `/${action}` : ''}`, { method: action ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`metrics ${action ?? ''}: ${response.status}`);
  return (await response.json()) as { eventLoopDelayMs: { p99: number; max: number } };
}

/** One request of the mix, as another visitor with another browser version. */
export function mixRequest(count: number): PacedRequest {
  return {
    path: mixPath(count),
    headers: { 'user-agent': USER_AGENT.replace('124.0', `${100 + Math.floor(Math.random() * 30)}.0`), 'x-forwarded-for': visitorAddress(), 'accept-encoding': 'br, gzip' },
  };
}

/** The mix as fast as `connections` clients get answers (autocannon). */
async function saturatedMix(url: string, options: RealisticOptions, tally: Tally): Promise<PacedResult & { rps: number }> {
  const times: number[] = [];
  const setupRequest = (request: Record<string, unknown>) => {
    const next = mixRequest(options.count);
    tally.add(next.path);
    return { ...request, ...next };
  };
  const instance = autocannon({ url, connections: options.connections, duration: options.durationS, timeout: 10, requests: [{ setupRequest }] });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  return { times, requests: result.requests.total, errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, rps: result.requests.average };
}

/** Runs one phase between a reset and a read of the server's event-loop delay, timing both processes' CPU. */
async function measured<T>(url: string, token: string, probe: Probe, work: () => Promise<T>): Promise<{ value: T; elapsedS: number; window: PhaseWindow }> {
  await metrics(url, token, 'reset');
  probe.window();
  const started = performance.now();
  const clientBefore = process.cpuUsage();
  const serverBefore = probe.cpuSeconds();
  const value = await work();
  const elapsedS = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const delay = await metrics(url, token);
  const window: PhaseWindow = {
    clientCpu: ((client.user + client.system) / 1e6 / elapsedS) * 100,
    serverCpu: ((probe.cpuSeconds() - serverBefore) / elapsedS) * 100,
    eventLoopP99: delay.eventLoopDelayMs.p99,
    eventLoopMax: delay.eventLoopDelayMs.max,
    peakRssKb: probe.window(),
  };
  return { value, elapsedS, window };
}

/** The paced mix's requests, each one counted in `tally`. */
function pacedMix(url: string, rate: number, durationS: number, count: number, tally: Tally): Promise<PacedResult> {
  return pacedLoad(url, rate, durationS, () => {
    const request = mixRequest(count);
    tally.add(request.path);
    return request;
  });
}

function mixResult(result: PacedResult & { rps?: number }, elapsedS: number, window: PhaseWindow, tally: Tally): MixResult {
  const times = result.times.sort((a, b) => a - b);
  return {
    ...window,
    rps: result.rps ?? result.requests / elapsedS,
    requests: result.requests,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? Number.NaN,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    distinct: tally.summary(),
  };
}

/** The mix as fast as the server answers, or arriving at `rate` requests a second (open loop). */
export async function runMix(url: string, token: string, probe: Probe, options: RealisticOptions, rate?: number, tally = new Tally()): Promise<MixResult> {
  const work = () => (rate === undefined ? saturatedMix(url, options, tally) : pacedMix(url, rate, PACED_S, options.count, tally));
  const { value, elapsedS, window } = await measured(url, token, probe, work);
  return mixResult(value, elapsedS, window, tally);
}

function crawlResult(load: CrawlLoad, connections: number, window: PhaseWindow, tally: Tally): CrawlResult {
  return { ...window, ...crawlP(load), connections, pagesPerS: load.pages / load.elapsedS, load, distinct: tally.summary() };
}

/**
 * The crawler's pages: the run's one permutation of the ids (so the sweep and the crawl beside the
 * visitors never ask the same page), skipping every id any earlier request of the run touched.
 */
function crawlerPages(count: number, tallies: Tally[]): (tally: Tally) => () => string | undefined {
  const nextId = idPermutation(count);
  const touched = (id: number) => tallies.some((t) => t.scripts.has(id));
  return (tally) => () => {
    for (let id = nextId(); id !== undefined; id = nextId()) {
      if (touched(id)) continue;
      const path = `/scripts/${id}`;
      tally.add(path);
      return path;
    }
    return undefined;
  };
}

/** The crawl alone, then beside the mix paced at half `mixRps`: the crawler with half the connections. */
async function crawlPhases(url: string, token: string, probe: Probe, options: RealisticOptions, mixRps: number, tallies: Tally[]) {
  const pages = crawlerPages(options.count, tallies);
  const sweep = new Tally();
  tallies.push(sweep);
  console.log(`  crawl: pages no one asked, each by a new visitor, -c ${options.connections}, ${options.crawlS} s…`);
  const alone = await measured(url, token, probe, () => crawl(url, pages(sweep), options.connections, options.crawlS, newVisitor));
  const crawlAlone = crawlResult(alone.value, options.connections, alone.window, sweep);
  const visitors = new Tally();
  const crawler = new Tally();
  tallies.push(visitors, crawler);
  const rate = Math.max(1, Math.round(mixRps / 2));
  const crawlerConnections = Math.max(1, Math.round(options.connections / 2));
  console.log(`  visitors at ${rate} req/s beside the crawler (-c ${crawlerConnections}), ${options.crawlS} s…`);
  const both = await measured(url, token, probe, () =>
    Promise.all([pacedMix(url, rate, options.crawlS, options.count, visitors), crawl(url, pages(crawler), crawlerConnections, options.crawlS)]),
  );
  const [visitorsLoad, crawlerLoad] = both.value;
  return {
    crawl: crawlAlone,
    beside: { visitors: mixResult(visitorsLoad, both.elapsedS, both.window, visitors), crawler: crawlResult(crawlerLoad, crawlerConnections, both.window, crawler) },
  };
}

export async function runRealistic(options: RealisticOptions, onServer: (server: Managed) => void): Promise<RealisticReport> {
  const database = options.database ? 'postgres' : 'sqlite';
  console.log(`Catalogue of ${options.count.toLocaleString('en')} scripts on ${database}…`);
  const env = adminEnv();
  let dataDir: string;
  let generatedMs: number | null;
  if (options.database) {
    const postgres = await ensurePostgresCatalogue(options.count, options.database);
    await vacuumIfNeverVacuumed(postgres.url);
    env.DATABASE_URL = postgres.url;
    // Uploads only: the catalogue is in PostgreSQL.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-bench-'));
    generatedMs = postgres.generatedMs;
  } else if (options.catalogueDir) {
    dataDir = options.catalogueDir;
    generatedMs = null;
  } else {
    const sqlite = await ensureCatalogue(options.count);
    dataDir = sqlite.dataDir;
    generatedMs = sqlite.generatedMs;
  }
  const { server, url } = await startServer(dataDir, env, options.root ? { root: options.root } : {});
  onServer(server);
  const probe = new Probe(server.pid);
  probe.start();
  try {
    const token = await adminToken(url);
    // Every phase's touched ids, so the crawler asks only pages no one asked before it.
    const tallies = [new Tally(), new Tally()];
    console.log(`  realistic mix, -c ${options.connections}, ${options.durationS} s, from a cold start…`);
    const mix = await runMix(url, token, probe, options, undefined, tallies[0]);
    server.assertAlive();
    console.log(`  the same mix paced at ${Math.round(mix.rps / 2)} req/s for ${PACED_S} s…`);
    const paced = await runMix(url, token, probe, options, Math.max(1, Math.round(mix.rps / 2)), tallies[1]);
    server.assertAlive();
    const { crawl, beside } = await crawlPhases(url, token, probe, options, mix.rps, tallies);
    server.assertAlive();
    console.log(`  repeated list page, -c ${options.connections}…`);
    const repeated = await load(`${url}/api/scripts/paginated?limit=16&offset=0`, { connections: options.connections, duration: Math.min(10, options.durationS) });
    console.log(`  cold searches: ${SEARCH_CORPUS.length} queries, one at a time…`);
    const clearCaches = () => metrics(url, token, 'clear-caches');
    const cold = await coldAnswers(url, clearCaches, coldSearchItems());
    const filterItems = coldFilterItems();
    console.log(`  cold platform and executor filters: ${filterItems.length} listings, one at a time…`);
    const coldFilters = await coldAnswers(url, clearCaches, filterItems);
    // The kernel's high-water mark at the very end: every phase, the crawls included, is inside it.
    const peakRssKb = probe.hwmKb();
    return { date: new Date(), database, count: options.count, generatedMs, options, mix, paced, crawl, beside, list: { rps: repeated.rps, p99: repeated.p99 }, cold, coldFilters, peakRssKb };
  } finally {
    probe.stop();
    await server.stop();
  }
}

