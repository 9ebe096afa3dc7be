import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PacedRequest {
  path: string;
  headers: Record<string, string>;
}

export interface PacedResult {
  /** Each answer's latency in ms, from when it was due to be sent (so a late send counts). */
  times: number[];
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * An open-loop load: requests leave at a steady `rate` whatever the server does, as visitors arrive,
 * and each latency counts from when the request was due. autocannon's own rate limit sends each
 * second's quota in a burst at the start of the second, which measures the burst, not the rate.
 */
export async function pacedLoad(
  url: string,
  rate: number,
  durationS: number,
  next: () => PacedRequest,
  onAnswer?: (request: PacedRequest, ms: number) => void,
  timeoutMs = 10_000,
): Promise<PacedResult> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const result: PacedResult = { times: [], requests: 0, errors: 0, timeouts: 0, non2xx: 0 };
  const pending = new Set<Promise<void>>();
  const send = (due: number) => {
    const request = next();
    const { path, headers } = request;
    const done = new Promise<void>((resolve) => {
      const outgoing = http.get({ host: target.hostname, port: target.port, path, headers, agent, timeout: timeoutMs }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          const ms = performance.now() - due;
          result.times.push(ms);
          onAnswer?.(request, ms);
          if ((response.statusCode ?? 0) >= 300) result.non2xx += 1;
          resolve();
        });
      });
      outgoing.on('timeout', () => {
        result.timeouts += 1;
        outgoing.destroy();
      });
      outgoing.on('error', () => {
        result.errors += 1;
        resolve();
      });
    });
    result.requests += 1;
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  const interval = 1000 / rate;
  const started = performance.now();
  for (let sent = 0; ; ) {
    const now = performance.now();
    if (now - started >= durationS * 1000) break;
    // Timers fire a millisecond or more late: send everything that has come due since.
    while (started + sent * interval <= now) send(started + interval * sent++);
    await sleep(Math.max(0, started + sent * interval - performance.now()));
  }
  await Promise.all(pending);
  agent.destroy();
  return result;
}
