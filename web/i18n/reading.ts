import type { Reading } from '../../contract/i18n.ts';
import { canonicalPath } from '../../contract/page-path.ts';

/**
 * Which reading a public page is in, from its path alone (docs/decisions/0045-languages.md): `/en/…` is wholly
 * English, `/ru/…` wholly Russian, and every other path the specification's own reading. The server never
 * looks at a cookie or a header to choose, so a cached page is one per address.
 */
export function readingOfPath(path: string): Reading {
  // React Router matches `/RU/…` and `/%72u/…` as `/ru/…`: the reading is read from the same spelling
  // (the server redirects such paths before any render; this keeps any that reach one in agreement).
  const pathname = canonicalPath(path);
  // `/ru.data` is the data request of `/ru` (a navigation in the browser); loaders see it as sent.
  if (pathname === '/en' || pathname === '/en.data' || pathname.startsWith('/en/')) return 'en';
  if (pathname === '/ru' || pathname === '/ru.data' || pathname.startsWith('/ru/')) return 'ru';
  return 'spec';
}

/** The path with its reading's prefix taken off: `/ru/scripts?q=x` → `/scripts?q=x`, `/ru` → `/`. */
export function specPath(path: string): string {
  const reading = readingOfPath(path.split(/[?#]/, 1)[0] ?? '');
  if (reading === 'spec') return path;
  // The prefix as it is spelled (`/ru`, or `/RU` and `/%72u` as sent).
  const rest = path.slice(/^\/[^/?#]*/.exec(path)?.[0].length ?? 0);
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/**
 * A site path (`/scripts?q=x`, `/`) in `reading`: `/ru/scripts?q=x`, `/ru`. Absolute URLs and anchors
 * pass as they are. A path that starts with several slashes (`//evil.example/x`, a request's own path)
 * is taken as the one-slash path it shows, so it never becomes a link to another host.
 * A path in another reading (`/en/scripts`) is that page in this one.
 */
export function pathIn(reading: Reading, path: string): string {
  if (!path.startsWith('/')) return path;
  // A path already in a reading is moved to this one, never prefixed twice.
  path = specPath(path.replace(/^\/{2,}/, '/'));
  if (reading === 'spec') return path;
  if (path === '/') return `/${reading}`;
  if (path.startsWith('/?') || path.startsWith('/#')) return `/${reading}${path.slice(1)}`;
  return `/${reading}${path}`;
}

/** `<html lang>` of each reading: the specification's page keeps the `ru` it always had. */
export const HTML_LANG: Record<Reading, string> = { spec: 'ru', en: 'en', ru: 'ru' };

/** `hreflang` of each reading: the specification's is the default for any other language. */
export const HREFLANG: Record<Reading, string> = { spec: 'x-default', en: 'en', ru: 'ru' };
