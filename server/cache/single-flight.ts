/**
 * One run of a load per key at a time, shared by every caller that asks while it runs. `invalidate()`
 * starts a new generation: a load that began before it is still given to its callers but not stored,
 * so it cannot put back an answer from before a write, and the next caller starts a fresh load.
 */
export class SingleFlight {
  private readonly running = new Map<string, { generation: number; promise: Promise<unknown> }>();
  private generation = 0;

  run<T>(key: string, load: () => Promise<T>, store?: (value: T) => void): Promise<T> {
    const current = this.running.get(key);
    if (current && current.generation === this.generation) return current.promise as Promise<T>;
    const generation = this.generation;
    const promise = load().then((value) => {
      if (generation === this.generation) store?.(value);
      return value;
    });
    this.running.set(key, { generation, promise });
    const forget = () => {
      if (this.running.get(key)?.promise === promise) this.running.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Whether a load of `key` is running that a caller would share. */
  has(key: string): boolean {
    return this.running.get(key)?.generation === this.generation;
  }

  invalidate(): void {
    this.generation += 1;
  }
}
