/**
 * A small in-process cache of public answers. Public answers are the same for every visitor, so
 * they are cached by key and all dropped together on any catalogue write (invalidate).
 */
export class PublicCache {
  private readonly entries = new Map<string, unknown>();
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly maxEntries = 1_000) {}

  get<T>(key: string): T | undefined {
    return this.entries.get(key) as T | undefined;
  }

  set<T>(key: string, value: T): T {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order, so the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
    return value;
  }

  async remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit as T;
    return this.set(key, await load());
  }

  invalidate(): void {
    this.entries.clear();
    for (const listener of this.listeners) listener();
  }

  /** Other caches of public answers (the rendered pages) are dropped together with this one. */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  get size(): number {
    return this.entries.size;
  }
}
