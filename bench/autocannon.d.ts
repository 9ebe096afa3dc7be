// The subset of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests a second across all connections; unset: as fast as the server answers. */
    overallRate?: number;
    timeout?: number;
    headers?: Record<string, string>;
    /** Each request runs setupRequest first, which may change its path and headers. */
    requests?: { setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown> }[];
  }

  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
