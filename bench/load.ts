import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { machineCpuSeconds } from './processes.ts';
import { percentile } from './stats.ts';

/** A browser-like agent, so the detail endpoint takes its real view-counting path (bots are not counted). */
export const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

export interface LoadResult {
  /** Average requests per second over the run's one-second samples. */
  rps: number;
  /** Latency percentiles in milliseconds, from every response's own timing (autocannon's are whole ms). */
  p50: number;
  p99: number;
  requests: number;
  /** CPU used by the server under test, as % of one core (NaN when not probed). */
  serverCpu: number;
  /** CPU used by this process (autocannon), as % of one core. */
  clientCpu: number;
  /** CPU used by every other process on the machine meanwhile, as % of one core (NaN when not probed). */
  otherCpu: number;
}

export interface LoadOptions {
  connections: number;
  duration: number;
  /** Returns the target process's CPU seconds so far. */
  cpuSeconds?: () => number;
}

/** Runs autocannon against one URL; throws when any answer is not 2xx or any request fails. */
export async function load(url: string, { connections, duration, cpuSeconds }: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  const started = performance.now();
  const clientBefore = process.cpuUsage();
  const serverBefore = cpuSeconds?.() ?? Number.NaN;
  const machineBefore = machineCpuSeconds();

  const instance = autocannon({ url, connections, duration, timeout: 10, headers: { 'user-agent': USER_AGENT } });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;

  const elapsed = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const clientSeconds = (client.user + client.system) / 1e6;
  const serverSeconds = (cpuSeconds?.() ?? Number.NaN) - serverBefore;
  const otherSeconds = machineCpuSeconds() - machineBefore - clientSeconds - serverSeconds;
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0 || result['2xx'] === 0) {
    throw new Error(
      `${url} (-c ${connections}): ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts, ${result['2xx']} 2xx`,
    );
  }
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    requests: result.requests.total,
    serverCpu: (serverSeconds / elapsed) * 100,
    clientCpu: (clientSeconds / elapsed) * 100,
    otherCpu: Math.max(0, (otherSeconds / elapsed) * 100),
  };
}
