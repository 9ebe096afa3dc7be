import { LRUCache } from 'lru-cache';
import type { CatalogueChange } from '../db/change-feed.ts';
import { SingleFlight } from '../single-flight.ts';

export type { CatalogueChange };

/** A cached public answer: the value the pages read and its JSON, which the API sends as it is. */
export interface CachedAnswer<T> {
  value: T;
  json: string;
}

/** Figures such as views may be this old in a cached answer (docs/decisions.md). */
export const ANSWER_MAX_AGE_MS = 60_000;

const ENTRY_OVERHEAD_BYTES = 200;

/** The key families a change reaches: every list and count for any script, and the script's own. */
function reaches(change: CatalogueChange, key: string): boolean {
  if (change.kind === 'all') return true;
  if (change.kind === 'site-channels') return key === 'site-channels';
  // A game's rename or deletion moves scripts out of its filter: its lists and counts go too.
  if (change.kind === 'games') return key === 'games' || key.startsWith('list:') || key.startsWith('count:') || key.startsWith('script:') || key.startsWith('sitemap');
  return (
    key.startsWith('list:') ||
    key.startsWith('count:') ||
    key.startsWith('sitemap') ||
    key === 'games' ||
    key === `script:${change.id}` ||
    key === `channels:${change.id}`
  );
}

/**
 * Public answers (lists, counts, scripts, channels, the sitemap), the same for every visitor:
 * bounded by bytes (their JSON, kept once for both the pages and the API), at most
 * ANSWER_MAX_AGE_MS old, and dropped by the catalogue writes that can change them. Concurrent misses
 * of one key share one load, and a load that began before a write is never kept after it.
 */
export class PublicCache {
  private readonly entries: LRUCache<string, CachedAnswer<unknown>>;
  /** Loads that began before a change are shared but not stored. */
  private readonly loading = new SingleFlight();
  private readonly listeners: ((change: CatalogueChange) => void)[] = [];

  constructor(maxBytes: number, now?: () => number) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
      sizeCalculation: (entry) => entry.json.length + ENTRY_OVERHEAD_BYTES,
      ttl: ANSWER_MAX_AGE_MS,
      ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    });
  }

  get<T>(key: string): CachedAnswer<T> | undefined {
    return this.entries.get(key) as CachedAnswer<T> | undefined;
  }

  /** The cached answer, or one load of it shared by every concurrent caller. */
  remember<T>(key: string, load: () => Promise<T>): Promise<CachedAnswer<T>> {
    const hit = this.entries.get(key);
    if (hit) return Promise.resolve(hit as CachedAnswer<T>);
    return this.loading.run(
      key,
      async (): Promise<CachedAnswer<T>> => {
        const value = await load();
        return { value, json: JSON.stringify(value) ?? 'null' };
      },
      (answer) => this.entries.set(key, answer),
    );
  }

  /** Drops what a change can reach, here and in the caches that listen (the rendered pages). */
  changed(change: CatalogueChange): void {
    this.loading.invalidate();
    if (change.kind === 'all') this.entries.clear();
    else for (const key of [...this.entries.keys()]) if (reaches(change, key)) this.entries.delete(key);
    for (const listener of this.listeners) listener(change);
  }

  /** Drops everything (tests, operators, data written behind the app's back). */
  invalidate(): void {
    this.changed({ kind: 'all' });
  }

  onChange(listener: (change: CatalogueChange) => void): void {
    this.listeners.push(listener);
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }
}
