import type { RouteConfigEntry } from '@react-router/dev/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalPath, pagePath, ROUTE_SEGMENTS } from '../../contract/page-path.ts';
import { areasOf, messagesKey } from '../../web/i18n/areas.ts';
import { pathIn, readingOfPath, specPath } from '../../web/i18n/reading.ts';
import routes from '../../web/routes.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { type PublicPages, publicPages } from '../helpers/public-pages.ts';

// Issue 36, item 2: React Router matches a route's fixed segments in any case and decodes percent-encoding,
// so `/RU/scripts` and `/%72u/scripts` were the Russian page rendered in the specification's reading (a 500
// each), and `/ADMIN` a staff page sent `public`. Every other spelling of a path is now a 301 to its one
// spelling before any render, the staff pages stay private in every spelling, and a page's reading is read
// from the spelling React Router matched. Needs `npm run build`.

/** Other spellings of each reading's prefix. */
const PREFIXES: [string, string][] = [
  ...['/RU', '/Ru', '/rU', '/%72u', '/%52U', '/r%75', '/%72%75', '/%52%55'].map((prefix): [string, string] => [prefix, '/ru']),
  ...['/EN', '/En', '/eN', '/%65n', '/%45N', '/e%6E'].map((prefix): [string, string] => [prefix, '/en']),
];

/** The path with its fixed segments upper-cased (`/GAMES/treasure-island/FEED.XML`); slugs and ids as they are. */
function shouted(path: string): string {
  return path.split('/').map((segment) => {
    const stem = segment.replace(/\.data$/, '');
    return ROUTE_SEGMENTS.has(stem) ? stem.toUpperCase() + segment.slice(stem.length) : segment;
  }).join('/');
}

/** The path with the first letter of its first segment percent-encoded (`/%73cripts`). */
function encoded(path: string): string {
  const letter = path[1];
  return letter && /[a-z]/.test(letter) ? `/%${letter.charCodeAt(0).toString(16)}${path.slice(2)}` : path;
}

/** Every other spelling of a public page, each with the path it must move to. */
function otherSpellings(pages: PublicPages): [string, string][] {
  const spellings: [string, string][] = [];
  for (const page of [...pages.read, ...pages.site]) {
    const rest = page === '/' ? '' : page;
    for (const [prefix, canonical] of PREFIXES) spellings.push([prefix + rest, canonical + rest]);
    for (const variant of [shouted(page), encoded(page), `/Ru${shouted(rest)}`]) {
      const target = variant.startsWith('/Ru') ? `/ru${rest}` : page;
      if (variant !== target) spellings.push([variant, target]);
    }
  }
  return spellings;
}

/** The staff pages in other spellings, and where they move. */
const STAFF: [string, string][] = [
  ['/ADMIN', '/admin'],
  ['/Admin', '/admin'],
  ['/%61dmin', '/admin'],
  ['/ADMIN.data', '/admin.data'],
  ['/Admin/dashboard', '/admin/dashboard'],
  ['/admin/DASHBOARD/Scripts', '/admin/dashboard/scripts'],
  ['/MODERATOR', '/moderator'],
  ['/Moderator/login', '/moderator/login'],
  ['/moderator/LOGIN', '/moderator/login'],
  ['/%6Doderator/scripts', '/moderator/scripts'],
  ['/Moderator/dashboard.data', '/moderator/dashboard.data'],
];

describe('one spelling of a path (contract/page-path.ts)', () => {
  /** Every fixed segment the route config names. */
  function segmentsOf(entries: readonly RouteConfigEntry[]): string[] {
    return entries.flatMap((entry) => [
      ...(entry.path ?? '').split('/').filter((segment) => segment !== '' && !segment.startsWith(':') && segment !== '*'),
      ...segmentsOf(entry.children ?? []),
    ]);
  }

  it('knows exactly the fixed segments of web/routes.ts', () => {
    expect(new Set(segmentsOf(routes))).toEqual(new Set(ROUTE_SEGMENTS));
  });

  it('decodes unreserved characters and writes fixed segments in their case, leaving slugs, ids and reserved escapes', () => {
    expect(canonicalPath('/RU/Scripts/5-Fly-High')).toBe('/ru/scripts/5-Fly-High');
    expect(canonicalPath('/%72u/g%61mes/%74reasure')).toBe('/ru/games/treasure');
    expect(canonicalPath('/Scripts.data')).toBe('/scripts.data');
    expect(canonicalPath('/scripts.DATA')).toBe('/scripts.DATA');
    expect(canonicalPath('/scripts/%2F/%3F%20x')).toBe('/scripts/%2F/%3F%20x');
    expect(canonicalPath('/%2E%2E/admin')).toBe('/%2E%2E/admin');
    expect(canonicalPath('/ru/scripts')).toBe('/ru/scripts');
  });

  it('reads the reading, the messages and the page from the spelling React Router matches', () => {
    const pairs: [string, string][] = [...PREFIXES.map(([prefix, to]): [string, string] => [`${prefix}/scripts`, `${to}/scripts`]), ['/Scripts', '/scripts'], ['/RU/Scripts/5', '/ru/scripts/5']];
    for (const [variant, canonical] of pairs) {
      expect(readingOfPath(variant), variant).toBe(readingOfPath(canonical));
      expect(areasOf(variant), variant).toEqual(areasOf(canonical));
      expect(messagesKey(variant), variant).toBe(messagesKey(canonical));
      expect(pagePath(variant), variant).toBe(pagePath(canonical));
      // The language switch's link from such a path leads to the same page in the other reading.
      expect(canonicalPath(pathIn('en', variant)), variant).toBe(pathIn('en', canonical));
      expect(canonicalPath(specPath(variant)), variant).toBe(specPath(canonical));
    }
  });
});

describe.each(dialects)('other spellings of a path on %s', (dialect) => {
  let ctx: TestContext;
  let pages: PublicPages;

  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => ctx.app.inject({ method, url });

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true });
    pages = await publicPages(ctx);
  });
  afterAll(async () => ctx?.close());

  it('moves every other spelling of every public page to its one spelling, query kept, without a render', async () => {
    const spellings = otherSpellings(pages);
    // The canonical pages once, so what follows would only grow the page cache by rendering a spelling.
    for (const [, canonical] of spellings) expect((await get(canonical)).statusCode, canonical).toBeLessThan(500);
    const cached = ctx.services.pages.size;
    for (const [variant, canonical] of spellings) {
      for (const method of ['GET', 'HEAD'] as const) {
        const moved = await get(variant, method);
        expect(moved.statusCode, `${method} ${variant}`).toBe(301);
        expect(moved.headers.location, variant).toBe(canonical);
        expect(moved.headers['cache-control'], variant).toBe('public, max-age=3600');
      }
      const query = await get(`${variant}?q=fly&page=2`);
      expect(query.headers.location, variant).toBe(`${canonical}?q=fly&page=2`);
    }
    expect(ctx.services.pages.size).toBe(cached);
  });

  it('answers where each one leads: the page, or a 404 for a path no reading has', async () => {
    for (const [variant, canonical] of otherSpellings(pages)) {
      const page = await get(canonical);
      const missing = canonical.endsWith('/no-such-page') || /^\/(ru|en)\/(sitemap\.xml|robots\.txt)$/.test(canonical);
      expect(page.statusCode, `${variant} → ${canonical}`).toBe(missing ? 404 : 200);
    }
  });

  it('keeps the staff pages private in every spelling: moved with no-store, never page-cached', async () => {
    const cached = ctx.services.pages.size;
    for (const [variant, canonical] of STAFF) {
      for (const method of ['GET', 'HEAD'] as const) {
        const moved = await get(variant, method);
        expect(moved.statusCode, variant).toBe(301);
        expect(moved.headers.location, variant).toBe(canonical);
        expect(moved.headers['cache-control'], variant).toBe('no-store');
      }
      const page = await get(canonical);
      expect(page.statusCode, canonical).toBeLessThan(500);
      expect(page.headers['cache-control'], canonical).toBe('no-store');
    }
    expect(ctx.services.pages.size).toBe(cached);
  });

  it('never answers a path that reads as another host, or any odd spelling, with a 5xx or a Location off the site', async () => {
    const odd = ['//RU/scripts', '//evil.example/RU', '///evil.example/%72u', '/RU//scripts', '/ru//Scripts', '/%2e%2e/RU', '/RU/%2e%2e/ADMIN', '/%5CEvil.example/RU', '/RU/scripts%2F..%2FADMIN', '/Ru?next=//evil.example'];
    for (const url of odd) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBeLessThan(500);
      const location = answer.headers.location;
      if (location !== undefined) expect(location, url).toMatch(/^\/(?![/\\])/);
    }
  });
});
