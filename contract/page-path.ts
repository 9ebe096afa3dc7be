import { LANGUAGES } from './i18n.ts';

// The page a request path shows: one rule for the page cache (server/cache/page-cache.ts) and the
// messages a page carries (web/i18n/areas.ts), on its own so the browser's shared chunk takes nothing else.

/** The prefix of a page in the English or Russian reading (docs/decisions.md#languages). */
const READING_PREFIX = new RegExp(`^/(?:${LANGUAGES.join('|')})(?=/|$)`);

/**
 * The page a request path shows, as React Router matches it: a data request's page
 * (`/scripts.data` → `/scripts`; a trailing slash is asked for as `/_.data`, so `/scripts/5/_.data`
 * → `/scripts/5`), without trailing slashes, which matching ignores (`/subscribe/` is `/subscribe`),
 * and without its reading's prefix: `/ru/scripts` reads the parameters `/scripts` reads, the writes
 * that reach `/scripts` reach it, and `/ru/scripts/5` counts a view of script 5. (Cache keys keep the
 * whole path: each reading is a page of its own.)
 */
export function pagePath(path: string): string {
  const page = path.endsWith('/_.data') ? path.slice(0, -'_.data'.length) : path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
  return page.replace(/(.)\/+$/, '$1').replace(READING_PREFIX, '') || '/';
}
