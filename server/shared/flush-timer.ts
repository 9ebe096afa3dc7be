/** Attempts of the last flush at shutdown before its failure is thrown. */
const STOP_ATTEMPTS = 3;

/**
 * Runs a buffer's flush every `intervalMs` (a failure is reported and the next tick tries again) and
 * once more at stop, retried: the last chances to keep what is buffered. Shared by the view counter
 * and the vote buffer, whose flushes put a failed write back into their buffers.
 */
export class FlushTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly flush: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError?: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.flush().catch((error: unknown) => this.onError?.(error));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.flush();
        return;
      } catch (error) {
        if (attempt >= STOP_ATTEMPTS) throw error;
        this.onError?.(error);
      }
    }
  }
}

/** A buffered flush as the operator's metrics show it (docs/decisions/0049-deadlocks-and-serialisation-failures.md). */
export interface FlushFigures {
  /** Requests buffered and not yet stored (those being written included). */
  pending: number;
  /** How long the oldest of them has waited, in milliseconds; 0 when none waits. */
  oldestPendingMs: number;
  /** How long the last flush took, in milliseconds, whether it succeeded or failed. */
  lastFlushMs: number;
  /** Milliseconds since the last flush ended; null before the first. */
  lastFlushAgoMs: number | null;
  /** Flushes that failed since the process started (their work went back to the buffer). */
  failures: number;
  /** Flushes that failed in a row up to now; 0 once one succeeds. */
  consecutiveFailures: number;
}

/** Times a buffer's flushes and counts their failures, for FlushFigures. */
export class FlushStats {
  private lastMs = 0;
  private lastEnded: number | undefined;
  private failures = 0;
  private consecutiveFailures = 0;

  async measure<T>(flush: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await flush();
      this.consecutiveFailures = 0;
      return result;
    } catch (error) {
      this.failures += 1;
      this.consecutiveFailures += 1;
      throw error;
    } finally {
      this.lastEnded = performance.now();
      this.lastMs = this.lastEnded - started;
    }
  }

  /** The figures, given what waits now and how long the oldest of it has waited. */
  figures(pending: number, oldestPendingMs: number): FlushFigures {
    return {
      pending,
      oldestPendingMs: pending > 0 ? Math.max(0, oldestPendingMs) : 0,
      lastFlushMs: Math.round(this.lastMs),
      lastFlushAgoMs: this.lastEnded === undefined ? null : Math.round(performance.now() - this.lastEnded),
      failures: this.failures,
      consecutiveFailures: this.consecutiveFailures,
    };
  }
}
