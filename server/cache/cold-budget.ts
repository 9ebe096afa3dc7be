import { BurstyRateLimiter, RateLimiterMemory, RateLimiterQueue, RateLimiterQueueError, RateLimiterRes } from 'rate-limiter-flexible';
import type { ColdBudgetLimits } from '../shared/config.ts';
import { rateLimited } from '../shared/errors.ts';

/** How often an address group's burst refills: rarely enough that a client at full speed gains little from it. */
export const BURST_REFILL_S = 10;

/** Refusals held at once per process; past it they go at once (a hold is a timer and a socket). */
export const MAX_HELD_REFUSALS = 1_000;

/** Whose budget a request's cold work is taken from; undefined is not limited (the machine itself). */
export type ColdLane = { key: string; crawler: boolean } | undefined;

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

  constructor(private readonly limits: ColdBudgetLimits) {
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
  }

  /**
   * Takes one cold request from the lane's budget: undefined when admitted, else the seconds to wait
   * (Retry-After), told after the refusal's hold.
   */
  async take(lane: ColdLane): Promise<number | undefined> {
    if (lane === undefined || this.visitors === undefined) return undefined;
    const wait = lane.crawler ? await this.queueCrawler(lane.key) : await this.consume(lane.key);
    if (wait !== undefined) await this.hold(wait);
    return wait;
  }

  private async consume(key: string): Promise<number | undefined> {
    try {
      await this.visitors?.consume(key);
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
  private async queueCrawler(key: string): Promise<number | undefined> {
    let lane = this.queues.get(key);
    if (!lane) {
      lane = { queue: new RateLimiterQueue(this.crawlers, { maxQueueSize: this.limits.crawlerQueue }), open: 0 };
      this.queues.set(key, lane);
    }
    lane.open += 1;
    try {
      await lane.queue.removeTokens(1, key);
      return undefined;
    } catch (error) {
      if (!(error instanceof RateLimiterQueueError)) throw error;
      const next = (await this.crawlers.get(key))?.msBeforeNext ?? 0;
      return wholeSeconds(next + (1000 * this.limits.crawlerQueue) / this.limits.crawlerPerSecond);
    } finally {
      // The bucket itself lives in `crawlers`, so a lane forgotten here loses no count.
      lane.open -= 1;
      if (lane.open === 0) this.queues.delete(key);
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
    return current.admission.then((wait) => (wait === undefined ? load() : Promise.reject(refusal(wait))));
  };

  /** Crawler lanes with requests queued or being admitted (tests: nothing is kept for a lane that went quiet). */
  get openCrawlerLanes(): number {
    return this.queues.size;
  }
}
