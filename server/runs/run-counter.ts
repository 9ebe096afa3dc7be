import { addressGroup } from '../shared/client-address.ts';
import { utcDay } from '../shared/dates.ts';
import { FlushTimer } from '../shared/flush-timer.ts';
import { digest } from '../visitors/visitor.ts';
import type { RunMark, RunRepository } from './repository.ts';

/** Runs buffered between flushes; past this many a run is not counted until they are written (about 200 bytes each). */
export const MAX_PENDING_RUNS = 50_000;
/** A flush starts at once past this many. */
const FLUSH_RUNS_AT = 10_000;
/** Marks written per transaction: a flush holds SQLite's writer a few milliseconds at a time. */
const RUNS_PER_WRITE = 200;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Addresses whose hash is remembered at once. */
const HASHES_KEPT = 10_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Agents that say they crawl or preview. Not isbot: it calls every agent that is not a browser's a bot,
 * and executors' HTTP clients (`Roblox/WinInet`, an executor's own name, none at all) are not browsers.
 */
const CRAWLER = /bot\b|bot\/|crawl|spider|slurp|preview|archiver|headless/i;

/** Who fetched a raw loader: its address (its group: an IPv6 /64) and agent. */
export interface Runner {
  ip: string;
  userAgent: string | undefined;
}

/**
 * Counts runs (issue 38 item 4): a fetch of `/raw/{id}` is a run of that script, once per address a
 * UTC day. Buffered in memory like views (server/views/view-counter.ts) and written every
 * `flushIntervalMs` and at shutdown; the once-per-address rule holds across processes and instances
 * because the flush stores a mark per (day, script, address) and only a new mark adds a run
 * (RunRepository.applyRuns). Executors' HTTP clients send many agents or none, so the address alone
 * names the runner; agents that say they crawl are not counted.
 */
export class RunCounter {
  private pending = new Map<string, RunMark>();
  private flushing: Promise<number> | undefined;
  private readonly timer: FlushTimer;
  private readonly clock: () => number;
  private lastPrune = 0;
  private readonly hashes = new Map<string, string>();

  constructor(
    private readonly repository: RunRepository,
    private readonly options: { flushIntervalMs: number; clock?: (() => number) | undefined; onError?: (error: unknown) => void },
  ) {
    this.clock = options.clock ?? Date.now;
    this.timer = new FlushTimer(() => this.flush().then(() => undefined), options.flushIntervalMs, options.onError);
  }

  /** Buffers a run; false when it is not counted (a crawler, a full buffer, or already buffered today). */
  record(scriptId: number, runner: Runner): boolean {
    if (runner.userAgent && CRAWLER.test(runner.userAgent)) return false;
    const day = utcDay(this.clock());
    const visitorHash = this.hashOf(runner.ip);
    const key = `${day}:${scriptId}:${visitorHash}`;
    if (this.pending.has(key)) return false;
    if (this.pending.size >= MAX_PENDING_RUNS) return false;
    this.pending.set(key, { scriptId, day, visitorHash });
    if (this.pending.size >= FLUSH_RUNS_AT) this.flush().catch((error: unknown) => this.options.onError?.(error));
    return true;
  }

  /** An address's group, hashed (nothing of the address is stored); the same runners come back many times a minute. */
  private hashOf(ip: string): string {
    let hash = this.hashes.get(ip);
    if (hash === undefined) {
      hash = digest(addressGroup(ip));
      // Dropping everything at the bound keeps this O(1); the busy addresses come straight back.
      if (this.hashes.size >= HASHES_KEPT) this.hashes.clear();
      this.hashes.set(ip, hash);
    }
    return hash;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Each script's runs of the last 30 days (stored; what is buffered shows within a flush). */
  last30Days(ids: readonly number[]): Promise<Map<number, number>> {
    return this.repository.last30Days(ids, utcDay(this.clock()));
  }

  /** Writes what is buffered; one flush at a time. Answers how many marks it wrote. */
  async flush(): Promise<number> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    this.flushing = this.write();
    try {
      return await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  private async write(): Promise<number> {
    const batch = [...this.pending.values()];
    this.pending = new Map();
    for (let start = 0; start < batch.length; start += RUNS_PER_WRITE) {
      if (start > 0) await nextTurn();
      try {
        await this.repository.applyRuns(batch.slice(start, start + RUNS_PER_WRITE));
      } catch (error) {
        // The rest goes back to the buffer for the next flush; a mark written twice counts once.
        for (const mark of batch.slice(start)) this.pending.set(`${mark.day}:${mark.scriptId}:${mark.visitorHash}`, mark);
        throw error;
      }
    }
    const now = this.clock();
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.repository.prune(utcDay(now));
    }
    return batch.length;
  }

  start(): void {
    this.timer.start();
  }

  async stop(): Promise<void> {
    await this.timer.stop();
  }
}
