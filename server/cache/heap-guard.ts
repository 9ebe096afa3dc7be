import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

/** Past this share of the heap's limit the caches go (docs/decisions/0024-memory-that-cannot-be-exhausted-from-outside.md). */
export const SHED_AT = 0.75;
/** Below this share a later shed is logged again: one warning per episode, not per collection. */
export const CALM_AT = 0.5;
/** A check at least this often, besides one after every major collection. */
const CHECK_EVERY_MS = 1_000;

export interface HeapGuardOptions {
  /** Drops what can be dropped (the caches) and writes what must not be lost (buffered views and votes). */
  shed: () => void;
  warn: (message: string) => void;
}

/**
 * Watches the heap: after each major collection (when what it holds is what is live) and once a
 * second, a heap past SHED_AT of its limit sheds, so a worker gives up its caches before V8 gives up
 * the worker. Reading the figures costs microseconds.
 */
export class HeapGuard {
  /** v8's `heap_size_limit`: `--max-old-space-size` and the young generation. */
  readonly limitBytes = v8.getHeapStatistics().heap_size_limit;
  private shedding = false;
  private observer: PerformanceObserver | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Times the guard shed, and the most the heap held at a check. */
  sheds = 0;
  peakUsedBytes = 0;

  constructor(private readonly options: HeapGuardOptions) {}

  /** Sheds when the heap is past SHED_AT of its limit (tests: of a smaller one); answers whether it did. */
  check(limitBytes = this.limitBytes): boolean {
    const used = v8.getHeapStatistics().used_heap_size;
    this.peakUsedBytes = Math.max(this.peakUsedBytes, used);
    if (used < CALM_AT * limitBytes) this.shedding = false;
    if (used < SHED_AT * limitBytes) return false;
    this.sheds += 1;
    if (!this.shedding) {
      this.shedding = true;
      const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
      this.options.warn(`heap at ${mb(used)} of ${mb(limitBytes)} MB: dropped the caches and wrote buffered views and votes`);
    }
    this.options.shed();
    return true;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.check(), CHECK_EVERY_MS);
    this.timer.unref();
    this.observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(isMajor)) this.check();
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.observer?.disconnect();
    this.observer = undefined;
  }
}

function isMajor(entry: PerformanceEntry): boolean {
  return (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
}
