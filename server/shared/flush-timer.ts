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
