import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, metricsSchema } from '../../contract/index.ts';
import type { Guards } from '../policies/guards.ts';
import { noStore } from '../plugins/security.ts';
import type { HeapGuard } from '../cache/heap-guard.ts';
import type { PageCache } from '../cache/page-cache.ts';
import type { PublicCache } from '../cache/public-cache.ts';
import { transactionConflicts } from '../db/transact.ts';
import type { FlushFigures } from '../shared/flush-timer.ts';
import type { ColdGate } from '../cache/cold-gate.ts';

const errors = { 401: errorBodySchema, 403: errorBodySchema } as const;
const bearer = [{ bearer: [] }];
const ms = (nanoseconds: number) => (Number.isFinite(nanoseconds) ? nanoseconds / 1e6 : 0);

type Bounded = Pick<PublicCache, 'size' | 'bytes' | 'heapBytes' | 'maxEntries' | 'maxBytes' | 'maxHeapBytes'>;

function cacheFigures(cache: Bounded) {
  const { size, bytes, heapBytes, maxEntries, maxBytes, maxHeapBytes } = cache;
  return { entries: size, bytes, heapBytes, maxEntries, maxBytes, maxHeapBytes };
}

export interface MetricsOptions {
  cache: PublicCache;
  pages: PageCache;
  heap: HeapGuard;
  guards: Guards;
  /** The vote buffer's flush figures. */
  voteFlush: () => FlushFigures;
  coldGate: ColdGate;
  databasePool: () => { total: number; idle: number; waiting: number } | null;
}

/** The admin's view of the process: event-loop delay, memory, caches, the vote flush's lag; and a reset of the delay. */
export async function metricsRoutes(app: FastifyInstance, { cache, pages, heap, guards, voteFlush, coldGate, databasePool }: MetricsOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', noStore);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());

  route.get(
    '/api/metrics',
    { preHandler: guards.requireAdmin, schema: { tags: ['admin'], summary: 'Event-loop delay since the last reset, memory, the heap against its limit, cache sizes and bounds, the vote flush\'s lag and the database\'s deadlocks met', security: bearer, response: { 200: metricsSchema, ...errors } } },
    async () => {
      const memory = process.memoryUsage();
      return {
        eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), mean: ms(delay.mean) },
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        heapTotalBytes: memory.heapTotal,
        externalBytes: memory.external,
        uptimeSeconds: process.uptime(),
        pid: process.pid,
        coldGate: coldGate.state,
        databasePool: databasePool(),
        heap: { limitBytes: heap.limitBytes, peakUsedBytes: heap.peakUsedBytes, sheds: heap.sheds },
        caches: { answers: cacheFigures(cache), pages: cacheFigures(pages) },
        voteFlush: voteFlush(),
        transactionConflicts: transactionConflicts(),
      };
    },
  );

  route.post(
    '/api/metrics/reset',
    { preHandler: guards.requireAdmin, schema: { tags: ['admin'], summary: 'Starts the event-loop delay figures afresh', security: bearer, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
    async () => {
      delay.reset();
      return { ok: true as const };
    },
  );

  route.post(
    '/api/metrics/clear-caches',
    { preHandler: guards.requireAdmin, schema: { tags: ['admin'], summary: 'Drops every cached public answer and page', security: bearer, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
    async () => {
      cache.invalidate();
      return { ok: true as const };
    },
  );
}
