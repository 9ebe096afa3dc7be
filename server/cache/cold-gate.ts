import { serviceUnavailable } from '../shared/errors.ts';

/** How much cold work one process runs at once (docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md). */
export interface ColdGateLimits {
  /** Cold renders and loads running at once; 0 turns the gate off. */
  inFlight: number;
  /** How many may wait for a place; one more is refused at once. */
  queue: number;
  /** How long one may wait before it is refused. */
  waitMs: number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

export const busy = (retryAfterSeconds: number) => serviceUnavailable('The server is busy with new pages; try again in a moment', retryAfterSeconds);

/**
 * A bound on the cold work (page renders and public-cache loads that miss) a process runs at once,
 * whoever asks: a few at a time, a short queue in arrival order, each waiting at most `waitMs`, past
 * which 503 with Retry-After. Cached answers never enter it, and a freed place is handed on in the
 * next turn of the event loop (setImmediate), after the I/O that arrived meanwhile: a cached answer
 * waits for at most the one render running, never for the queue behind it.
 */
export class ColdGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Works refused since the process started, queue full or wait over: the operator's sign of overload. */
  private refusals = 0;

  constructor(private readonly limits: ColdGateLimits) {}

  get state() {
    return { running: this.running, waiting: this.waiting.length, refused: this.refusals };
  }

  private refuse(): Error {
    this.refusals += 1;
    return busy(this.retryAfterSeconds);
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.limits.waitMs / 1000));
  }

  /** Waits for a place; the caller must `leave()` once its work is done. Rejects with the 503 when none comes. */
  enter(): Promise<void> {
    if (this.limits.inFlight <= 0) return Promise.resolve();
    if (this.waiting.length === 0 && this.running < this.limits.inFlight) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queue) return Promise.reject(this.refuse());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.running += 1;
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(this.refuse());
        }, this.limits.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  leave(): void {
    if (this.limits.inFlight <= 0) return;
    this.running -= 1;
    if (this.waiting.length > 0) setImmediate(() => this.startWaiting());
  }

  private startWaiting(): void {
    while (this.running < this.limits.inFlight) {
      const next = this.waiting.shift();
      if (!next) return;
      next.start();
    }
  }

  /** Runs `task` in a place of its own. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await task();
    } finally {
      this.leave();
    }
  }
}
