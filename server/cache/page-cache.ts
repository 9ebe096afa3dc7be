import { brotliCompressSync, brotliDecompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { LIST_FILTER_PARAMS, PAGE_PARAMS, PAGES_A_WRITE_REACHES, pageMatcher, SCRIPT_PAGE, SEARCH_PARAM } from '../../contract/catalogue-params.ts';
import { pagePath } from '../../contract/page-path.ts';
import { parseScriptParam } from '../../contract/script-url.ts';
import { SingleFlight } from './single-flight.ts';
import type { CatalogueChange } from '../db/catalogue-change.ts';
import { BoundedCache, BoundedStore } from './bounded-store.ts';

/** A page as React Router rendered it. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: string;
}

/**
 * A page ready to send, as the cache keeps it: brotli bytes when it is worth compressing (every
 * current browser asks for brotli over HTTPS), else its raw bytes. A cached page is a fifth of its
 * HTML, so the cache holds five times the pages; a gzip or identity copy is made from it when first asked for.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  br?: Buffer;
  raw?: Buffer;
  gzip?: Buffer;
}

export type PageEncoding = 'br' | 'gzip' | undefined;

/** Pages smaller than this go uncompressed: the headers would cost more than the bytes saved. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Quality 5 costs about a third less CPU than 6 for the same size within 1 % on our pages. */
const BROTLI_QUALITY = 5;
/** A 256 KB window covers any page; the default 4 MB one allocates megabytes per page for nothing. */
const BROTLI_WINDOW_BITS = 18;

export function packPage(page: RenderedPage, encoding: PageEncoding = 'br'): CachedPage {
  const raw = Buffer.from(page.body);
  const packed: CachedPage = { status: page.status, headers: page.headers };
  if (encoding !== 'br' || raw.length < MIN_COMPRESSED_BYTES) return { ...packed, raw };
  const params = {
    [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  };
  return { ...packed, br: brotliCompressSync(raw, { params }) };
}

/**
 * The page's bytes in `encoding`. A gzip or identity copy made here is kept on the page (`grew`
 * recounts it), so a client that never asks for brotli costs one conversion per page, not per request.
 */
export function pageBytes(page: CachedPage, encoding: PageEncoding, grew?: () => void): { bytes: Buffer; encoding: PageEncoding } {
  if (page.br && encoding === 'br') return { bytes: page.br, encoding };
  if (page.gzip && encoding === 'gzip') return { bytes: page.gzip, encoding };
  const raw = page.raw ?? brotliDecompressSync(page.br as Buffer);
  if (encoding === 'gzip' && raw.length >= MIN_COMPRESSED_BYTES) {
    page.gzip = gzipSync(raw, { level: 6 });
    grew?.();
    return { bytes: page.gzip, encoding };
  }
  if (!page.raw) {
    page.raw = raw;
    grew?.();
  }
  return { bytes: raw, encoding: undefined };
}

/** React Router's own requests: lazy route discovery says which routes the client asks about, for which build. */
const FRAMEWORK_PAGE_PARAMS: Record<string, readonly string[]> = { '/__manifest': ['paths', 'version'] };
/** React Router's data requests name the routes whose loaders to run. */
const DATA_PARAMS = ['_routes'];

/** A list page's filter and sort: a blank one (a GET form's empty "All games") is no filter. */
const FILTERS = new Set<string>(LIST_FILTER_PARAMS);

/** Each public page's parameters (contract/catalogue-params.ts), its pattern compiled once. */
const PAGES = Object.entries(PAGE_PARAMS).map(([pattern, params]) => ({ matches: pageMatcher(pattern), params }));

/** Query parameters a page reads; every other parameter is dropped before rendering and caching. */
function pageParams(page: string): readonly string[] {
  return FRAMEWORK_PAGE_PARAMS[page] ?? PAGES.find(({ matches }) => matches(page))?.params ?? [];
}

// The page a request path shows: one rule for the page cache and the pages' messages (web/i18n/areas.ts).
export { pagePath } from '../../contract/page-path.ts';

/**
 * The URL a public page is rendered and cached under: its path with only the parameters it reads,
 * in a fixed order, each once. `/scripts?q=farm&utm_source=x&x=1` and `/scripts?x=2&q=farm` are the
 * same page, so unique query strings can neither fill the cache nor force a render per request.
 */
export function canonicalPageUrl(path: string, search: URLSearchParams): string {
  const data = path.endsWith('.data');
  const names = [SEARCH_PARAM, ...pageParams(pagePath(path)), ...(data ? DATA_PARAMS : [])].sort();
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = search.get(name);
    // A blank filter (a GET form's empty "All games") is no filter: the same page as without it.
    if (value !== null && (value !== '' || !FILTERS.has(name))) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/** What a cached page costs in the heap besides its key and headers' text: the entry, its Buffer objects and header arrays, the LRU's and the family's slots (measured). */
export const PAGE_HEAP_BYTES = 1536;

/** What a page holds in the heap: its key and headers (as two-byte text at worst) and the entry. */
function heapOf(page: CachedPage, key: string): number {
  let text = key.length;
  for (const [name, value] of page.headers) text += name.length + value.length;
  return PAGE_HEAP_BYTES + 2 * text;
}

/** A page's bytes outside the heap. */
function bytesOf(page: CachedPage): number {
  return (page.raw?.length ?? 0) + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);
}

/** Pages a visitor can ask for in any number: the page cache keeps only so many of each at once. */
const SEARCH_SHARE = 4;
const ODD_SHARE = 16;

/**
 * The family a page counts in and its cap (undefined: only the entry bound): pages that are not a
 * 200 (unknown paths, scripts and games), searches (`q`), and React Router's route discovery
 * (`/__manifest?paths=...`), whose parameters a visitor writes freely.
 */
export function pageFamily(key: string, page: CachedPage, maxEntries: number): { family: string; cap: number } | undefined {
  const odd = Math.max(16, Math.floor(maxEntries / ODD_SHARE));
  if (page.status !== 200) return { family: 'status', cap: odd };
  const path = pathOf(key);
  if (path === '/__manifest') return { family: 'manifest', cap: odd };
  const query = key.indexOf('?');
  if (query !== -1 && new URLSearchParams(key.slice(query + 1)).has(SEARCH_PARAM)) return { family: 'search', cap: Math.floor(maxEntries / SEARCH_SHARE) };
  return undefined;
}

/** The path of a page cache key (`html:<origin><path>?<query>`). */
function pathOf(key: string): string {
  const url = key.slice('html:'.length);
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.indexOf('?', start);
  return url.slice(start, end === -1 ? undefined : end);
}

const isScriptPage = pageMatcher(SCRIPT_PAGE);

/** The id of the script a page shows (`/scripts/{id}` or `/scripts/{id}-{slug}`), for view counting and invalidation. */
export function scriptIdOfPage(page: string): number | undefined {
  return isScriptPage(page) ? parseScriptParam(page.slice(page.lastIndexOf('/') + 1))?.id : undefined;
}

/** The pages each kind of change reaches (contract/catalogue-params.ts), the written script's own page apart. */
const REACHED = {
  script: PAGES_A_WRITE_REACHES.script.filter((pattern) => pattern !== SCRIPT_PAGE).map(pageMatcher),
  'site-channels': PAGES_A_WRITE_REACHES['site-channels'].map(pageMatcher),
};

/** Which rendered pages a catalogue change can have changed (see the loaders in web/routes). */
function reaches(change: CatalogueChange, key: string): boolean {
  // A game's name, slug or icon shows on cards, script pages, game pages and feeds: rare, so all go.
  if (change.kind === 'all' || change.kind === 'games') return true;
  // The page, whichever way it was asked for (HTML or data, with or without a trailing slash).
  const page = pagePath(pathOf(key));
  if (REACHED[change.kind].some((matches) => matches(page))) return true;
  return change.kind === 'script' && scriptIdOfPage(page) === change.id;
}

/** A page as stored, with the family it counts in. */
interface StoredPage {
  page: CachedPage;
  family: string | undefined;
  heap: number;
}

/** A quarter of the page cache keeps pages asked for once (docs/decisions/0038-pages-asked-once-stay-on-probation.md). */
const PROBATION_SHARE = 4;

export interface PageCacheOptions {
  now?: (() => number) | undefined;
  /** At most this many pages (default: entriesFor(maxBytes)). */
  maxEntries?: number | undefined;
}

/**
 * Rendered public pages, bounded by entries, by bytes (compressed bytes outside the heap, and key,
 * headers and entry inside it), by heap bytes (a HEAP_SHARE of those), each family of pages by its own
 * cap (pageFamily); a new page on probation until asked again, least recently used first out, at most
 * ANSWER_MAX_AGE_MS old (they show views), and
 * dropped by the catalogue changes that reach them. Concurrent misses of one page share one render.
 */
export class PageCache extends BoundedCache<StoredPage> {
  private readonly rendering = new SingleFlight();

  constructor(maxBytes: number, options: PageCacheOptions = {}) {
    super(
      new BoundedStore({ maxBytes, maxEntries: options.maxEntries, entryShare: 4, bytesOf: (stored) => bytesOf(stored.page), now: options.now, probationShare: PROBATION_SHARE }),
    );
  }

  get(key: string): CachedPage | undefined {
    return this.entries.get(key)?.page;
  }

  /**
   * The page rendered once for every concurrent request of it; stored when `keep` says it may be
   * and no catalogue change came while it rendered.
   */
  render<T>(key: string, render: () => Promise<T>, keep: (result: T) => CachedPage | undefined): Promise<T> {
    return this.rendering.run(key, render, (result) => {
      const page = keep(result);
      if (page) this.store(key, page);
    });
  }

  /** Whether a render of `key` is running that a request would share. */
  isRendering(key: string): boolean {
    return this.rendering.has(key);
  }

  private store(key: string, page: CachedPage, ttl?: number): void {
    const placed = pageFamily(key, page, this.maxEntries);
    this.entries.set(key, { page, family: placed?.family, heap: heapOf(page, key) }, placed?.cap, ttl);
  }

  /** Recounts a page's size after a gzip or identity copy was added to it. */
  grew(key: string, page: CachedPage): void {
    if (this.entries.peek(key)?.page !== page) return;
    // lru-cache keeps the size of a value set again as itself, so the entry is stored anew, with the
    // time it had left (it may not outlive its first minute).
    const ttl = this.entries.remainingTtl(key);
    this.entries.delete(key);
    if (ttl > 0) this.store(key, page, ttl);
  }

  changed(change: CatalogueChange): void {
    this.rendering.invalidate();
    this.entries.drop(change.kind === 'all' ? undefined : (key) => reaches(change, key));
  }
}
