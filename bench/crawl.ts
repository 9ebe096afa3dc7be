import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from './stats.ts';

/**
 * The crawler of issue 26: every request a script page (`/scripts/{id}`) no one asked before in the
 * run, as fast as its connections get answers (closed loop): alone from a new address each time, beside the
 * visitors from one address. The ids come from a
 * full-period permutation, so no page repeats however long the crawl runs, until the catalogue is
 * exhausted; ids the run touched before (a visitor's page or API answer may have warmed them) are skipped.
 */

/** A bot (its page views are not counted), but not a search engine any rule names: the one address beside the visitors. */
export const CRAWLER_AGENT = 'Mozilla/5.0 (compatible; CatalogueBenchCrawler/1.0; +https://example.invalid/bench-crawler)';
/** One address for the whole crawl (TEST-NET-3, never a visitor's address). */
export const CRAWLER_ADDRESS = '203.0.113.7';

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return false;
  return true;
}

function primeFactors(n: number): number[] {
  const factors: number[] = [];
  for (let d = 2, rest = n; rest > 1; d += 1) {
    if (d * d > rest) {
      factors.push(rest);
      break;
    }
    if (rest % d === 0) factors.push(d);
    while (rest % d === 0) rest /= d;
  }
  return factors;
}

function modPow(base: bigint, exponent: bigint, mod: bigint): bigint {
  let result = 1n;
  for (let b = base % mod, e = exponent; e > 0n; e >>= 1n, b = (b * b) % mod) if (e & 1n) result = (result * b) % mod;
  return result;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Every id of 1..count exactly once, in a random order, then undefined: x ← g·x mod p, where p is the
 * least prime above count and g a primitive root of p (a random one: the least, raised to a random
 * power coprime to p−1), from a random start. It visits each of 1..p−1 once per p−1 steps; values above
 * count are skipped. Integer arithmetic (BigInt), no floating point: a float LCG's period is not this.
 */
export function idPermutation(count: number, random: () => number = Math.random): () => number | undefined {
  let p = count + 1;
  while (!isPrime(p)) p += 1;
  const factors = primeFactors(p - 1);
  // 1 generates the group of p = 2, {1}.
  let least = p === 2 ? 1 : 2;
  while (factors.some((q) => modPow(BigInt(least), BigInt((p - 1) / q), BigInt(p)) === 1n)) least += 1;
  let power = 1 + Math.floor(random() * (p - 1));
  while (gcd(power, p - 1) !== 1) power = (power % (p - 1)) + 1;
  const g = modPow(BigInt(least), BigInt(power), BigInt(p));
  const prime = BigInt(p);
  let x = BigInt(1 + Math.floor(random() * (p - 1)));
  const last = BigInt(count);
  let steps = 0;
  return () => {
    while (steps < p - 1) {
      x = (x * g) % prime;
      steps += 1;
      if (x <= last) return Number(x);
    }
    return undefined;
  };
}

export interface CrawlLoad {
  /** Latency of each 2xx answer (a page served), ms, ascending. */
  times: number[];
  requests: number;
  pages: number;
  /** 429 answers (a fairness limit): counted, not honoured, not errors. */
  tooMany: number;
  /** Other answers that are not 2xx. */
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The permutation ran out before the time did. */
  exhausted: boolean;
  elapsedS: number;
}

export const crawlP = (load: CrawlLoad) => ({ p50: percentile(load.times, 50), p99: percentile(load.times, 99), max: load.times.at(-1) ?? Number.NaN });

/** One GET; resolves once with its status (0 on error or time-out). */
function ask(target: URL, agent: http.Agent, path: string, client: CrawlClient, result: CrawlLoad): Promise<void> {
  const started = performance.now();
  const headers = { 'user-agent': client.userAgent, 'x-forwarded-for': client.address, 'accept-encoding': 'br, gzip', accept: 'text/html' };
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      resolve();
    };
    const outgoing = http.get({ host: target.hostname, port: target.port, path, headers, agent, timeout: 10_000 }, (response) => {
      response.on('data', () => undefined);
      response.on('error', () => settle(() => (result.errors += 1)));
      response.on('end', () =>
        settle(() => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) {
            result.pages += 1;
            result.times.push(performance.now() - started);
          } else if (status === 429) result.tooMany += 1;
          else result.non2xx += 1;
        }),
      );
    });
    outgoing.on('timeout', () => {
      settle(() => (result.timeouts += 1));
      outgoing.destroy();
    });
    outgoing.on('error', () => settle(() => (result.errors += 1)));
  });
}

/** Who asks a crawl's page: its address and User-Agent. */
export interface CrawlClient {
  address: string;
  userAgent: string;
}

/** The crawler beside the visitors: one address, a bot's agent that no rule knows as a good crawler. */
export const ONE_CRAWLER: () => CrawlClient = () => ({ address: CRAWLER_ADDRESS, userAgent: CRAWLER_AGENT });

/**
 * `connections` clients, each asking the next path as soon as its last answer came, for `durationS`, as
 * `client()` (the sweep asks as a new visitor each time, so it measures what a cold page costs rather than
 * what the rate of cold work per address lets one address have).
 */
export async function crawl(url: string, next: () => string | undefined, connections: number, durationS: number, client: () => CrawlClient = ONE_CRAWLER): Promise<CrawlLoad> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const result: CrawlLoad = { times: [], requests: 0, pages: 0, tooMany: 0, non2xx: 0, errors: 0, timeouts: 0, exhausted: false, elapsedS: 0 };
  const started = performance.now();
  const end = started + durationS * 1000;
  const asker = async () => {
    while (performance.now() < end) {
      const path = next();
      if (path === undefined) {
        result.exhausted = true;
        return;
      }
      result.requests += 1;
      await ask(target, agent, path, client(), result);
    }
  };
  await Promise.all(Array.from({ length: connections }, asker));
  result.elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  result.times.sort((a, b) => a - b);
  return result;
}
