import { BurstyRateLimiter, RateLimiterMemory, RateLimiterQueue, RateLimiterQueueError, RateLimiterRes } from 'rate-limiter-flexible';
import type { ColdBudgetLimits } from '../shared/config.ts';
import { AppError, rateLimited } from '../shared/errors.ts';
import type { ColdGate } from './cold-gate.ts';
import { WIDER_FACTORS } from '../shared/client-address.ts';

/** How often an address group's burst refills: rarely enough that a client at full speed gains little from it. */
export const BURST_REFILL_S = 10;

/** Refusals held at once per process; past it they go at once (a hold is a timer and a socket). */
export const MAX_HELD_REFUSALS = 1_000;

/**
 * Whose budget a request's cold work is taken from: its narrow group `key` and the wider groups
 * around it (IPv6). undefined has no budget (the machine itself) but still takes its place in the
 * process's gate; 'staff' (a request a staff guard authenticated) has neither.
 */
export type ColdLane = { key: string; crawler: boolean; wider?: { prefix: 56 | 48; key: string }[] } | undefined | 'staff';

/** A cold page may start (`release` when its render is done), or is refused with a status and Retry-After. */
export type ColdAdmission = { release: () => void } | { status: 429 | 503; retryAfter: number };

/** The request whose handler is running: its lane (worked out on its first miss), and its admission once asked. */
interface Requester {
  lane: () => ColdLane;
  admission?: Promise<number | undefined>;
}

const refusal = (seconds: number) => rateLimited('Too many uncached pages from this address; try again in a moment', seconds);

const wholeSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * How much cold work (a page render or public-cache load that misses the caches) each address group may
 * start: one per 1/perSecond seconds, plus `burst` more refilled every BURST_REFILL_S seconds (the
 * library's limiters are fixed windows, checked by count, so they refuse however the requests arrive).
 * Known crawlers have a rate of their own per crawler and group and wait in a bounded queue for it
 * instead of being refused. Each process has its own buckets.
 */
export class ColdBudget {
  private readonly visitors: BurstyRateLimiter | undefined;
  private readonly crawlers: RateLimiterMemory;
  /** The /56's and /48's buckets, visitors' and crawlers'. */
  private readonly widerVisitors = new Map<56 | 48, BurstyRateLimiter>();
  private readonly widerCrawlers = new Map<56 | 48, RateLimiterMemory>();
  /** Refusals being held (refusalHoldMs) right now. */
  private held = 0;
  /** One queue per crawler lane with requests waiting or being admitted; forgotten when it empties. */
  private readonly queues = new Map<string, { queue: RateLimiterQueue; open: number }>();
  /**
   * The request whose handler is running synchronously right now. Not an AsyncLocalStorage: on Node 20
   * its first run switches on promise hooks, which every promise of the process then pays for
   * (web/entry.server.tsx); a handler's first turn is enough, as each public route starts its load in it.
   */
  private current: Requester | undefined;

  constructor(
    private readonly limits: ColdBudgetLimits,
    /** The process's bound on cold work running at once; none, unbounded (tests of the budget alone). */
    private readonly slots?: ColdGate,
  ) {
    // One request per 1/rate seconds, so what a client at full speed is let through is spread out (a
    // window of `burst` at once made a quarter-second of renders every window, and the visitors beside it
    // waited through them), plus a burst for a person opening several tabs, refilled every 10 s.
    // The library's records expire with their windows, so idle addresses cost nothing after them.
    this.visitors =
      limits.perSecond > 0
        ? new BurstyRateLimiter(
            new RateLimiterMemory({ keyPrefix: 'cold', points: 1, duration: 1 / limits.perSecond }),
            new RateLimiterMemory({ keyPrefix: 'cold-burst', points: limits.burst, duration: BURST_REFILL_S }),
          )
        : undefined;
    this.crawlers = new RateLimiterMemory({ keyPrefix: 'crawler', points: 1, duration: 1 / limits.crawlerPerSecond });
    for (const [prefix, factor] of [[56, WIDER_FACTORS[56]], [48, WIDER_FACTORS[48]]] as const) {
      if (limits.perSecond > 0) {
        this.widerVisitors.set(
          prefix,
          new BurstyRateLimiter(
            new RateLimiterMemory({ keyPrefix: `cold-${prefix}`, points: factor, duration: 1 / limits.perSecond }),
            new RateLimiterMemory({ keyPrefix: `cold-burst-${prefix}`, points: factor * limits.burst, duration: BURST_REFILL_S }),
          ),
        );
      }
      this.widerCrawlers.set(prefix, new RateLimiterMemory({ keyPrefix: `crawler-${prefix}`, points: factor, duration: 1 / limits.crawlerPerSecond }));
    }
  }

  /**
   * Takes one cold request from the lane's budgets, narrowest first: undefined when admitted, else the
   * seconds to wait (Retry-After), told after the refusal's hold. A refusal by a narrower group spends
   * nothing of the wider ones, so a client stopped at its own /64 costs its neighbours nothing.
   */
  async take(lane: ColdLane): Promise<number | undefined> {
    if (lane === undefined || lane === 'staff' || this.visitors === undefined) return undefined;
    const wait = lane.crawler ? await this.takeCrawler(lane) : await this.takeVisitor(lane);
    if (wait !== undefined) await this.hold(wait);
    return wait;
  }

  /**
   * A cold page's admission: its budget, then a place in the process's gate (which loopback takes too,
   * and authenticated staff never). Refused, it answers the status and Retry-After, after the hold.
   */
  async admit(lane: ColdLane): Promise<ColdAdmission> {
    const wait = await this.take(lane);
    if (wait !== undefined) return { status: 429, retryAfter: wait };
    const slots = lane === 'staff' ? undefined : this.slots;
    if (!slots) return { release: () => undefined };
    try {
      await slots.enter();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.hold(slots.retryAfterSeconds);
      return { status: 503, retryAfter: slots.retryAfterSeconds };
    }
    let released = false;
    return {
      release: () => {
        if (!released) slots.leave();
        released = true;
      },
    };
  }

  private async takeVisitor(lane: Exclude<ColdLane, undefined | 'staff'>): Promise<number | undefined> {
    const first = await this.consume(this.visitors, lane.key);
    if (first !== undefined) return first;
    for (const { prefix, key } of lane.wider ?? []) {
      const wait = await this.consume(this.widerVisitors.get(prefix), key);
      if (wait !== undefined) return wait;
    }
    return undefined;
  }

  /** A crawler waits for its /64's rate, then for its /56's and its /48's, each in a bounded queue. */
  private async takeCrawler(lane: Exclude<ColdLane, undefined | 'staff'>): Promise<number | undefined> {
    const [name] = lane.key.split(' ', 1);
    const first = await this.queueCrawler(this.crawlers, lane.key, 1);
    if (first !== undefined) return first;
    for (const { prefix, key } of lane.wider ?? []) {
      const wait = await this.queueCrawler(this.widerCrawlers.get(prefix) as RateLimiterMemory, `${name} ${key}`, WIDER_FACTORS[prefix]);
      if (wait !== undefined) return wait;
    }
    return undefined;
  }

  private async consume(limiter: BurstyRateLimiter | undefined, key: string): Promise<number | undefined> {
    try {
      await limiter?.consume(key);
      return undefined;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return wholeSeconds(rejection.msBeforeNext);
      throw rejection;
    }
  }

  /**
   * A refused request waits before its 429: a flood's refusals were cheap one by one, but a client
   * that asks again the moment it is answered made thousands a second, and their handling took the
   * core from the visitors the limit protects (the benchmark's visitors beside a crawler).
   */
  private async hold(waitSeconds: number): Promise<void> {
    const ms = Math.min(this.limits.refusalHoldMs, waitSeconds * 1000);
    if (ms <= 0 || this.held >= MAX_HELD_REFUSALS) return;
    this.held += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      this.held -= 1;
    }
  }

  /** A crawler waits for its rate; only past its queue is it refused, for the time that queue takes to drain. */
  private async queueCrawler(limiter: RateLimiterMemory, key: string, factor: number): Promise<number | undefined> {
    const name = `${limiter.keyPrefix} ${key}`;
    let lane = this.queues.get(name);
    if (!lane) {
      lane = { queue: new RateLimiterQueue(limiter, { maxQueueSize: this.limits.crawlerQueue }), open: 0 };
      this.queues.set(name, lane);
    }
    lane.open += 1;
    try {
      await lane.queue.removeTokens(1, key);
      return undefined;
    } catch (error) {
      if (!(error instanceof RateLimiterQueueError)) throw error;
      const next = (await limiter.get(key))?.msBeforeNext ?? 0;
      return wholeSeconds(next + (1000 * this.limits.crawlerQueue) / (factor * this.limits.crawlerPerSecond));
    } finally {
      // The bucket itself lives in the limiter, so a lane forgotten here loses no count.
      lane.open -= 1;
      if (lane.open === 0) this.queues.delete(name);
    }
  }

  /**
   * Runs a request's handler with `lane` as the owner of the public-cache loads it starts before its
   * first await (the loads inside those loads, and any after, are not counted again).
   */
  within<T>(lane: () => ColdLane, handler: () => T): T {
    const outer = this.current;
    this.current = { lane };
    try {
      return handler();
    } finally {
      this.current = outer;
    }
  }

  /**
   * Runs a public-cache load that starts (a miss nobody is loading yet) as the running request's cold
   * work: its first such load takes from its budget, and every other one shares that admission; refused,
   * it throws the 429. Outside a handler (a page's loaders, counted by the page route; timers) it just loads.
   */
  readonly gate = <T>(load: () => Promise<T>): Promise<T> => {
    const current = this.current;
    if (current === undefined) return load();
    current.admission ??= this.take(current.lane());
    const staff = current.lane() === 'staff';
    return current.admission.then((wait) => {
      if (wait !== undefined) return Promise.reject(refusal(wait));
      return staff || !this.slots ? load() : this.slots.run(load).catch((error: unknown) => this.heldRejection(error));
    });
  };

  /** A refusal of the gate, held as the budget's are, so a client asking again at once cannot spin on it. */
  private async heldRejection(error: unknown): Promise<never> {
    if (error instanceof AppError && error.statusCode === 503 && this.slots) await this.hold(this.slots.retryAfterSeconds);
    throw error;
  }

  /** Crawler lanes with requests queued or being admitted (tests: nothing is kept for a lane that went quiet). */
  get openCrawlerLanes(): number {
    return this.queues.size;
  }
}
