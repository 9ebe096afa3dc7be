import { performance } from 'node:perf_hooks';
import type { Metrics } from '../contract/metrics.ts';
import { fixed } from './stats.ts';

interface ProcessWindow {
  /** The slowest answer of /api/metrics: a trivial request, so its time is the process's stall. */
  slowestMs: number;
  running: number;
  waiting: number;
  refusedAtStart: number;
  refused: number;
  poolWaiting: number;
}

/**
 * What each server process is doing while the soak runs: every second it asks each instance's
 * `/api/metrics` a few times (a request reaches one worker of the instance, so a few reach each) and
 * keeps, per process and 10-second window, the slowest answer, the cold gate's most running and
 * waiting, its refusals, and the most queries waiting for a database connection. A failure then has
 * a process and a cause beside it instead of only a time.
 */
export class ProcessMonitor {
  private readonly windows = new Map<number, ProcessWindow>();
  private readonly refusedSeen = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bases: string[],
    private readonly token: string,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sample(), 1_000);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async sample(): Promise<void> {
    await Promise.all(this.bases.flatMap((base) => [0, 1, 2].map(() => this.ask(base))));
  }

  private async ask(base: string): Promise<void> {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${this.token}` }, signal: AbortSignal.timeout(30_000) });
      if (response.status !== 200) return;
      this.note((await response.json()) as Metrics, performance.now() - started);
    } catch {
      // A process being killed by the soak's faults: its absence shows in the next line.
    }
  }

  private note(metrics: Metrics, ms: number): void {
    const refused = metrics.coldGate.refused;
    let window = this.windows.get(metrics.pid);
    if (!window) {
      const before = this.refusedSeen.get(metrics.pid) ?? refused;
      window = { slowestMs: 0, running: 0, waiting: 0, refusedAtStart: before, refused: before, poolWaiting: 0 };
      this.windows.set(metrics.pid, window);
    }
    window.slowestMs = Math.max(window.slowestMs, ms);
    window.running = Math.max(window.running, metrics.coldGate.running);
    window.waiting = Math.max(window.waiting, metrics.coldGate.waiting);
    window.refused = Math.max(window.refused, refused);
    window.poolWaiting = Math.max(window.poolWaiting, metrics.databasePool?.waiting ?? 0);
    this.refusedSeen.set(metrics.pid, window.refused);
  }

  /** One line per process for the window that just ended, and a fresh window. */
  lines(): string[] {
    const lines = [...this.windows].map(
      ([pid, w]) =>
        `    pid ${pid}: metrics answer ≤ ${fixed(w.slowestMs, 0)} ms, gate running ≤ ${w.running} waiting ≤ ${w.waiting} refused +${w.refused - w.refusedAtStart}, pool waiting ≤ ${w.poolWaiting}`,
    );
    this.windows.clear();
    return lines;
  }
}
