import { serviceUnavailable } from '../shared/errors.ts';

export interface DecodeQueueLimits {
  /** Pixels being decoded at once, summed over decodes: memory grows with pixels, not with uploads. */
  pixels: number;
  /** Decodes waiting for room; one more is refused with 503. */
  waiting: number;
  /** What a refused client is told to wait before trying again. */
  retryAfterSeconds: number;
}

/** Every decode produces a 1280×720 raw frame and encoder buffers, however small its input. */
const MIN_DECODE_PIXELS = 1_000_000;

/**
 * Bounds image decoding by a pixel budget: a decode runs when its pixels fit, otherwise it waits in
 * arrival order (a large one is never overtaken by small ones), and when too many wait the upload is
 * refused with 503 and Retry-After instead of risking the process's memory.
 */
export class DecodeQueue {
  private inUse = 0;
  private running = 0;
  private readonly queue: { pixels: number; start: () => void }[] = [];

  constructor(readonly limits: DecodeQueueLimits) {}

  get state() {
    return { pixels: this.inUse, running: this.running, waiting: this.queue.length };
  }

  async run<T>(pixels: number, task: () => Promise<T>): Promise<T> {
    // A decode larger than the whole budget still runs, alone.
    const weight = Math.min(Math.max(pixels, MIN_DECODE_PIXELS), this.limits.pixels);
    await this.admit(weight);
    try {
      return await task();
    } finally {
      this.inUse -= weight;
      this.running -= 1;
      this.startWaiting();
    }
  }

  private admit(weight: number): Promise<void> {
    if (this.queue.length === 0 && this.fits(weight)) {
      this.take(weight);
      return Promise.resolve();
    }
    if (this.queue.length >= this.limits.waiting) {
      return Promise.reject(serviceUnavailable('Too many images are being processed right now; try again in a moment', this.limits.retryAfterSeconds));
    }
    return new Promise((start) => this.queue.push({ pixels: weight, start }));
  }

  private startWaiting() {
    for (let next = this.queue[0]; next && this.fits(next.pixels); next = this.queue[0]) {
      this.queue.shift();
      this.take(next.pixels);
      next.start();
    }
  }

  private fits(weight: number) {
    return this.inUse + weight <= this.limits.pixels;
  }

  private take(weight: number) {
    this.inUse += weight;
    this.running += 1;
  }
}
