import { z } from 'zod';

const delay = z.object({
  p50: z.number(),
  p99: z.number(),
  max: z.number(),
  mean: z.number(),
});

/** GET /api/metrics (admin): how the process is doing, for operators and the benchmark. */
export const metricsSchema = z
  .object({
    eventLoopDelayMs: delay.describe('Event-loop delay since the last reset, in milliseconds (10 ms resolution)'),
    rssBytes: z.number().int(),
    heapUsedBytes: z.number().int(),
    heapTotalBytes: z.number().int(),
    externalBytes: z.number().int().describe('Memory outside the JavaScript heap held by its objects (Buffers: the cached pages)'),
    uptimeSeconds: z.number(),
    caches: z.object({
      answers: z.object({ entries: z.number().int(), bytes: z.number().int() }),
      pages: z.object({ entries: z.number().int(), bytes: z.number().int() }),
    }),
  })
  .meta({ id: 'Metrics' });
export type Metrics = z.infer<typeof metricsSchema>;
