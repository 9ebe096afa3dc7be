import { LRUCache } from 'lru-cache';
import { KeyFamilies } from './cache-families.ts';

/** Figures such as views may be this old in a cached answer or page (docs/decisions.md). */
export const ANSWER_MAX_AGE_MS = 60_000;
/**
 * At most this share (1/4) of a cache's bound may be in the heap (keys, entries, a page's headers): the
 * heap is bounded (256 MB under `npm start`) and shared by everything a worker holds.
 */
export const HEAP_SHARE = 4;
/** The default entry bound: one entry per this many bytes of the byte bound (64 MB: 16,384 entries). */
export const BYTES_PER_ENTRY = 4096;

/** The bound on entries for a byte bound, unless given. */
export const entriesFor = (maxBytes: number) => Math.max(64, Math.floor(maxBytes / BYTES_PER_ENTRY));

/** What a store keeps per key: its own bytes outside the heap are told by `bytesOf`. */
export interface StoredEntry {
  /** The family it counts in (undefined: only the entry bound). */
  readonly family: string | undefined;
  /** What it holds in the heap, its key included. */
  readonly heap: number;
}

export interface BoundedStoreOptions<E extends StoredEntry> {
  maxBytes: number;
  /** At most this many entries (default: entriesFor(maxBytes)). */
  maxEntries?: number | undefined;
  /** One entry may take at most this share of `maxBytes` (8: an eighth). */
  entryShare: number;
  /** An entry's bytes outside the heap. */
  bytesOf: (entry: E) => number;
  /** The caches' clock (monotonic milliseconds); tests move it forward. */
  now?: (() => number) | undefined;
}

/**
 * The bounds both caches keep (docs/decisions.md#memory-that-cannot-be-exhausted-from-outside): entries,
 * bytes (outside the heap and what each entry holds inside it), heap bytes (a HEAP_SHARE of the bytes),
 * each family of keys by its own cap (KeyFamilies); least recently used first out, and none older than
 * ANSWER_MAX_AGE_MS. The public answer cache and the page cache each keep their entries in one.
 */
export class BoundedStore<E extends StoredEntry> {
  private readonly entries: LRUCache<string, E>;
  private readonly families = new KeyFamilies();
  readonly maxBytes: number;
  readonly maxEntries: number;
  readonly maxHeapBytes: number;
  private heap = 0;

  constructor({ maxBytes, maxEntries, entryShare, bytesOf, now }: BoundedStoreOptions<E>) {
    this.maxBytes = maxBytes;
    this.maxEntries = maxEntries ?? entriesFor(maxBytes);
    this.maxHeapBytes = Math.floor(maxBytes / HEAP_SHARE);
    this.entries = new LRUCache({
      max: this.maxEntries,
      maxSize: maxBytes,
      maxEntrySize: Math.max(1, Math.floor(maxBytes / entryShare)),
      sizeCalculation: (entry) => bytesOf(entry) + entry.heap,
      ttl: ANSWER_MAX_AGE_MS,
      dispose: (entry, key) => this.forget(entry, key),
      ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    });
  }

  private forget(entry: E, key: string): void {
    this.heap -= entry.heap;
    if (entry.family !== undefined) this.families.remove(entry.family, key);
  }

  /** The entry, marked as just used. */
  get(key: string): E | undefined {
    const hit = this.entries.get(key);
    if (hit?.family !== undefined) this.families.touch(hit.family, key);
    return hit;
  }

  /** The entry, not marked as used. */
  peek(key: string): E | undefined {
    return this.entries.peek(key);
  }

  /** Stores an entry, its family held to `cap`; one too large to keep is not stored, so not counted. */
  set(key: string, entry: E, cap?: number, ttl?: number): void {
    this.entries.set(key, entry, ttl === undefined ? undefined : { ttl });
    if (this.entries.peek(key, { allowStale: true }) !== entry) return;
    this.heap += entry.heap;
    if (entry.family !== undefined && cap !== undefined) {
      const oldest = this.families.add(entry.family, key, cap);
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    while (this.heap > this.maxHeapBytes && this.entries.size > 1) this.entries.pop();
  }

  /** Milliseconds the entry has left. */
  remainingTtl(key: string): number {
    return this.entries.getRemainingTTL(key);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose key `reaches` says; everything when it is left out. */
  drop(reaches?: (key: string) => boolean): void {
    if (!reaches) this.entries.clear();
    else for (const key of [...this.entries.keys()]) if (reaches(key)) this.entries.delete(key);
  }

  /** How many keys of a family are stored. */
  familySize(family: string): number {
    return this.families.count(family);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Everything stored, in and outside the heap. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** The part of `bytes` in the heap. */
  get heapBytes(): number {
    return this.heap;
  }
}

/** A cache's bounds and what it holds now, as the operator metrics and the tests read them. */
export abstract class BoundedCache<E extends StoredEntry> {
  constructor(protected readonly entries: BoundedStore<E>) {}

  get maxBytes(): number {
    return this.entries.maxBytes;
  }

  get maxEntries(): number {
    return this.entries.maxEntries;
  }

  get maxHeapBytes(): number {
    return this.entries.maxHeapBytes;
  }

  /** How many keys of a family are cached. */
  familySize(family: string): number {
    return this.entries.familySize(family);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Everything cached, in and outside the heap. */
  get bytes(): number {
    return this.entries.bytes;
  }

  /** The part of `bytes` in the heap. */
  get heapBytes(): number {
    return this.entries.heapBytes;
  }
}
