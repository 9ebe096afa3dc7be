import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError, rateLimited } from '../shared/errors.ts';

/** The bounds on cold work (a page render or an API answer that misses the caches); see docs/decisions.md#fair-share-of-cold-work. */
export interface ColdWorkLimits {
  /** Cold requests one address group may have running at once; 0 turns the limiter off. */
  perClient: number;
  /** How many more of them may wait for a slot, and for how long, before they are answered 429. */
  perClientQueue: number;
  perClientWaitMs: number;
  /** Cold requests every known crawler together may have running at once, and their queue. */
  crawlers: number;
  crawlerQueue: number;
  crawlerWaitMs: number;
}

/** Whose cold work a request does: one address group's, or the known crawlers' shared lane; undefined is not limited. */
export type ColdLane = { key: string; crawler: boolean } | undefined;

/** Seconds a refused client is asked to wait: a slot frees as soon as one of its renders ends. */
export const COLD_RETRY_AFTER_SECONDS = 1;

interface Waiter {
  resolve(): void;
  timer: NodeJS.Timeout;
}

interface LaneState {
  running: number;
  readonly waiting: Waiter[];
}

/** The ambient requester of a request's work, and whether that work already holds a slot. */
interface Ambient {
  lane: ColdLane;
  holding: boolean;
}

const refused = () => rateLimited('Too many uncached pages at once from this address; try again in a moment', COLD_RETRY_AFTER_SECONDS);

/** Whether an error is the limiter's refusal. */
export function isColdWorkRefused(error: unknown): boolean {
  return error instanceof AppError && error.statusCode === 429;
}

/**
 * Bounds the cold work each lane may have running; past the bound a request waits in its lane's short
 * queue, then is refused (429). Only lanes with work running or waiting are tracked, so the map is
 * bounded by the requests open at the moment, however many addresses ask. Work started inside held
 * work (a page's loaders missing the API cache) runs in the slot it is in, so it can never wait on itself.
 */
export class ColdWork {
  private readonly lanes = new Map<string, LaneState>();
  private readonly ambient = new AsyncLocalStorage<Ambient>();
  /** The most cold requests any one lane has had running at once (metrics, tests). */
  peakPerLane = 0;

  constructor(private readonly limits: ColdWorkLimits) {}

  /** Runs `work` in one of the lane's slots, after waiting for one if need be; throws the 429 when refused. No lane: not limited. */
  async run<T>(lane: ColdLane, work: () => Promise<T>): Promise<T> {
    // Unlimited work still marks its context, so the cache misses inside it are not counted either.
    if (lane === undefined) return this.ambient.run({ lane, holding: true }, work);
    if (this.limits.perClient === 0 || this.ambient.getStore()?.holding) return work();
    await this.acquire(lane);
    try {
      return await this.ambient.run({ lane, holding: true }, work);
    } finally {
      this.release(lane.key);
    }
  }

  /** Runs `next` (the rest of a request) with `lane` as the requester of the cold work it starts through gate(). */
  enter(lane: ColdLane, next: () => void): void {
    this.ambient.run({ lane, holding: false }, next);
  }

  /** Runs `work` as the current request's cold work (a public-cache miss); directly outside any request. */
  readonly gate = <T>(work: () => Promise<T>): Promise<T> => {
    const current = this.ambient.getStore();
    return current ? this.run(current.lane, work) : work();
  };

  /** Lanes with work running or waiting. */
  get trackedLanes(): number {
    return this.lanes.size;
  }

  running(key: string): number {
    return this.lanes.get(key)?.running ?? 0;
  }

  waiting(key: string): number {
    return this.lanes.get(key)?.waiting.length ?? 0;
  }

  private acquire({ key, crawler }: NonNullable<ColdLane>): Promise<void> | undefined {
    const limits = this.limits;
    const [slots, queue, waitMs] = crawler ? [limits.crawlers, limits.crawlerQueue, limits.crawlerWaitMs] : [limits.perClient, limits.perClientQueue, limits.perClientWaitMs];
    let state = this.lanes.get(key);
    if (!state) {
      state = { running: 0, waiting: [] };
      this.lanes.set(key, state);
    }
    if (state.running < slots) {
      state.running += 1;
      this.peakPerLane = Math.max(this.peakPerLane, state.running);
      return undefined;
    }
    if (state.waiting.length >= queue) throw refused();
    const lane = state;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        timer: setTimeout(() => {
          lane.waiting.splice(lane.waiting.indexOf(waiter), 1);
          reject(refused());
        }, waitMs),
      };
      waiter.timer.unref();
      lane.waiting.push(waiter);
    });
  }

  /** Hands the slot to the first waiter, or frees it (and forgets an idle lane). */
  private release(key: string): void {
    const state = this.lanes.get(key);
    if (!state) return;
    const next = state.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve();
      return;
    }
    state.running -= 1;
    if (state.running === 0) this.lanes.delete(key);
  }
}
