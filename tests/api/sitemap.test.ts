import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  escapeXml,
  PUBLIC_PATHS,
  renderSitemap,
  scriptUrls,
  scriptWindow,
  sitemapPart,
} from '../../web/features/static/site-files.ts';
import { scriptPath } from '../../contract/slugs.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// /sitemap.xml and /robots.txt through the built web app (needs `npx react-router build`).

const HOST = 'catalogue.test:8080';

/** Every <loc> of a sitemap document, entities decoded. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) =>
    (match[1] as string).replaceAll('&apos;', "'").replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
  );
}

/** The <lastmod> of one loc, or undefined when it has none. */
function lastmodOf(xml: string, loc: string): string | undefined {
  const entry = [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?(?:<xhtml:link [^>]*\/>)*<\/url>/g)].find((match) => match[1] === loc);
  return entry?.[2];
}

/** No bare `&` or `<` outside markup: every ampersand starts an entity. */
function wellEscaped(xml: string): boolean {
  return !/&(?!(amp|lt|gt|quot|apos);)/.test(xml);
}

describe.each(dialects)('sitemap and robots on %s', (dialect) => {
  let ctx: TestContext;
  let configured: TestContext;
  let ids: number[];
  /** Each script's canonical path (scriptPath), by id. */
  const paths = new Map<number, string>();
  const pathOf = (id: number) => paths.get(id) as string;

  beforeAll(async () => {
    [ctx, configured] = await Promise.all([
      createTestContext(dialect, { web: true }),
      createTestContext(dialect, { web: true, env: { SITE_URL: 'https://example.com' } }),
    ]);
    const rows = [
      await insertScript(ctx.services, { playsname: 'Blox Fruits <Auto> & "Farm"' }),
      await insertScript(ctx.services, { playsname: 'Second script' }),
    ];
    ids = rows.map((row) => Number(row.id));
    for (const row of rows) paths.set(Number(row.id), scriptPath(row));
    await insertScript(configured.services, { playsname: 'Configured script' });
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), configured?.close()]);
  });

  const get = (url: string, context: TestContext = ctx) => context.app.inject({ method: 'GET', url, headers: { host: HOST } });

  describe('GET /sitemap.xml', () => {
    it('answers an XML urlset with the public pages and every script, from the request origin', async () => {
      const response = await get('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/xml/);
      const xml = response.body;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
      // Each page lists its three readings (docs/decisions/0045-languages.md).
      expect(xml).toContain(
        `<url><loc>${`http://${HOST}`}/scripts</loc><xhtml:link rel="alternate" hreflang="x-default" href="http://${HOST}/scripts"/><xhtml:link rel="alternate" hreflang="en" href="http://${HOST}/en/scripts"/><xhtml:link rel="alternate" hreflang="ru" href="http://${HOST}/ru/scripts"/></url>`,
      );
      expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);

      const origin = `http://${HOST}`;
      expect(locs(xml)).toEqual([
        `${origin}/`,
        `${origin}/info`,
        `${origin}/scripts`,
        `${origin}/games`,
        `${origin}/privacy`,
        `${origin}/terms`,
        `${origin}/cookies`,
        `${origin}/seo`,
        ...ids.map((id) => `${origin}${pathOf(id)}`),
      ]);
      expect(pathOf(ids[0] as number)).toBe(`/scripts/${ids[0]}-blox-fruits-auto-farm`);
      expect(wellEscaped(xml)).toBe(true);
      // Names reach the sitemap only as their slugs.
      expect(xml).not.toContain('Blox Fruits');
    });

    it('gives each script its last change as <lastmod>, static pages none', async () => {
      const xml = (await get('/sitemap.xml')).body;
      const rows = await ctx.db.kysely.selectFrom('scripts').select(['id', 'playsname', 'updated_at']).orderBy('id').execute();
      for (const row of rows) {
        const expected = new Date(row.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z');
        expect(lastmodOf(xml, `http://${HOST}${scriptPath(row)}`)).toBe(expected);
      }
      expect(lastmodOf(xml, `http://${HOST}/privacy`)).toBeUndefined();
    });

    it('lists a script added afterwards (the cached answer is dropped on the write)', async () => {
      const before = (await get('/sitemap.xml')).body;
      const row = await insertScript(ctx.services, { playsname: 'Brand new script' });
      const loc = `http://${HOST}${scriptPath(row)}`;
      expect(locs(before)).not.toContain(loc);
      const after = (await get('/sitemap.xml')).body;
      expect(locs(after)).toContain(loc);

      // And a deleted one goes away on the next write-triggered refresh.
      await ctx.db.kysely.deleteFrom('scripts').where('id', '=', row.id).execute();
      ctx.services.cache.invalidate();
      expect(locs((await get('/sitemap.xml')).body)).not.toContain(loc);
    });

    it('moves <lastmod> when a script changes', async () => {
      const id = ids[1] as number;
      await ctx.services.scripts.update(id, { description: 'Changed description' });
      ctx.services.cache.invalidate();
      const row = await ctx.db.kysely.selectFrom('scripts').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow();
      const xml = (await get('/sitemap.xml')).body;
      expect(lastmodOf(xml, `http://${HOST}${pathOf(id)}`)).toBe(new Date(row.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    });

    it('uses SITE_URL for absolute URLs when it is set, whatever the Host header says', async () => {
      const xml = (await get('/sitemap.xml', configured)).body;
      const all = locs(xml);
      expect(all).toContain('https://example.com/');
      expect(all).toContain('https://example.com/privacy');
      expect(all.filter((loc) => /^https:\/\/example\.com\/scripts\/\d+-configured-script$/.test(loc))).toHaveLength(1);
      expect(all.every((loc) => loc.startsWith('https://example.com/'))).toBe(true);
      expect(xml).not.toContain(HOST);
    });

    it('escapes XML special characters in URLs', async () => {
      const odd = await createTestContext(dialect, { web: true, env: { SITE_URL: "https://example.com/a&b'c" } });
      try {
        await insertScript(odd.services);
        const xml = (await odd.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
        expect(xml).toContain('<loc>https://example.com/a&amp;b&apos;c/privacy</loc>');
        expect(wellEscaped(xml)).toBe(true);
        expect(locs(xml)).toContain("https://example.com/a&b'c/privacy");
      } finally {
        await odd.close();
      }
    });

    it('answers 404 for a page of a sitemap that fits in one file', async () => {
      const response = await get('/sitemap.xml?page=2');
      expect(response.statusCode).toBe(404);
    });
  });

  describe('GET /robots.txt', () => {
    it('allows the public site, keeps crawlers out of the panels and the API, and points at the sitemap', async () => {
      const response = await get('/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const lines = response.body.split('\n');
      expect(lines).toContain('User-agent: *');
      expect(lines).toContain('Allow: /');
      expect(lines).toContain('Disallow: /admin');
      expect(lines).toContain('Disallow: /moderator');
      expect(lines).toContain('Disallow: /api/');
      expect(lines).toContain(`Sitemap: http://${HOST}/sitemap.xml`);
      // Nothing public is disallowed.
      const disallowed = lines.filter((line) => line.startsWith('Disallow:')).map((line) => line.slice('Disallow:'.length).trim());
      for (const path of PUBLIC_PATHS) {
        expect(disallowed.some((prefix) => prefix !== '' && path.startsWith(prefix)), path).toBe(false);
      }
    });

    it('names the SITE_URL sitemap when SITE_URL is set', async () => {
      const response = await get('/robots.txt', configured);
      expect(response.body.split('\n')).toContain('Sitemap: https://example.com/sitemap.xml');
    });
  });
});

describe('sitemap rendering', () => {
  const scripts = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, playsname: `Farm ${i + 1}`, updatedAt: new Date(Date.UTC(2026, 0, i + 1, 12)).toISOString() }));
  const all = [...PUBLIC_PATHS.map((path) => `https://example.com${path}`), ...scripts.map((script) => `https://example.com/scripts/${script.id}-farm-${script.id}`)];

  /** The XML of /sitemap.xml?page=… as the route builds it: only the part's own scripts are read. */
  function file(page: string | null, maxUrls?: number): string | undefined {
    const part = sitemapPart(scripts.length, page, maxUrls);
    if (part === undefined) return undefined;
    if (part.kind === 'index') return renderSitemap('https://example.com', part, []);
    const { offset, limit } = scriptWindow(part);
    return renderSitemap('https://example.com', part, scripts.slice(offset, offset + limit));
  }

  it('escapes the five XML special characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('writes W3C datetimes without milliseconds', () => {
    expect(scriptUrls(scripts).at(-1)).toEqual({ path: '/scripts/5-farm-5', lastmod: '2026-01-05T12:00:00Z' });
  });

  it('becomes a sitemap index once the URLs exceed one file, each page a urlset', () => {
    // 8 public pages + 5 scripts = 13 URLs; 5 a file makes 3 files.
    const index = file(null, 5) as string;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual([1, 2, 3].map((page) => `https://example.com/sitemap.xml?page=${page}`));

    const pages = [1, 2, 3].map((page) => locs(file(String(page), 5) as string));
    expect(pages.map((page) => page.length)).toEqual([5, 5, 3]);
    expect(pages.flat()).toEqual(all);

    expect(file('4', 5)).toBeUndefined();
    expect(file('0', 5)).toBeUndefined();
    expect(file('x', 5)).toBeUndefined();
  });

  it('reads each file\'s scripts as one window in id order, whatever the file size', () => {
    for (const maxUrls of [1, 2, 3, 4, 6, 7, 8, 9, 12, 13]) {
      const part = sitemapPart(scripts.length, null, maxUrls);
      const pages = part?.kind === 'index' ? part.pages : 1;
      const names = Array.from({ length: pages }, (_, i) => locs(file(part?.kind === 'index' ? String(i + 1) : null, maxUrls) as string));
      expect(names.flat(), `${maxUrls} a file`).toEqual(all);
      expect(Math.max(...names.map((page) => page.length))).toBeLessThanOrEqual(maxUrls);
    }
    expect(scriptWindow({ first: 0, last: 5 })).toEqual({ offset: 0, limit: 0 });
    expect(scriptWindow({ first: 5, last: 10 })).toEqual({ offset: 0, limit: 2 });
    expect(scriptWindow({ first: 10, last: 13 })).toEqual({ offset: 2, limit: 3 });
    // Game pages come before the scripts and move their window.
    expect(scriptWindow({ first: 10, last: 13 }, 11)).toEqual({ offset: 0, limit: 2 });
  });

  it('is a single urlset while everything fits', () => {
    const xml = file(null) as string;
    expect(xml).toContain('<urlset');
    expect(locs(xml)).toEqual(all);
    expect(file('1')).toBeUndefined();
  });
});
