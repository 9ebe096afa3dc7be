import { LANGUAGES } from './i18n.ts';

// The page a request path shows: one rule for the page cache (server/cache/page-cache.ts), the pages'
// handler (server/plugins/web.ts) and the messages and reading a page carries (web/i18n/areas.ts,
// web/i18n/reading.ts), on its own so the browser's shared chunk takes nothing else.

/**
 * Every fixed segment of the app's routes (web/routes.ts), in the one case they are written in:
 * React Router matches these ignoring case, so each has one canonical spelling
 * (tests/api/canonical-paths.test.ts checks the list against the routes).
 */
export const ROUTE_SEGMENTS: ReadonlySet<string> = new Set([
  ...LANGUAGES,
  'admin', 'moderator', 'login', 'dashboard', 'moderators', 'site-channels', 'log', 'domains', 'reports', 'script-types',
  'scripts', 'games', 'executors', 'types', 'info', 'subscribe', 'favourites', 'privacy', 'terms', 'cookies', 'seo',
  'feed.xml', 'opensearch.xml', 'sitemap.xml', 'robots.txt',
]);

/** A data request's suffix, which React Router tells apart in this case only. */
const DATA_SUFFIX = '.data';

/** RFC 3986 §2.3's unreserved characters: percent-encoding one of them changes nothing (§6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

function decodeUnreserved(segment: string): string {
  if (!segment.includes('%')) return segment;
  return segment.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape;
  });
}

/** A segment with its percent-encoded unreserved characters decoded, and a route's fixed segment in its own case. */
function canonicalSegment(segment: string): string {
  const decoded = decodeUnreserved(segment);
  // `%2E%2E` stays as sent: a dot segment made by decoding would move the path (URL parsers resolve them first).
  if (/^\.+$/.test(decoded)) return segment;
  const data = decoded.endsWith(DATA_SUFFIX);
  const stem = data ? decoded.slice(0, -DATA_SUFFIX.length) : decoded;
  const lower = stem.toLowerCase();
  return ROUTE_SEGMENTS.has(lower) ? lower + (data ? DATA_SUFFIX : '') : decoded;
}

/**
 * The one spelling of a request path (docs/decisions/0051-one-spelling-of-a-path.md): percent-encoded unreserved
 * characters decoded (`/%72u` → `/ru`) and a fixed segment of a route written in its own case
 * (`/RU/Scripts` → `/ru/scripts`), which is how React Router matches either. The server answers any
 * other spelling with a redirect to this one, and the reading and messages of a page are read from it,
 * so the page React Router picks and the language it is rendered in always agree.
 */
export function canonicalPath(path: string): string {
  if (!path.includes('%') && !/[A-Z]/.test(path)) return path;
  return path.split('/').map(canonicalSegment).join('/');
}

/** The prefix of a page in the English or Russian reading (docs/decisions/0045-languages.md). */
const READING_PREFIX = new RegExp(`^/(?:${LANGUAGES.join('|')})(?=/|$)`);

/**
 * The page a request path shows, as React Router matches it: a data request's page
 * (`/scripts.data` → `/scripts`; a trailing slash is asked for as `/_.data`, so `/scripts/5/_.data`
 * → `/scripts/5`), without trailing slashes, which matching ignores (`/subscribe/` is `/subscribe`),
 * in its canonical spelling, and without its reading's prefix: `/ru/scripts` reads the parameters
 * `/scripts` reads, the writes that reach `/scripts` reach it, and `/ru/scripts/5` counts a view of
 * script 5. (Cache keys keep the whole path: each reading is a page of its own.)
 */
export function pagePath(path: string): string {
  const canonical = canonicalPath(path);
  const page = canonical.endsWith('/_.data') ? canonical.slice(0, -'_.data'.length) : canonical.endsWith('.data') ? canonical.slice(0, -'.data'.length) : canonical;
  return page.replace(/(.)\/+$/, '$1').replace(READING_PREFIX, '') || '/';
}
