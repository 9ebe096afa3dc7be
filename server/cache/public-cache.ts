import type { CatalogueChange } from '../db/catalogue-change.ts';
import { FILTER_SQL } from '../db/catalogue-filters.ts';
import { BoundedCache, BoundedStore, type StoredEntry } from './bounded-store.ts';
import { SingleFlight } from './single-flight.ts';

/**
 * A cached public answer. Its JSON is kept as UTF-8 bytes outside the JavaScript heap and sent as
 * it is; the value is parsed from them on each read from the cache (a page's loader reads it, the
 * API never does). A parsed value and its JSON string cost about three times the JSON's length in
 * the heap (docs/decisions/0024-memory-that-cannot-be-exhausted-from-outside.md).
 */
export interface CachedAnswer<T> {
  readonly json: Buffer;
  readonly value: T;
}


/**
 * What one stored answer costs in the heap besides its key: the entry, its Buffer object, the LRU's
 * and its family's slots (measured: 260 bytes, 630 in a family).
 */
export const ANSWER_HEAP_BYTES = 640;
/** Limits and offsets of one list (same filters, sort and no search) kept at once. */
export const SHAPES_PER_LIST = 32;
/** `?ids=` lists kept at once (favourites: one per visitor's list, so a family of its own). */
export const IDS_LISTS = 256;
/** Pages of the sitemap's slices kept at once. */
const SITEMAP_SLICES = 64;

/** An answer as stored: its JSON only, and the family it counts in. */
class StoredAnswer<T> implements CachedAnswer<T>, StoredEntry {
  constructor(
    readonly json: Buffer,
    readonly family: string | undefined,
    /** What it holds in the heap, its key included (two-byte text at worst). */
    readonly heap: number,
  ) {}

  get value(): T {
    return JSON.parse(this.json.toString('utf8')) as T;
  }
}

/** Whether an answer is `null` (an unknown script), read from its bytes. */
export function isNullAnswer(answer: CachedAnswer<unknown>): boolean {
  return answer.json.length === 4 && answer.json.toString('latin1') === 'null';
}

/** Whether an answer found nothing: null, 0, [], or a list page whose total is 0 (contract: `{ scripts, total }`). */
export function foundNothing(answer: CachedAnswer<unknown>): boolean {
  const json = answer.json;
  if (json.length > 64) return false;
  const text = json.toString('latin1');
  return text === 'null' || text === '0' || text === '[]' || text.endsWith('"total":0}');
}

/**
 * The family a key counts in and how many keys that family may hold (undefined: only the entry
 * bound). Keys: `list:{limit}:{offset}:{listing}:{q}`, `count:{listing}:{q}`, `sitemap:{offset}:{limit}`,
 * `script:{id}`, `channels:{id}`, `ids:{listing}:{ids}` (server/scripts/service.ts), `executor:{slug}` (server/executors/service.ts),
 * `v1:list:…`, `v1:script:{id}:{origin}`, `v1:raw:{id}`, `v1:games:{placeId}:{origin}`, `v1:executors` (server/integrations/service.ts),
 * and single keys of other services.
 */
export function familyOf(key: string, answer: CachedAnswer<unknown>, maxEntries: number): { family: string; cap: number } | undefined {
  const kind = key.slice(0, key.indexOf(':'));
  if (kind === 'list' || kind === 'count') {
    // `q` is last: after the listing's colon (list: the fourth, count: the second).
    const parts = key.split(':');
    const q = parts.slice(kind === 'list' ? 4 : 2).join(':');
    if (q !== '') return { family: 'search', cap: Math.floor(maxEntries / 4) };
    if (foundNothing(answer)) return { family: 'nothing', cap: Math.max(16, Math.floor(maxEntries / 16)) };
    return kind === 'list' ? { family: `list:${parts[3]}`, cap: SHAPES_PER_LIST } : undefined;
  }
  if (kind === 'sitemap') return { family: 'sitemap', cap: SITEMAP_SLICES };
  // The integrator API's pages (server/integrations/service.ts): any caller can name a new cursor, place id or search.
  if (key.startsWith('v1:list:') || (key.startsWith('v1:games:') && !key.startsWith('v1:games::'))) return { family: 'v1-lists', cap: Math.max(16, Math.floor(maxEntries / 4)) };
  // Any visitor can name a new list: all of them, found or not, share one cap.
  if (kind === 'ids') return { family: 'ids', cap: Math.min(IDS_LISTS, Math.max(16, Math.floor(maxEntries / 16))) };
  // Scripts' histories: every page and version of every script could be asked for, so they share a cap.
  if ((kind === 'versions' || kind === 'version') && !isNullAnswer(answer)) return { family: 'history', cap: Math.max(16, Math.floor(maxEntries / 8)) };
  if (isNullAnswer(answer)) return { family: 'nothing', cap: Math.max(16, Math.floor(maxEntries / 16)) };
  return undefined;
}

/** Each filter's answers that count scripts by its values (server/db/catalogue-filters.ts). */
const COUNTED_BY_FILTER: ((key: string) => boolean)[] = Object.values(FILTER_SQL).flatMap((filter) => (filter.countedIn ? [filter.countedIn] : []));

/** The key families a change reaches: every list and count for any script, and the script's own. */
function reaches(change: CatalogueChange, key: string): boolean {
  if (change.kind === 'all') return true;
  if (change.kind === 'site-channels') return key === 'site-channels';
  // A game's rename or deletion moves scripts out of its filter: its lists and counts go too.
  // The integrator API's answers name games (place ids) and count scripts; one script's answer is `v1:script:{id}:{origin}`.
  if (change.kind === 'games') return key === 'games' || key.startsWith('v1:') || key.startsWith('list:') || key.startsWith('ids:') || key.startsWith('count:') || key.startsWith('script:') || key.startsWith('sitemap');
  return (
    key.startsWith('list:') ||
    key.startsWith('ids:') ||
    key.startsWith('count:') ||
    key.startsWith('sitemap') ||
    // The answers counting scripts by a filter's values (the games list, an executor's page).
    COUNTED_BY_FILTER.some((countedIn) => countedIn(key)) ||
    key === `script:${change.id}` ||
    key.startsWith('v1:list:') ||
    key.startsWith('v1:games:') ||
    key.startsWith(`v1:script:${change.id}:`) ||
    key === `v1:raw:${change.id}` ||
    key === `channels:${change.id}` ||
    // A script's loader history (a save may add a version; hiding or deleting it removes the history).
    key.startsWith(`versions:${change.id}:`) ||
    key.startsWith(`version:${change.id}:`)
  );
}

export interface PublicCacheOptions {
  /** The caches' clock (monotonic milliseconds); tests move it forward. */
  now?: (() => number) | undefined;
  /** At most this many answers (default: entriesFor(maxBytes)). */
  maxEntries?: number | undefined;
  /** Runs a load that starts (a miss nobody is loading yet) as the requester's cold work (ColdBudget.gate). */
  gate?: (<T>(load: () => Promise<T>) => Promise<T>) | undefined;
}

/**
 * Public answers (lists, counts, scripts, channels, the sitemap), the same for every visitor:
 * bounded by entries, by bytes (the JSON outside the heap and what each entry holds inside it), by
 * heap bytes (a HEAP_SHARE of those), each family of keys by its own cap (familyOf); at most
 * ANSWER_MAX_AGE_MS old, and dropped by the catalogue writes that can change them. Concurrent misses
 * of one key share one load, and a load that began before a write is never kept after it.
 */
export class PublicCache extends BoundedCache<StoredAnswer<unknown>> {
  /** Loads that began before a change are shared but not stored. */
  private readonly loading = new SingleFlight();
  private readonly listeners: ((change: CatalogueChange) => void)[] = [];
  private readonly gate: <T>(load: () => Promise<T>) => Promise<T>;

  constructor(maxBytes: number, options: PublicCacheOptions = {}) {
    super(new BoundedStore({ maxBytes, maxEntries: options.maxEntries, entryShare: 8, bytesOf: (entry) => entry.json.length, now: options.now }));
    this.gate = options.gate ?? ((load) => load());
  }

  get<T>(key: string): CachedAnswer<T> | undefined {
    return this.entries.get(key) as CachedAnswer<T> | undefined;
  }

  /** The cached answer, or one load of it shared by every concurrent caller. */
  remember<T>(key: string, load: () => Promise<T>): Promise<CachedAnswer<T>> {
    const hit = this.get<T>(key);
    if (hit) return Promise.resolve(hit);
    const shared = () =>
      this.loading.run(
        key,
        async (): Promise<CachedAnswer<T>> => {
          const value = await load();
          return { value, json: Buffer.from(JSON.stringify(value) ?? 'null') };
        },
        (answer) => this.store(key, answer.json),
      );
    // Joining a load already running costs nothing; only a new one is cold work. One that waited in the
    // gate takes what another request loaded meanwhile, or joins its load, rather than load again.
    const afterGate = async () => this.get<T>(key) ?? shared();
    return this.loading.has(key) ? shared() : this.gate(afterGate);
  }

  private store(key: string, json: Buffer): void {
    const placed = familyOf(key, { json, value: undefined }, this.maxEntries);
    this.entries.set(key, new StoredAnswer(json, placed?.family, ANSWER_HEAP_BYTES + 2 * key.length), placed?.cap);
  }

  /** Drops what a change can reach, here and in the caches that listen (the rendered pages). */
  changed(change: CatalogueChange): void {
    this.loading.invalidate();
    this.entries.drop(change.kind === 'all' ? undefined : (key) => reaches(change, key));
    for (const listener of this.listeners) listener(change);
  }

  /** Drops everything (tests, operators, data written behind the app's back, a heap near its limit). */
  invalidate(): void {
    this.changed({ kind: 'all' });
  }

  onChange(listener: (change: CatalogueChange) => void): void {
    this.listeners.push(listener);
  }
}
