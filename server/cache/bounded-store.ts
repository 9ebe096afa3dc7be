import { LRUCache } from 'lru-cache';
import { KeyFamilies } from './cache-families.ts';

/** Figures such as views may be this old in a cached answer or page (docs/decisions/0006-real-traffic-at-a-million-scripts.md). */
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
  /**
   * Keeps entries asked for once apart: a new entry goes to a probation segment of this share of the
   * bounds (4: a quarter) and moves to the main one when it is asked for again, so a crawl of pages
   * nobody else wants pushes out only other such pages (docs/decisions/0038-pages-asked-once-stay-on-probation.md).
   * Left out, the store is one least-recently-used list.
   */
  probationShare?: number | undefined;
}

/**
 * The bounds both caches keep (docs/decisions/0024-memory-that-cannot-be-exhausted-from-outside.md): entries,
 * bytes (outside the heap and what each entry holds inside it), heap bytes (a HEAP_SHARE of the bytes),
 * each family of keys by its own cap (KeyFamilies); least recently used first out, and none older than
 * ANSWER_MAX_AGE_MS. The public answer cache and the page cache each keep their entries in one.
 */
export class BoundedStore<E extends StoredEntry> {
  /** The main segment: entries asked for twice or more (every entry when there is no probation). */
  private readonly entries: LRUCache<string, E>;
  /** New entries, until asked for again. */
  private readonly probation: LRUCache<string, E> | undefined;
  private readonly families = new KeyFamilies();
  readonly maxBytes: number;
  readonly maxEntries: number;
  readonly maxHeapBytes: number;
  private heap = 0;
  /** Set while an entry moves between the segments: it is neither forgotten nor counted again. */
  private moving = false;

  constructor({ maxBytes, maxEntries, entryShare, bytesOf, now, probationShare }: BoundedStoreOptions<E>) {
    this.maxBytes = maxBytes;
    this.maxEntries = maxEntries ?? entriesFor(maxBytes);
    this.maxHeapBytes = Math.floor(maxBytes / HEAP_SHARE);
    const segment = (bytes: number, entries: number) =>
      new LRUCache<string, E>({
        max: Math.max(1, entries),
        maxSize: Math.max(1, bytes),
        maxEntrySize: Math.max(1, Math.floor(maxBytes / entryShare)),
        sizeCalculation: (entry) => bytesOf(entry) + entry.heap,
        ttl: ANSWER_MAX_AGE_MS,
        dispose: (entry, key) => {
          if (!this.moving) this.forget(entry, key);
        },
        ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
      });
    if (probationShare === undefined) {
      this.entries = segment(maxBytes, this.maxEntries);
      return;
    }
    const trialBytes = Math.floor(maxBytes / probationShare);
    const trialEntries = Math.floor(this.maxEntries / probationShare);
    this.entries = segment(maxBytes - trialBytes, this.maxEntries - trialEntries);
    this.probation = segment(trialBytes, trialEntries);
  }

  private forget(entry: E, key: string): void {
    this.heap -= entry.heap;
    if (entry.family !== undefined) this.families.remove(entry.family, key);
  }

  /** The entry, marked as just used: asked for again on probation, it joins the main segment. */
  get(key: string): E | undefined {
    const hit = this.entries.get(key) ?? this.promote(key);
    if (hit?.family !== undefined) this.families.touch(hit.family, key);
    return hit;
  }

  private promote(key: string): E | undefined {
    const entry = this.probation?.get(key);
    if (!this.probation || entry === undefined) return undefined;
    const ttl = this.probation.getRemainingTTL(key);
    this.moving = true;
    try {
      this.probation.delete(key);
    } finally {
      this.moving = false;
    }
    // Outside the move: what this pushes out of the main segment is forgotten as usual.
    this.entries.set(key, entry, { ttl });
    // Too large for the main segment (it has its own bound): gone, as any evicted entry.
    if (this.entries.peek(key, { allowStale: true }) !== entry) this.forget(entry, key);
    return entry;
  }

  /** The segment holding `key`, if any. */
  private segmentOf(key: string): LRUCache<string, E> | undefined {
    if (this.entries.has(key)) return this.entries;
    return this.probation?.has(key) ? this.probation : undefined;
  }

  /** The entry, not marked as used. */
  peek(key: string): E | undefined {
    return this.entries.peek(key) ?? this.probation?.peek(key);
  }

  /** Stores an entry, its family held to `cap`; one too large to keep is not stored, so not counted. */
  set(key: string, entry: E, cap?: number, ttl?: number): void {
    // A new key starts on probation; one kept already is replaced where it is.
    const segment = this.segmentOf(key) ?? this.probation ?? this.entries;
    segment.set(key, entry, ttl === undefined ? undefined : { ttl });
    if (segment.peek(key, { allowStale: true }) !== entry) return;
    this.heap += entry.heap;
    if (entry.family !== undefined && cap !== undefined) {
      const oldest = this.families.add(entry.family, key, cap);
      if (oldest !== undefined) this.delete(oldest);
    }
    while (this.heap > this.maxHeapBytes && this.size > 1) {
      if (this.probation && this.probation.size > 0) this.probation.pop();
      else this.entries.pop();
    }
  }

  /** Milliseconds the entry has left. */
  remainingTtl(key: string): number {
    return (this.segmentOf(key) ?? this.entries).getRemainingTTL(key);
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.probation?.delete(key);
  }

  /** Drops every entry whose key `reaches` says; everything when it is left out. */
  drop(reaches?: (key: string) => boolean): void {
    for (const segment of [this.entries, this.probation]) {
      if (!segment) continue;
      if (!reaches) segment.clear();
      else for (const key of [...segment.keys()]) if (reaches(key)) segment.delete(key);
    }
  }

  /** How many keys of a family are stored. */
  familySize(family: string): number {
    return this.families.count(family);
  }

  get size(): number {
    return this.entries.size + (this.probation?.size ?? 0);
  }

  /** Everything stored, in and outside the heap. */
  get bytes(): number {
    return this.entries.calculatedSize + (this.probation?.calculatedSize ?? 0);
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
