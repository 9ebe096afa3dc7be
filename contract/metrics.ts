import { z } from 'zod';

const delay = z.object({
  p50: z.number(),
  p99: z.number(),
  max: z.number(),
  mean: z.number(),
});

/** A cache's size and bounds: everything it holds (bytes), the part of it in the heap (heapBytes). */
const cacheFigures = z.object({
  entries: z.number().int(),
  bytes: z.number().int(),
  heapBytes: z.number().int(),
  maxEntries: z.number().int(),
  maxBytes: z.number().int(),
  maxHeapBytes: z.number().int(),
});

/** A buffered flush's lag and health (docs/decisions/0049-deadlocks-and-serialisation-failures.md). */
const flushFigures = z.object({
  pending: z.number().int().describe('Requests buffered and not yet stored, those being written included'),
  oldestPendingMs: z.number().describe('How long the oldest of them has waited, in milliseconds (0: none waits): the flush\'s lag'),
  lastFlushMs: z.number().describe('How long the last flush took, in milliseconds, whether it succeeded or failed'),
  lastFlushAgoMs: z.number().nullable().describe('Milliseconds since the last flush ended; null before the first'),
  failures: z.number().int().describe('Flushes that failed since the process started; their requests went back to the buffer'),
  consecutiveFailures: z.number().int().describe('Flushes that failed in a row up to now; 0 once one succeeds'),
});

/** GET /api/metrics (admin): how the process is doing, for operators and the benchmark. */
export const metricsSchema = z
  .object({
    eventLoopDelayMs: delay.describe('Event-loop delay since the last reset, in milliseconds (10 ms resolution)'),
    rssBytes: z.number().int(),
    heapUsedBytes: z.number().int(),
    heapTotalBytes: z.number().int(),
    externalBytes: z.number().int().describe('Memory outside the JavaScript heap held by its objects (Buffers: the cached pages and answers)'),
    uptimeSeconds: z.number(),
    pid: z.number().int().describe('The process that answered: with WORKERS above 1, each request reaches one of them'),
    coldGate: z
      .object({
        running: z.number().int().describe('Cold renders and loads running now'),
        waiting: z.number().int().describe('Cold works waiting for a place now'),
        refused: z.number().int().describe('Cold works refused with 503 since the process started: the queue was full or the wait ran out'),
      })
      .describe('The bound on cold work at once (docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md)'),
    databasePool: z
      .object({ total: z.number().int(), idle: z.number().int(), waiting: z.number().int().describe('Queries waiting for a connection') })
      .nullable()
      .describe("PostgreSQL's connection pool of this process (null on SQLite)"),
    heap: z
      .object({
        limitBytes: z.number().int(),
        peakUsedBytes: z.number().int().describe('The most the heap held at a check of the heap guard (after each major collection, and once a second)'),
        sheds: z.number().int().describe('Times the heap guard dropped the caches, the heap past three quarters of its limit'),
      })
      .describe('The JavaScript heap against its limit (docs/decisions/0024-memory-that-cannot-be-exhausted-from-outside.md)'),
    caches: z.object({ answers: cacheFigures, pages: cacheFigures }),
    voteFlush: flushFigures.describe("The vote buffer's flush: its lag and failures (a flush waits at most 2 s for any one lock, then tries again at its next tick)"),
    transactionConflicts: z
      .object({
        retried: z.number().int().describe('Transactions or statements run again after PostgreSQL chose them as a deadlock\'s victim or refused them as a serialisation failure'),
        gaveUp: z.number().int().describe('Of those, the ones still failing after the last run, answered 503 with Retry-After'),
      })
      .describe('PostgreSQL deadlocks and serialisation failures met by this process since it started (always 0 on SQLite)'),
  })
  .meta({ id: 'Metrics' });
export type Metrics = z.infer<typeof metricsSchema>;
