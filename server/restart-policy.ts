/**
 * When the `WORKERS>1` primary starts a dead worker's replacement, and when it gives up
 * (docs/decisions/0025-a-supervisor-that-never-gives-up.md). Pure: the primary reports what happened and
 * does what it is told, so the rule is tested with a clock rather than with minutes of crashes.
 */
import { START_TIMEOUT_DEFAULTS } from './shared/config.ts';

/** A worker that has listened this long is steady: its death restarts at once and clears its slot's back-off. */
export const STEADY_AFTER_MS = 10_000;
/** The wait after a slot's first quick death; each further one in a row doubles it, up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 250;
export const MAX_DELAY_MS = 30_000;
/** The primary gives up only when, for this long (WORKER_GIVE_UP_AFTER_MS), every worker it started died before listening... */
export const GIVE_UP_AFTER_MS = START_TIMEOUT_DEFAULTS.giveUpMs;
/** ...at least this many of them in a row, and no worker is serving. */
export const GIVE_UP_AFTER_FAILED_STARTS = 5;

export type Verdict = { kind: 'restart'; delayMs: number } | { kind: 'give-up'; failedStarts: number; failingForMs: number };

export class RestartPolicy {
  /** Quick deaths in a row per slot (a slot is one of the WORKERS places a worker fills). */
  private readonly quickDeaths = new Map<number, number>();
  /** Workers alive that have listened. */
  private serving = 0;
  /** Workers in a row that died before listening, and when the first of them died. */
  private failedStarts = 0;
  private failingSince: number | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly giveUpAfterMs: number = GIVE_UP_AFTER_MS,
  ) {}

  /** A worker listens: the server can start, whatever died before. */
  listening(): void {
    this.serving += 1;
    this.failedStarts = 0;
    this.failingSince = undefined;
  }

  /** The worker of `slot` died; `listenedAt` is when it listened, if it did. */
  died(slot: number, listenedAt: number | undefined): Verdict {
    const now = this.now();
    if (listenedAt === undefined) {
      this.failedStarts += 1;
      this.failingSince ??= now;
    } else {
      this.serving -= 1;
    }
    const failingForMs = this.failingSince === undefined ? 0 : now - this.failingSince;
    // Only a failed start decides: a worker that listened proved the server can start.
    if (listenedAt === undefined && this.serving === 0 && this.failedStarts >= GIVE_UP_AFTER_FAILED_STARTS && failingForMs >= this.giveUpAfterMs) {
      return { kind: 'give-up', failedStarts: this.failedStarts, failingForMs };
    }
    const steady = listenedAt !== undefined && now - listenedAt >= STEADY_AFTER_MS;
    const streak = steady ? 0 : (this.quickDeaths.get(slot) ?? 0) + 1;
    this.quickDeaths.set(slot, streak);
    return { kind: 'restart', delayMs: streak === 0 ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (streak - 1)) };
  }
}
