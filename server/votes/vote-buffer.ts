import { EXECUTOR_VOTE_DAYS, VOTES_PER_HOUR } from '../../contract/index.ts';
import type { CompatibilityRow } from '../executors/compatibility-repository.ts';
import type { ExecutorRef } from '../executors/executor-refs-repository.ts';
import { badRequest, forbidden, notFound, rateLimited, serviceUnavailable } from '../shared/errors.ts';
import { isCountable, type Visitor, visitorHash, visitorNetworks } from '../visitors/visitor.ts';
import { answerNow, answersOf, compatibilityWith, type ExecutorAnswer, mergeAnswers, ownAnswers, type StoredAnswer, withAnswer } from './executor-moves.ts';
import {
  type Choice,
  type Counts,
  DAY_MS,
  difference,
  HOUR_MS,
  NETWORK_VOTERS,
  type Networks,
  type StoredVotes,
  type VisitorRequests,
  type VoteRepository,
  type VoteRequest,
} from './repository.ts';
import { type FlushFigures, FlushStats, FlushTimer } from '../shared/flush-timer.ts';
import type { IdempotencyRecord } from '../db/idempotency.ts';

/** Visitors written per transaction, a turn of the event loop between (SQLite writes on the main thread). */
export const VOTERS_PER_WRITE = 100;
/**
 * Requests buffered between flushes: past FLUSH_VOTES_AT a flush starts at once; past MAX_PENDING a vote
 * is refused until it has written (each costs about 700 bytes of heap: at most 7 MB;
 * docs/decisions/0024-memory-that-cannot-be-exhausted-from-outside.md).
 */
export const FLUSH_VOTES_AT = 5_000;
export const MAX_PENDING = 10_000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** How often a flush takes executor answers older than EXECUTOR_VOTE_DAYS out of the counts. */
export const EXPIRE_EVERY_MS = 5 * 60 * 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const namesExecutor = ({ requests }: VisitorRequests) => requests.some((request) => request.executorId !== undefined);

/** A visitor's choices on one script as this process knows them: stored when first asked, and now. */
interface Entry {
  base: Choice;
  current: Choice;
  /** Per executor id (docs/decisions/0040-works-answers-per-executor.md); none kept for the many votes without one. */
  executors?: Map<number, ExecutorAnswer> | undefined;
  /** The network keys (`script n56|n48`) this visitor was counted in as a new voter of the script. */
  counted?: string[] | undefined;
}

export interface VoteAnswer {
  choice: Choice;
  counts: Counts;
  /** The visitor's own answers per executor, buffered ones included. */
  executors: StoredAnswer[];
  /** The script's compatibility rows moved by this process's buffered answers. */
  compatibility: CompatibilityRow[];
}

/** What one request changes: a kind of choice, its value, and for a works answer the executor it names. */
interface Change {
  kind: keyof Choice;
  value: number | null;
  executor?: ExecutorRef | undefined;
  networks?: Networks | undefined;
  keyHash?: string | undefined;
}

/** A request's `Idempotency-Key` claim: its record is made of the answer and written by the flush. */
export interface VoteKey {
  keyHash: string;
  record(answer: VoteAnswer): IdempotencyRecord;
}

/** An answer given under a key, kept until a flush stores it. */
interface KeptKey {
  visitorHash: string;
  record: IdempotencyRecord;
}

/**
 * Buffers visitors' votes in memory and writes them every few seconds and at shutdown, like views,
 * so a vote never costs a database write (docs/decisions/0020-votes.md). A request
 * reads the stored state once (the script's counters, the visitor's choices and changes of the
 * hour) and is refused when the stored changes, this process's buffered ones and those being
 * written reach VOTES_PER_HOUR; the flush checks again under the database's lock.
 */
export class VoteBuffer {
  private pending = new Map<string, VoteRequest[]>();
  private pendingTotal = 0;
  /** Requests taken by the flush running now, per visitor: still counted until they are stored. */
  private inFlight = new Map<string, number>();
  /** The batch the running flush took (its visitors still in inFlight are not stored yet). */
  private writing: VisitorRequests[] = [];
  private readonly stats = new FlushStats();
  /** Per script, per visitor: what this process's buffered requests change (and those being written). */
  private entries = new Map<number, Map<string, Entry>>();
  private flushingEntries = new Map<number, Map<string, Entry>>();
  /** New voters buffered per script and network (`script n56|n48`), and those being written. */
  private networkVoters = new Map<string, number>();
  private flushingNetworkVoters = new Map<string, number>();
  /** Answers given under an `Idempotency-Key`, by key hash: buffered, and being written. */
  private keyed = new Map<string, KeptKey>();
  private flushingKeyed = new Map<string, KeptKey>();
  private readonly timer: FlushTimer;
  private flushing: Promise<void> | undefined;
  private lastPrune = 0;
  private lastExpiry = -Infinity;
  private soonAt = -Infinity;
  private readonly clock: () => number;

  constructor(
    private readonly repository: VoteRepository,
    private readonly options: {
      flushIntervalMs: number;
      clock?: (() => number) | undefined;
      onError?: (error: unknown) => void;
      /** Told after a flush or expiry committed, of the scripts whose cached answers and pages must go. */
      onChanged?: ((scriptIds: number[]) => void) | undefined;
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

  /** The flush as the operator's metrics show it: what waits, for how long, and how flushes went. */
  flushFigures(): FlushFigures {
    let waiting = this.pendingTotal;
    let oldest = Infinity;
    for (const requests of this.pending.values()) oldest = Math.min(oldest, requests[0]?.at ?? Infinity);
    for (const { visitorHash, requests } of this.writing) {
      const left = this.inFlight.get(visitorHash);
      if (left === undefined) continue;
      waiting += left;
      oldest = Math.min(oldest, requests[0]?.at ?? Infinity);
    }
    return this.stats.figures(waiting, Number.isFinite(oldest) ? this.clock() - oldest : 0);
  }

  /** The visitor's choices and the script's counts, buffered requests included. */
  async current(scriptId: number, visitor: Visitor): Promise<VoteAnswer> {
    const { hash } = this.identify(visitor);
    const [stored, compatibility] = await Promise.all([this.repository.stored(scriptId, hash, this.clock() - HOUR_MS), this.repository.compatibility(scriptId)]);
    if (!stored) throw notFound('Script not found');
    return this.answer(scriptId, hash, stored, compatibility);
  }

  /**
   * Buffers one change of the visitor's vote (`kind` vote: 1, -1 or null; works: 1, 0 or null). A
   * works answer may name an executor (its slug): the same value becomes the visitor's answer for that
   * executor too, in the same request and the same one change against the limit. A request that
   * changes nothing is answered without counting against the limit.
   */
  async change(scriptId: number, visitor: Visitor, kind: keyof Choice, value: number | null, executorSlug?: string, key?: VoteKey): Promise<VoteAnswer> {
    const { hash, networks } = this.identify(visitor);
    const now = this.clock();
    const [stored, compatibility, executor] = await Promise.all([
      this.repository.stored(scriptId, hash, now - HOUR_MS, networks && { networks, now }),
      this.repository.compatibility(scriptId),
      executorSlug === undefined ? undefined : this.repository.executor(executorSlug),
    ]);
    if (!stored) throw notFound('Script not found');
    if (executorSlug !== undefined && !executor) throw badRequest('Unknown executor', { executor: `No executor is named ${executorSlug}` });
    if (key && this.keyed.size >= (this.options.maxPending ?? MAX_PENDING)) throw serviceUnavailable('Too many votes at once; try again in a moment', this.options.flushIntervalMs / 1000);
    // From here to the push nothing awaits: parallel requests of one visitor see each other's.
    this.buffer(scriptId, hash, now, stored, { kind, value, executor, networks, keyHash: key?.keyHash });
    const answer = this.answer(scriptId, hash, stored, compatibility);
    // Kept with the request it answered: the flush that writes the request stores the key.
    if (key) this.keyed.set(key.keyHash, { visitorHash: hash, record: key.record(answer) });
    return answer;
  }

  /** The answer given under a key whose record no flush has stored yet (then the database has it). */
  keptAnswer(keyHash: string): IdempotencyRecord | undefined {
    return (this.keyed.get(keyHash) ?? this.flushingKeyed.get(keyHash))?.record;
  }

  /** Buffers the change unless it changes nothing; refuses it past the visitor's limit or the buffer's bound. */
  private buffer(scriptId: number, hash: string, now: number, stored: StoredVotes, { kind, value, executor, networks, keyHash }: Change): void {
    const live = this.entries.get(scriptId)?.get(hash);
    const writing = this.flushingEntries.get(scriptId)?.get(hash);
    const current = live?.current ?? writing?.current ?? stored.choice;
    const answers = answersOf(live?.executors, writing?.executors);
    const executorMoves = executor !== undefined && answerNow(answers, stored.executors, executor.id) !== value;
    if (current[kind] === value && !executorMoves) return;
    const mine = this.pending.get(hash) ?? [];
    if (stored.changes + mine.length + (this.inFlight.get(hash) ?? 0) >= VOTES_PER_HOUR) {
      const oldest = Math.min(stored.oldestChange ?? now, mine[0]?.at ?? now);
      throw rateLimited(`At most ${VOTES_PER_HOUR} votes an hour; try again later`, (oldest + HOUR_MS - now) / 1000);
    }
    if (this.pendingTotal >= (this.options.maxPending ?? MAX_PENDING)) throw serviceUnavailable('Too many votes at once; try again in a moment', this.options.flushIntervalMs / 1000);
    const joining = networks !== undefined && current.vote === null && current.works === null && value !== null && !live?.counted && !writing?.counted;
    const counted = joining ? this.countNetworkVoter(scriptId, networks, stored, now) : (live?.counted ?? writing?.counted);
    mine.push({ scriptId, kind, value, at: now, executorId: executor?.id, networks, keyHash });
    this.pending.set(hash, mine);
    this.pendingTotal += 1;
    if (this.pendingTotal >= (this.options.flushAt ?? FLUSH_VOTES_AT)) this.flushSoon();
    const scriptEntries = this.entries.get(scriptId) ?? new Map<string, Entry>();
    // A change on top of one being written is counted from that one's result.
    const executors = executor ? withAnswer(answers, stored.executors, executor, value) : answers;
    scriptEntries.set(hash, {
      base: live?.base ?? writing?.current ?? stored.choice,
      current: { ...current, [kind]: value },
      executors: executors.size > 0 ? executors : undefined,
      counted,
    });
    this.entries.set(scriptId, scriptEntries);
  }

  /**
   * A visitor's first vote on a script counts against its /56's and /48's voters of the day (stored,
   * buffered and being written); past either cap it is refused. Answers the keys it was counted in.
   */
  private countNetworkVoter(scriptId: number, { n56, n48 }: Networks, stored: StoredVotes, now: number): string[] {
    const keys = [`${scriptId} ${n56}`, `${scriptId} ${n48}`] as const;
    const buffered = (key: string) => (this.networkVoters.get(key) ?? 0) + (this.flushingNetworkVoters.get(key) ?? 0);
    const voters = stored.networkVoters;
    const full56 = (voters?.n56 ?? 0) + buffered(keys[0]) >= NETWORK_VOTERS.n56;
    if (full56 || (voters?.n48 ?? 0) + buffered(keys[1]) >= NETWORK_VOTERS.n48) {
      // Room comes back when the oldest stored voter's day ends (a day when they are all buffered).
      const oldest = full56 ? voters?.oldest56 : voters?.oldest48;
      throw rateLimited('Enough votes on this script from your network today; try again tomorrow', ((oldest ?? now) + DAY_MS - now) / 1000);
    }
    for (const key of keys) this.networkVoters.set(key, (this.networkVoters.get(key) ?? 0) + 1);
    return [...keys];
  }

  /** Crawlers and agent-less clients never vote (the rule of views). */
  private identify(visitor: Visitor): { hash: string; networks: Networks | undefined } {
    if (!isCountable(visitor.userAgent)) throw forbidden('Votes are taken from browsers only');
    return { hash: visitorHash(visitor), networks: visitorNetworks(visitor) };
  }

  /** Stored counts moved by every buffered change of this script (each against the choice it replaced). */
  private answer(scriptId: number, hash: string, stored: StoredVotes, compatibility: CompatibilityRow[]): VoteAnswer {
    const counts = { ...stored.counts };
    const buffered = [...(this.flushingEntries.get(scriptId)?.values() ?? []), ...(this.entries.get(scriptId)?.values() ?? [])];
    for (const entry of buffered) {
      const moved = difference(entry.base, entry.current);
      for (const key of Object.keys(counts) as (keyof Counts)[]) counts[key] += moved[key];
    }
    const own = this.entries.get(scriptId)?.get(hash) ?? this.flushingEntries.get(scriptId)?.get(hash);
    for (const key of Object.keys(counts) as (keyof Counts)[]) counts[key] = Math.max(0, counts[key]);
    return {
      choice: own?.current ?? stored.choice,
      counts,
      executors: ownAnswers(stored.executors, own?.executors),
      compatibility: compatibilityWith(
        compatibility,
        buffered.flatMap((entry) => (entry.executors ? [entry.executors] : [])),
      ),
    };
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
    this.flushing = this.stats.measure(() => this.flushAll());
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  private async flushAll(): Promise<void> {
    // Visitors with no executor answer first: their slices never take the shared counts' lock, so
    // likes and plain works answers never wait behind staff writes (each visitor's requests stay together, in order).
    const batch = this.takeBatch().sort((a, b) => Number(namesExecutor(a)) - Number(namesExecutor(b)));
    this.pending = new Map();
    this.pendingTotal = 0;
    this.flushingEntries = this.entries;
    this.entries = new Map();
    this.flushingNetworkVoters = this.networkVoters;
    this.networkVoters = new Map();
    this.inFlight = new Map(batch.map(({ visitorHash, requests }) => [visitorHash, requests.length]));
    this.writing = batch;
    try {
      for (let start = 0; start < batch.length; start += VOTERS_PER_WRITE) {
        if (start > 0) await nextTurn();
        const slice = batch.slice(start, start + VOTERS_PER_WRITE);
        try {
          const applied = await this.repository.apply(slice, this.clock());
          if (applied.changed.length > 0) this.options.onChanged?.(applied.changed);
        } catch (error) {
          this.requeue(batch.slice(start));
          throw error;
        }
        // Stored now: new reads of the counters include them.
        for (const { visitorHash, requests } of slice) {
          this.inFlight.delete(visitorHash);
          for (const { scriptId } of requests) this.stored(scriptId, visitorHash);
        }
      }
    } finally {
      this.inFlight = new Map();
      this.writing = [];
      this.flushingEntries = new Map();
      this.flushingNetworkVoters = new Map();
      this.flushingKeyed = new Map();
    }
    const now = this.clock();
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.repository.pruneChanges(now - HOUR_MS);
    }
    if (now - this.lastExpiry >= EXPIRE_EVERY_MS) {
      this.lastExpiry = now;
      const changed = await this.repository.expireExecutorAnswers(now - EXECUTOR_VOTE_DAYS * DAY_MS);
      if (changed.length > 0) this.options.onChanged?.(changed);
    }
  }

  /** A visitor's entry on a script is stored: the database counts it from now on, the buffer no longer. */
  private stored(scriptId: number, visitorHash: string): void {
    const entry = this.flushingEntries.get(scriptId)?.get(visitorHash);
    for (const key of entry?.counted ?? []) this.flushingNetworkVoters.set(key, (this.flushingNetworkVoters.get(key) ?? 1) - 1);
    this.flushingEntries.get(scriptId)?.delete(visitorHash);
  }

  /** Each visitor's buffered requests with the answers given under keys since the last flush (a visitor may have keys only). */
  private takeBatch(): VisitorRequests[] {
    const keys = new Map<string, IdempotencyRecord[]>();
    for (const { visitorHash, record } of this.keyed.values()) keys.set(visitorHash, [...(keys.get(visitorHash) ?? []), record]);
    this.flushingKeyed = this.keyed;
    this.keyed = new Map();
    const visitors = new Set([...this.pending.keys(), ...keys.keys()]);
    return [...visitors].map((visitorHash) => ({ visitorHash, requests: this.pending.get(visitorHash) ?? [], keys: keys.get(visitorHash) }));
  }

  /** A slice that failed goes back before what came since, keeping each visitor's order. */
  private requeue(visitors: VisitorRequests[]): void {
    for (const { visitorHash, requests, keys } of visitors) {
      if (requests.length > 0) this.pending.set(visitorHash, [...requests, ...(this.pending.get(visitorHash) ?? [])]);
      this.pendingTotal += requests.length;
      for (const record of keys ?? []) this.keyed.set(record.keyHash, { visitorHash, record });
    }
    for (const { visitorHash, requests } of visitors) {
      for (const { scriptId } of requests) {
        const entry = this.flushingEntries.get(scriptId)?.get(visitorHash);
        if (!entry) continue;
        const live = this.entries.get(scriptId) ?? new Map<string, Entry>();
        const later = live.get(visitorHash);
        // Still buffered, so still counted in its networks.
        for (const key of entry.counted ?? []) this.networkVoters.set(key, (this.networkVoters.get(key) ?? 0) + 1);
        live.set(visitorHash, later ? { base: entry.base, current: later.current, executors: mergeAnswers(entry.executors, later.executors), counted: entry.counted } : entry);
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
