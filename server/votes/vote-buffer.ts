import { VOTES_PER_HOUR } from '../../contract/index.ts';
import { forbidden, notFound, rateLimited, serviceUnavailable } from '../shared/errors.ts';
import { isCountable, type Visitor, visitorHash } from '../visitors/visitor.ts';
import { type Choice, type Counts, difference, HOUR_MS, type VisitorRequests, type VoteRepository, type VoteRequest } from './repository.ts';
import { FlushTimer } from '../shared/flush-timer.ts';

/** Visitors written per transaction, a turn of the event loop between (SQLite writes on the main thread). */
export const VOTERS_PER_WRITE = 100;
/**
 * Requests buffered between flushes: past FLUSH_VOTES_AT a flush starts at once; past MAX_PENDING a vote
 * is refused until it has written (each costs about 700 bytes of heap: at most 7 MB;
 * docs/decisions.md#memory-that-cannot-be-exhausted-from-outside).
 */
export const FLUSH_VOTES_AT = 5_000;
export const MAX_PENDING = 10_000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A visitor's choices on one script as this process knows them: stored when first asked, and now. */
interface Entry {
  base: Choice;
  current: Choice;
}

export interface VoteAnswer {
  choice: Choice;
  counts: Counts;
}

/**
 * Buffers visitors' votes in memory and writes them every few seconds and at shutdown, like views,
 * so a vote never costs a database write (docs/decisions.md#votes-batched-and-limited). A request
 * reads the stored state once (the script's counters, the visitor's choices and changes of the
 * hour) and is refused when the stored changes, this process's buffered ones and those being
 * written reach VOTES_PER_HOUR; the flush checks again under the database's lock.
 */
export class VoteBuffer {
  private pending = new Map<string, VoteRequest[]>();
  private pendingTotal = 0;
  /** Requests taken by the flush running now, per visitor: still counted until they are stored. */
  private inFlight = new Map<string, number>();
  /** Per script, per visitor: what this process's buffered requests change (and those being written). */
  private entries = new Map<number, Map<string, Entry>>();
  private flushingEntries = new Map<number, Map<string, Entry>>();
  private readonly timer: FlushTimer;
  private flushing: Promise<void> | undefined;
  private lastPrune = 0;
  private soonAt = -Infinity;
  private readonly clock: () => number;

  constructor(
    private readonly repository: VoteRepository,
    private readonly options: {
      flushIntervalMs: number;
      clock?: (() => number) | undefined;
      onError?: (error: unknown) => void;
      /** The buffer's bounds (tests: smaller); MAX_PENDING and FLUSH_VOTES_AT by default. */
      maxPending?: number | undefined;
      flushAt?: number | undefined;
    },
  ) {
    this.clock = options.clock ?? Date.now;
    this.timer = new FlushTimer(() => this.flush().then(() => undefined), options.flushIntervalMs, options.onError);
  }

  /** The votes' clock (epoch milliseconds). */
  now(): number {
    return this.clock();
  }

  get pendingCount(): number {
    return this.pendingTotal;
  }

  /** The visitor's choices and the script's counts, buffered requests included. */
  async current(scriptId: number, visitor: Visitor): Promise<VoteAnswer> {
    const hash = this.identify(visitor);
    const stored = await this.repository.stored(scriptId, hash, this.clock() - HOUR_MS);
    if (!stored) throw notFound('Script not found');
    return this.answer(scriptId, hash, stored.counts, stored.choice);
  }

  /**
   * Buffers one change of the visitor's vote (`kind` vote: 1, -1 or null; works: 1, 0 or null).
   * A request that changes nothing is answered without counting against the limit.
   */
  async change(scriptId: number, visitor: Visitor, kind: keyof Choice, value: number | null): Promise<VoteAnswer> {
    const hash = this.identify(visitor);
    const now = this.clock();
    const stored = await this.repository.stored(scriptId, hash, now - HOUR_MS);
    if (!stored) throw notFound('Script not found');
    // From here to the push nothing awaits: parallel requests of one visitor see each other's.
    const live = this.entries.get(scriptId)?.get(hash);
    const writing = this.flushingEntries.get(scriptId)?.get(hash);
    const current = live?.current ?? writing?.current ?? stored.choice;
    if (current[kind] === value) return this.answer(scriptId, hash, stored.counts, stored.choice);
    const mine = this.pending.get(hash) ?? [];
    if (stored.changes + mine.length + (this.inFlight.get(hash) ?? 0) >= VOTES_PER_HOUR) {
      const oldest = Math.min(stored.oldestChange ?? now, mine[0]?.at ?? now);
      throw rateLimited(`At most ${VOTES_PER_HOUR} votes an hour; try again later`, (oldest + HOUR_MS - now) / 1000);
    }
    if (this.pendingTotal >= (this.options.maxPending ?? MAX_PENDING)) throw serviceUnavailable('Too many votes at once; try again in a moment', this.options.flushIntervalMs / 1000);
    mine.push({ scriptId, kind, value, at: now });
    this.pending.set(hash, mine);
    this.pendingTotal += 1;
    if (this.pendingTotal >= (this.options.flushAt ?? FLUSH_VOTES_AT)) this.flushSoon();
    const scriptEntries = this.entries.get(scriptId) ?? new Map<string, Entry>();
    // A change on top of one being written is counted from that one's result.
    scriptEntries.set(hash, { base: live?.base ?? writing?.current ?? stored.choice, current: { ...current, [kind]: value } });
    this.entries.set(scriptId, scriptEntries);
    return this.answer(scriptId, hash, stored.counts, stored.choice);
  }

  /** Crawlers and agent-less clients never vote (the rule of views). */
  private identify(visitor: Visitor): string {
    if (!isCountable(visitor.userAgent)) throw forbidden('Votes are taken from browsers only');
    return visitorHash(visitor);
  }

  /** Stored counts moved by every buffered change of this script (each against the choice it replaced). */
  private answer(scriptId: number, hash: string, stored: Counts, storedChoice: Choice): VoteAnswer {
    const counts = { ...stored };
    for (const map of [this.flushingEntries, this.entries]) {
      for (const entry of map.get(scriptId)?.values() ?? []) {
        const moved = difference(entry.base, entry.current);
        for (const key of Object.keys(counts) as (keyof Counts)[]) counts[key] += moved[key];
      }
    }
    const own = this.entries.get(scriptId)?.get(hash) ?? this.flushingEntries.get(scriptId)?.get(hash);
    for (const key of Object.keys(counts) as (keyof Counts)[]) counts[key] = Math.max(0, counts[key]);
    return { choice: own?.current ?? storedChoice, counts };
  }

  /** A flush now rather than at the next tick (a full buffer, a heap near its limit). */
  flushSoon(): void {
    // One already running takes what is buffered when it began; the next tick or trigger takes the
    // rest. At most one a second, so a failing database is not asked again on every request.
    if (this.flushing || performance.now() - this.soonAt < 1_000) return;
    this.soonAt = performance.now();
    this.flush().catch((error: unknown) => this.options.onError?.(error));
  }

  /** Writes everything buffered so far; one flush at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    this.flushing = this.flushAll();
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  private async flushAll(): Promise<void> {
    const batch: VisitorRequests[] = [...this.pending].map(([visitorHash, requests]) => ({ visitorHash, requests }));
    this.pending = new Map();
    this.pendingTotal = 0;
    this.flushingEntries = this.entries;
    this.entries = new Map();
    this.inFlight = new Map(batch.map(({ visitorHash, requests }) => [visitorHash, requests.length]));
    try {
      for (let start = 0; start < batch.length; start += VOTERS_PER_WRITE) {
        if (start > 0) await nextTurn();
        const slice = batch.slice(start, start + VOTERS_PER_WRITE);
        try {
          await this.repository.apply(slice, this.clock());
        } catch (error) {
          this.requeue(batch.slice(start));
          throw error;
        }
        // Stored now: new reads of the counters include them.
        for (const { visitorHash, requests } of slice) {
          this.inFlight.delete(visitorHash);
          for (const { scriptId } of requests) this.flushingEntries.get(scriptId)?.delete(visitorHash);
        }
      }
    } finally {
      this.inFlight = new Map();
      this.flushingEntries = new Map();
    }
    const now = this.clock();
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.repository.pruneChanges(now - HOUR_MS);
    }
  }

  /** A slice that failed goes back before what came since, keeping each visitor's order. */
  private requeue(visitors: VisitorRequests[]): void {
    for (const { visitorHash, requests } of visitors) {
      this.pending.set(visitorHash, [...requests, ...(this.pending.get(visitorHash) ?? [])]);
      this.pendingTotal += requests.length;
    }
    for (const { visitorHash, requests } of visitors) {
      for (const { scriptId } of requests) {
        const entry = this.flushingEntries.get(scriptId)?.get(visitorHash);
        if (!entry) continue;
        const live = this.entries.get(scriptId) ?? new Map<string, Entry>();
        const later = live.get(visitorHash);
        live.set(visitorHash, later ? { base: entry.base, current: later.current } : entry);
        this.entries.set(scriptId, live);
      }
    }
  }

  start(): void {
    this.timer.start();
  }

  /** Stops the timer and writes what is left, retrying a failed write (the last chance to keep the votes). */
  async stop(): Promise<void> {
    await this.timer.stop();
  }
}
