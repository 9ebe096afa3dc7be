import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CachedPage, canonicalPageUrl, PageCache, packPage, pagePath, scriptIdOfPage } from '../../server/cache/page-cache.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { insertScript } from '../helpers/factories.ts';

// The rendered-page cache under query strings an attacker picks: parameters a page does not read
// neither create entries nor force renders, and the cache stays within its byte bound whatever is asked.

const random = () => Math.random().toString(36).slice(2);

describe('canonical page URLs', () => {
  it.each([
    ['/scripts', '', '/scripts'],
    ['/scripts', 'x=1&utm_source=mail', '/scripts'],
    ['/scripts', 'utm=1&q=farm&x=2', '/scripts?q=farm'],
    ['/scripts', 'q=farm&q=other', '/scripts?q=farm'],
    ['/info', 'q=a+b&fbclid=123', '/info?q=a+b'],
    ['/subscribe', 'from=%2Fscripts%2F5&z=1', '/subscribe?from=%2Fscripts%2F5'],
    ['/sitemap.xml', 'page=2&x=1', '/sitemap.xml?page=2'],
    ['/scripts.data', '_routes=routes%2Fscripts&q=x&y=1', '/scripts.data?_routes=routes%2Fscripts&q=x'],
    ['/scripts/_.data', 'q=x&y=1', '/scripts/_.data?q=x'],
    ['/subscribe/', 'from=%2Fscripts%2F5&z=1', '/subscribe/?from=%2Fscripts%2F5'],
    ['/subscribe/_.data', 'from=%2Fscripts%2F5&z=1', '/subscribe/_.data?from=%2Fscripts%2F5'],
    ['/privacy', 'from=/x', '/privacy'],
    ['/__manifest', 'paths=%2Fscripts%2C%2Fscripts%2F1&version=f7f49179&x=1', '/__manifest?paths=%2Fscripts%2C%2Fscripts%2F1&version=f7f49179'],
    // The catalogue's filters and sort are part of the list pages (docs/product.md#catalogue-filters), in a fixed order.
    ['/scripts', 'sort=trending&x=1&key=false&game=blox-fruits&q=farm', '/scripts?game=blox-fruits&key=false&q=farm&sort=trending'],
    ['/scripts', 'universal=true&verified=true&patched=false', '/scripts?patched=false&universal=true&verified=true'],
    // A GET form's blank choice ("All games") is no filter.
    ['/scripts', 'game=&sort=views&q=', '/scripts?q=&sort=views'],
    ['/scripts.data', 'game=adopt-me&_routes=routes%2Fscripts&y=1', '/scripts.data?_routes=routes%2Fscripts&game=adopt-me'],
    // A game's page reads every filter but the game (its path names it); its feed reads none.
    ['/games/blox-fruits', 'game=other&key=false&sort=updated&x=1', '/games/blox-fruits?key=false&sort=updated'],
    ['/games/blox-fruits.data', 'verified=true&_routes=routes%2Fgame', '/games/blox-fruits.data?_routes=routes%2Fgame&verified=true'],
    ['/games/blox-fruits/feed.xml', 'key=false&sort=views', '/games/blox-fruits/feed.xml'],
    ['/games', 'sort=views', '/games'],
    ['/feed.xml', 'x=1', '/feed.xml'],
    ['/scripts/5-farm', 'sort=views&key=false', '/scripts/5-farm'],
    // A reading reads the parameters of the same page (docs/decisions/0045-languages.md), and keeps its prefix.
    ['/ru/scripts', 'sort=trending&x=1&key=false&q=farm', '/ru/scripts?key=false&q=farm&sort=trending'],
    ['/en/games/blox-fruits.data', 'verified=true&game=x&_routes=en%3Aroutes%2Fgame', '/en/games/blox-fruits.data?_routes=en%3Aroutes%2Fgame&verified=true'],
    ['/ru/privacy', 'from=/x', '/ru/privacy'],
  ])('%s?%s is rendered and cached as %s', (path, query, expected) => {
    expect(canonicalPageUrl(path, new URLSearchParams(query))).toBe(expected);
  });
});

describe('the page a request path shows', () => {
  it.each([
    ['/', '/'],
    ['/_.data', '/'],
    ['/scripts', '/scripts'],
    ['/scripts/', '/scripts'],
    ['/scripts.data', '/scripts'],
    ['/scripts/_.data', '/scripts'],
    ['/scripts/5/_.data', '/scripts/5'],
    ['/scripts/5-auto-farm.data', '/scripts/5-auto-farm'],
    ['/games/blox-fruits/_.data', '/games/blox-fruits'],
    ['/sitemap.xml', '/sitemap.xml'],
    ['/ru', '/'],
    ['/ru.data', '/'],
    ['/en/_.data', '/'],
    ['/ru/scripts/5-auto-farm.data', '/scripts/5-auto-farm'],
    ['/en/games/blox-fruits/', '/games/blox-fruits'],
    ['/rus/scripts', '/rus/scripts'],
  ])('%s shows %s', (path, expected) => {
    expect(pagePath(path)).toBe(expected);
  });
});

describe('the script a page shows (view counting, invalidation)', () => {
  it.each([
    ['/scripts/5', 5],
    ['/scripts/5-auto-farm', 5],
    ['/scripts/5-', 5],
    ['/scripts/05-auto-farm', undefined],
    ['/scripts/x-5', undefined],
    ['/scripts', undefined],
    ['/scripts/5/extra', undefined],
    ['/games/5-farm', undefined],
  ])('%s shows script %s', (page, expected) => {
    expect(scriptIdOfPage(page)).toBe(expected);
  });
});

describe('which cached pages a catalogue change drops', () => {
  const origin = 'http://catalogue.test';
  const PAGES = [
    '/scripts/5',
    '/scripts/5-auto-farm',
    '/scripts/5-old-name',
    '/scripts/5-auto-farm.data?_routes=routes%2Fscript-detail',
    '/scripts/6-other',
    '/ru/scripts/5-auto-farm',
    '/en/scripts/6-other',
    '/scripts?game=blox-fruits&sort=views',
    '/ru/scripts?game=blox-fruits&sort=views',
    '/games',
    '/games/blox-fruits?key=false',
    '/games/blox-fruits/feed.xml',
    '/feed.xml',
    '/sitemap.xml',
    '/opensearch.xml',
    '/privacy',
    '/subscribe',
  ];

  async function cacheWith(pages: string[]): Promise<PageCache> {
    const cache = new PageCache(10_000_000);
    for (const page of pages) {
      await cache.render(`html:${origin}${page}`, async () => packPage({ status: 200, headers: [], body: page }), (packed) => packed);
    }
    return cache;
  }

  const kept = (cache: PageCache) => PAGES.filter((page) => cache.get(`html:${origin}${page}`) !== undefined);

  it('a script\'s change drops its page under any slug, the lists, the game pages and the feeds', async () => {
    const cache = await cacheWith(PAGES);
    cache.changed({ kind: 'script', id: 5 });
    expect(kept(cache)).toEqual(['/scripts/6-other', '/en/scripts/6-other', '/opensearch.xml', '/privacy', '/subscribe']);
  });

  it('a change of the games drops every page; of the site channels, the script pages and /subscribe', async () => {
    const games = await cacheWith(PAGES);
    games.changed({ kind: 'games' });
    expect(kept(games)).toEqual([]);
    const channels = await cacheWith(PAGES);
    channels.changed({ kind: 'site-channels' });
    expect(kept(channels)).toEqual(PAGES.filter((page) => !/^(\/en|\/ru)?\/scripts\//.test(page) && page !== '/subscribe'));
  });
});

describe('the rendered-page cache', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // A 1 MB bound, so a test can go past it with a few hundred searches.
    ctx = await createTestContext('sqlite', { web: true, env: { PAGE_CACHE_MB: '1' } });
    for (let i = 0; i < 20; i += 1) await insertScript(ctx.services, { playsname: `Cache probe ${i}`, description: 'd'.repeat(400) });
  });
  afterAll(async () => ctx?.close());

  it('serves /scripts?<anything> from the one /scripts entry, byte for byte', async () => {
    ctx.services.cache.invalidate();
    const plain = await ctx.app.inject({ method: 'GET', url: '/scripts' });
    expect(plain.statusCode).toBe(200);
    expect(ctx.services.pages.size).toBe(1);
    for (let i = 0; i < 200; i += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: `/scripts?x=${random()}&utm_source=${random()}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(plain.body);
    }
    expect(ctx.services.pages.size).toBe(1);
  });

  it('keeps the parameters a page reads: a search is its own page, whatever else comes with it', async () => {
    ctx.services.cache.invalidate();
    const search = await ctx.app.inject({ method: 'GET', url: '/scripts?q=probe%201' });
    const noisy = await ctx.app.inject({ method: 'GET', url: `/scripts?ref=${random()}&q=probe%201` });
    expect(noisy.body).toBe(search.body);
    expect(search.body).toContain('Cache probe 1');
    expect(search.body).not.toContain('Cache probe 2<');
    expect(ctx.services.pages.size).toBe(1);
  });

  it('stays within its bounds under hundreds of distinct searches, which take at most a quarter of its entries', async () => {
    ctx.services.cache.invalidate();
    const pages = ctx.services.pages;
    for (let i = 0; i < 300; i += 1) {
      // Each asked twice: past the probation of pages asked once, into the family's own cap.
      const url = `/scripts?q=${random()}`;
      for (let ask = 0; ask < 2; ask += 1) {
        const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(response.statusCode).toBe(200);
      }
      expect(pages.bytes).toBeLessThanOrEqual(1024 * 1024);
      expect(pages.heapBytes).toBeLessThanOrEqual(pages.maxHeapBytes);
    }
    // 1 MB: 256 entries, searches a quarter of them, the latest kept.
    expect(pages.maxEntries).toBe(256);
    expect(pages.familySize('search')).toBe(64);
    expect(pages.size).toBe(64);
  });

  it('keeps at most a sixteenth of its entries for pages that are not found, and the other pages with them', async () => {
    ctx.services.cache.invalidate();
    const pages = ctx.services.pages;
    // Each asked twice: past the probation of pages asked once, into the family's own cap.
    for (let ask = 0; ask < 2; ask += 1) expect((await ctx.app.inject({ method: 'GET', url: '/info' })).statusCode).toBe(200);
    for (let i = 0; i < 100; i += 1) {
      const url = `/no-such-page-${random()}`;
      for (let ask = 0; ask < 2; ask += 1) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect(pages.familySize('status')).toBe(16);
    expect(pages.size).toBe(17);
  });

  it('answers HEAD from the same entry GET fills, and never caches an empty body for GET', async () => {
    ctx.services.cache.invalidate();
    const head = await ctx.app.inject({ method: 'HEAD', url: '/info' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const get = await ctx.app.inject({ method: 'GET', url: '/info' });
    expect(get.body).toContain('<html');
  });
});

describe('pages asked once (a crawl)', () => {
  // docs/decisions/0038-pages-asked-once-stay-on-probation.md
  const MB = 1024 * 1024;
  /** A page of incompressible bytes, so its size is what it holds. */
  const page = (): CachedPage => ({ status: 200, headers: [], raw: randomBytes(8_000) });
  const keep = (pages: PageCache, key: string, kept = page()) => pages.render(key, async () => kept, (rendered) => rendered);

  it('push out only each other: pages asked again stay, however many new pages pass', async () => {
    const pages = new PageCache(MB);
    const popular = Array.from({ length: 20 }, (_, i) => `html:http://site.test/scripts/${i + 1}`);
    const kept = new Map<string, CachedPage>();
    for (const key of popular) {
      kept.set(key, await keep(pages, key));
      // Asked again: out of probation.
      expect(pages.get(key)).toBe(kept.get(key));
    }
    for (let i = 0; i < 1_000; i += 1) {
      await keep(pages, `html:http://site.test/scripts/${1_000 + i}`);
      expect(pages.bytes).toBeLessThanOrEqual(MB);
    }
    for (const key of popular) expect(pages.get(key)).toBe(kept.get(key));
    // The crawl's own pages: only the latest few, within the probation's quarter of the bytes.
    expect(pages.get('html:http://site.test/scripts/1000')).toBeUndefined();
    expect(pages.get('html:http://site.test/scripts/1999')).toBeDefined();
  });

  it('are served from probation while they last, and a page asked again is kept with the time it had left', async () => {
    // Not 0: lru-cache reads a start time of 0 as no time limit.
    let now = 1_000;
    const pages = new PageCache(MB, { now: () => now });
    const first = await keep(pages, 'html:http://site.test/scripts/1');
    now = 51_000;
    expect(pages.get('html:http://site.test/scripts/1')).toBe(first);
    // Promoted with its 10 s left, not a fresh minute: a page is never older than a minute.
    now = 61_001;
    expect(pages.get('html:http://site.test/scripts/1')).toBeUndefined();
  });
});
