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

/** GET /api/metrics (admin): how the process is doing, for operators and the benchmark. */
export const metricsSchema = z
  .object({
    eventLoopDelayMs: delay.describe('Event-loop delay since the last reset, in milliseconds (10 ms resolution)'),
    rssBytes: z.number().int(),
    heapUsedBytes: z.number().int(),
    heapTotalBytes: z.number().int(),
    externalBytes: z.number().int().describe('Memory outside the JavaScript heap held by its objects (Buffers: the cached pages and answers)'),
    uptimeSeconds: z.number(),
    heap: z
      .object({
        limitBytes: z.number().int(),
        peakUsedBytes: z.number().int().describe('The most the heap held at a check of the heap guard (after each major collection, and once a second)'),
        sheds: z.number().int().describe('Times the heap guard dropped the caches, the heap past three quarters of its limit'),
      })
      .describe('The JavaScript heap against its limit (docs/decisions.md#memory-that-cannot-be-exhausted-from-outside)'),
    caches: z.object({ answers: cacheFigures, pages: cacheFigures }),
  })
  .meta({ id: 'Metrics' });
export type Metrics = z.infer<typeof metricsSchema>;
