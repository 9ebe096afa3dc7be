import { LRUCache } from 'lru-cache';

/** A rendered public page, compressed lazily, once per encoding. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Query parameters each page reads; every other parameter is dropped before rendering and caching. */
const PAGE_PARAMS: Record<string, string[]> = {
  '/subscribe': ['from'],
  '/sitemap.xml': ['page'],
  // React Router's lazy route discovery: which routes the client asks about, for which build.
  '/__manifest': ['paths', 'version'],
};
/** The header's search box shows `q` on every public page; `/scripts` searches with it. */
const COMMON_PARAMS = ['q'];
/** React Router's data requests name the routes whose loaders to run. */
const DATA_PARAMS = ['_routes'];

/**
 * The URL a public page is rendered and cached under: its path with only the parameters it reads,
 * in a fixed order, each once. `/scripts?q=farm&utm_source=x&x=1` and `/scripts?x=2&q=farm` are the
 * same page, so unique query strings can neither fill the cache nor force a render per request.
 */
export function canonicalPageUrl(path: string, search: URLSearchParams): string {
  const data = path.endsWith('.data');
  const page = data ? path.slice(0, -'.data'.length) : path;
  const names = [...COMMON_PARAMS, ...(PAGE_PARAMS[page] ?? []), ...(data ? DATA_PARAMS : [])].sort();
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = search.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

function sizeOf(page: CachedPage): number {
  let headers = 0;
  for (const [name, value] of page.headers) headers += name.length + value.length;
  return page.body.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0) + headers + 256;
}

/**
 * Rendered public pages, bounded by their size in bytes (with their compressed copies), least
 * recently used first out. Bounded by bytes, not entries: a page is 10 to 200 KB.
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;

  constructor(maxBytes: number) {
    this.pages = new LRUCache({ maxSize: maxBytes, maxEntrySize: Math.floor(maxBytes / 4), sizeCalculation: sizeOf });
  }

  get(key: string): CachedPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, page: CachedPage): void {
    this.pages.set(key, page);
  }

  /** Recounts a page's size after a compressed copy was added to it. */
  grew(key: string, page: CachedPage): void {
    if (this.pages.peek(key) === page) this.pages.set(key, page);
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }

  get bytes(): number {
    return this.pages.calculatedSize;
  }
}
