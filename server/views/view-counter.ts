import { DAILY_VIEWS_KEPT_DAYS } from '../../contract/index.ts';
import { foldSearchText } from '../db/search.ts';
import type { SearchMiss, SearchMissRepository } from '../insights/search-misses-repository.ts';
import type { ViewMark, ViewRepository } from './repository.ts';
import { utcDay } from '../shared/dates.ts';
import { FlushTimer } from '../shared/flush-timer.ts';
import { digest, isCountable, type Visitor, visitorHash } from '../visitors/visitor.ts';

const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Searches that found nothing are kept this many days (docs/decisions/0014-insights-and-empty-searches.md#empty-searches). */
export const SEARCH_MISSES_KEPT_DAYS = 90;
/** Distinct (day, query) rows and visitor-query pairs buffered between flushes; more are not counted. */
const MAX_PENDING_MISSES = 10_000;
const MAX_MISS_VISITORS = 50_000;
/**
 * Views buffered between flushes: past FLUSH_VIEWS_AT a flush starts at once; past MAX_PENDING_VIEWS a
 * view is not counted until it has written (each costs about 260 bytes of heap: at most 13 MB;
 * docs/decisions/0024-memory-that-cannot-be-exhausted-from-outside.md).
 */
export const FLUSH_VIEWS_AT = 10_000;
export const MAX_PENDING_VIEWS = 50_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A search's text as its misses are counted: folded like stored text, spaces collapsed. */
export function missQuery(q: string): string {
  return foldSearchText(q).replace(/\s+/gu, ' ').trim();
}
/**
 * Views written per transaction, small enough that one holds the main thread a few milliseconds: at
 * 1,000,000 scripts each counted view rewrites the row and four of its indexes (views and trending, by
 * game and overall), and a slice of 100 held it about 100 ms (docs/performance.md).
 */
export const VIEWS_PER_WRITE = 25;

/**
 * Buffers script views in memory and writes them in one transaction every few seconds and at
 * shutdown, so a page view never costs a database write (docs/product.md#views).
 */
export class ViewCounter {
  private pending = new Map<string, ViewMark>();
  /** Searches that found nothing, per day and query, and who asked (a visitor counts once a flush). */
  private misses = new Map<string, SearchMiss>();
  private missVisitors = new Set<string>();
  private readonly timer: FlushTimer;
  private flushing: Promise<number> | undefined;
  private lastPrune = 0;
  private soonAt = -Infinity;
  /** The trending day this process last saw stored; the roll is tried when the clock passes it. */
  private scoredDay: number | undefined;
  private readonly clock: () => number;

  constructor(
    private readonly repository: ViewRepository,
    private readonly options: {
      flushIntervalMs: number;
      onError?: (error: unknown) => void;
      /** Epoch milliseconds (Date.now by default); tests move it across days. */
      clock?: (() => number) | undefined;
      /** Where searches that found nothing are written; not counted without it. */
      searchMisses?: SearchMissRepository | undefined;
      /** The buffer's bounds (tests: smaller); MAX_PENDING_VIEWS and FLUSH_VIEWS_AT by default. */
      maxPending?: number | undefined;
      flushAt?: number | undefined;
    },
  ) {
    this.clock = options.clock ?? Date.now;
    this.timer = new FlushTimer(() => this.flush().then(() => undefined), options.flushIntervalMs, options.onError);
  }

  record(scriptId: number, visitor: Visitor, now = this.clock()): boolean {
    if (!isCountable(visitor.userAgent)) return false;
    const hash = visitorHash(visitor);
    const key = `${hash}:${scriptId}`;
    if (this.pending.has(key)) return true;
    if (this.pending.size >= (this.options.maxPending ?? MAX_PENDING_VIEWS)) return false;
    this.pending.set(key, { visitorHash: hash, scriptId, at: now });
    if (this.pending.size >= (this.options.flushAt ?? FLUSH_VIEWS_AT)) this.flushSoon();
    return true;
  }

  /** A flush now rather than at the next tick (a full buffer, a heap near its limit). */
  flushSoon(): void {
    // One already running takes what is buffered when it began; the next tick or trigger takes the
    // rest. At most one a second, so a failing database is not asked again on every request.
    if (this.flushing || performance.now() - this.soonAt < 1_000) return;
    this.soonAt = performance.now();
    this.flush().catch((error: unknown) => this.options.onError?.(error));
  }

  /** Whether this visitor's searches are counted (the rule of views: no crawlers, an agent given). */
  countsSearches(visitor: Visitor): boolean {
    return this.options.searchMisses !== undefined && isCountable(visitor.userAgent);
  }

  /**
   * Buffers a search that found nothing, written with the next flush: its folded text only, once per
   * visitor and query between flushes (a reload is not a second search).
   */
  recordSearchMiss(q: string, visitor: Visitor, now = this.clock()): boolean {
    if (!this.countsSearches(visitor)) return false;
    const query = missQuery(q);
    if (query === '') return false;
    // A digest, not the text: up to 50,000 pairs of a 200-character query would be 20 MB of heap.
    const seen = digest(`${visitorHash(visitor)}\n${query}`);
    if (this.missVisitors.has(seen) || this.missVisitors.size >= MAX_MISS_VISITORS) return false;
    const day = utcDay(now);
    const key = `${day}\n${query}`;
    const miss = this.misses.get(key);
    if (!miss && this.misses.size >= MAX_PENDING_MISSES) return false;
    this.missVisitors.add(seen);
    if (miss) miss.searches += 1;
    else this.misses.set(key, { query, day, searches: 1 });
    return true;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get pendingSearchMisses(): number {
    return this.misses.size;
  }

  /**
   * Writes everything buffered so far (searches that found nothing, then views); resolves to the
   * number of views actually counted. First, when the UTC day has changed since the stored trending
   * scores' day, they are moved to today's weights.
   */
  async flush(): Promise<number> {
    // One flush at a time; a second caller waits for the first, then flushes what came since.
    while (this.flushing) await this.flushing.catch(() => undefined);
    this.flushing = this.flushAll();
    try {
      return await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  private async flushAll(): Promise<number> {
    // Before the batch is taken: a failed roll leaves the views buffered for the next flush.
    await this.rollTrending();
    const batch = [...this.pending.values()];
    this.pending = new Map();
    const misses = [...this.misses.values()];
    this.misses = new Map();
    this.missVisitors = new Set();
    if (misses.length > 0) {
      try {
        await this.options.searchMisses?.add(misses);
      } catch (error) {
        // Lost counts of empty searches are not worth a retry; the views still go.
        this.options.onError?.(error);
      }
    }
    if (batch.length === 0) return 0;
    return this.write(batch);
  }

  /**
   * Writes the batch a slice at a time, one transaction each, yielding to the event loop between
   * slices: on SQLite a write runs on the main thread, and a whole busy interval's views in one
   * transaction would hold every request for hundreds of milliseconds. A slice that fails is rolled
   * back as a whole; it and the slices after it go back to the buffer for the next flush.
   */
  private async write(batch: ViewMark[]): Promise<number> {
    let total = 0;
    for (let start = 0; start < batch.length; start += VIEWS_PER_WRITE) {
      if (start > 0) await nextTurn();
      try {
        const added = await this.repository.applyViews(batch.slice(start, start + VIEWS_PER_WRITE));
        for (const views of added.values()) total += views;
      } catch (error) {
        this.requeue(batch.slice(start));
        throw error;
      }
    }
    const now = this.clock();
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.prune(now);
    }
    return total;
  }

  /** Marks older than a day; views per day and empty searches older than their 90 days. */
  private async prune(now: number): Promise<void> {
    await this.repository.pruneViewMarks(now);
    const today = utcDay(now);
    await this.repository.pruneDailyViews(today - DAILY_VIEWS_KEPT_DAYS + 1, nextTurn);
    await this.options.searchMisses?.prune(today - SEARCH_MISSES_KEPT_DAYS + 1, nextTurn);
  }

  /** Rolls the trending scores to today's weights when the day has changed (once across processes). */
  private async rollTrending(): Promise<void> {
    const today = utcDay(this.clock());
    if (this.scoredDay !== undefined && this.scoredDay >= today) return;
    this.scoredDay = await this.repository.trendingDay();
    if (this.scoredDay >= today) return;
    await this.repository.rollTrending(today, nextTurn);
    this.scoredDay = today;
  }

  private requeue(marks: ViewMark[]): void {
    for (const mark of marks) {
      const key = `${mark.visitorHash}:${mark.scriptId}`;
      if (!this.pending.has(key)) this.pending.set(key, mark);
    }
  }

  start(): void {
    this.timer.start();
  }

  /**
   * Stops the timer and writes what is left. A failed write (a lost connection, a lock time-out)
   * goes back to the buffer, so it is tried again: these are the last chances to keep the views.
   */
  async stop(): Promise<void> {
    await this.timer.stop();
  }
}
