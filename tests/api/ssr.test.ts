import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MAX_AGE_MS } from '../../server/cache/bounded-store.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// Server-rendered pages of the built web app (needs `npx react-router build`; the helper throws
// MissingBuildError when build/ is absent).

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** React puts `<!-- -->` between adjacent text parts; drop them so rendered text reads as one string. */
function visibleText(html: string): string {
  return html.replaceAll('<!-- -->', '');
}

describe.each(dialects)('server-rendered pages on %s', (dialect) => {
  let ctx: TestContext;
  let empty: TestContext;
  const clock = testClock();

  beforeAll(async () => {
    [ctx, empty] = await Promise.all([createTestContext(dialect, { web: true, now: clock.now }), createTestContext(dialect, { web: true })]);
    await insertScript(ctx.services, {
      playsname: 'Blox Fruits Auto Farm',
      description: 'Levels up while you sleep',
      createdAt: new Date(Date.UTC(2026, 2, 5, 12, 0)),
    });
    await insertScript(ctx.services, {
      playsname: 'Автофарм для Brookhaven',
      description: 'Быстрый и безопасный скрипт',
      createdAt: new Date(Date.UTC(2025, 11, 31, 23, 30)),
    });
    await insertScript(ctx.services, {
      playsname: 'Bold <b>move</b>',
      description: 'Sneaky <script>alert(1)</script>',
      createdAt: new Date(Date.UTC(2026, 0, 9, 8, 0)),
    });
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), empty?.close()]);
  });

  const page = async (url: string, context: TestContext = ctx) => {
    const response = await context.app.inject({ method: 'GET', url });
    return { response, html: response.body, text: visibleText(response.body) };
  };

  describe('GET /scripts', () => {
    it('answers 200 HTML holding every script with its ru-RU date and views', async () => {
      const { response, html, text } = await page('/scripts');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(html).toContain('<title>Latest Roblox Scripts — ScriptHub</title>');

      expect(text).toContain('Blox Fruits Auto Farm');
      expect(text).toContain('Levels up while you sleep');
      expect(text).toContain('Автофарм для Brookhaven');
      expect(text).toContain('05.03.2026 · 0 views');
      // 23:30 UTC on 31 December is still 2025 in the default zone (UTC).
      expect(text).toContain('31.12.2025 · 0 views');
    });

    it('escapes HTML in names and descriptions, in the markup and the hydration data', async () => {
      const { html } = await page('/scripts');
      expect(html).toContain('Bold &lt;b&gt;move&lt;/b&gt;');
      expect(html).toContain('Sneaky &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<b>move');
      expect(html).not.toContain('<script>alert(1)');
    });

    it('lists newest first', async () => {
      const { text } = await page('/scripts');
      const order = ['Blox Fruits Auto Farm', 'Bold &lt;b&gt;move&lt;/b&gt;', 'Автофарм для Brookhaven'].map((name) => text.indexOf(name));
      expect(order.every((at) => at >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    });

    it('renders only the matches of ?q=', async () => {
      const { response, text } = await page(`/scripts?q=${encodeURIComponent('автофарм')}`);
      expect(response.statusCode).toBe(200);
      expect(text).toContain('Автофарм для Brookhaven');
      expect(text).not.toContain('Blox Fruits Auto Farm');
      expect(text).not.toContain('Bold &lt;b&gt;');

      const latin = await page('/scripts?q=FRUITS');
      expect(latin.text).toContain('Blox Fruits Auto Farm');
      expect(latin.text).not.toContain('Автофарм для Brookhaven');

      // A search navigated to in the browser asks for its data alone (`/scripts/` as `/scripts/_.data`);
      // the loader reads q from that URL as sent.
      for (const url of ['/scripts.data?q=FRUITS&_routes=routes%2Fscripts', '/scripts/_.data?q=FRUITS']) {
        const data = await page(url);
        expect(data.response.statusCode, url).toBe(200);
        expect(data.response.headers['content-type'], url).toContain('text/x-script');
        expect(data.html, url).toContain('Blox Fruits Auto Farm');
        // The other script is not in it (the word alone is: the root's data carries the page's messages, which name the game).
        expect(data.html, url).not.toContain('Автофарм для Brookhaven');
      }
    });

    it('says "Scripts not found" for a search without matches', async () => {
      const { response, text } = await page('/scripts?q=zzz-nothing');
      expect(response.statusCode).toBe(200);
      expect(text).toContain('Scripts not found');
      expect(text).not.toContain('Blox Fruits Auto Farm');
    });

    it('says "Scripts not found" for an empty catalogue', async () => {
      const { response, text } = await page('/scripts', empty);
      expect(response.statusCode).toBe(200);
      expect(text).toContain('Latest Roblox Scripts');
      expect(text).toContain('Scripts not found');
    });

    it('keeps the page until a write, and shows the write on the next GET', async () => {
      expect((await page('/scripts')).text).not.toContain('Freshly added script');

      // Written behind the cache's back: the cached page is still served.
      await ctx.services.scripts.insert({
        playsname: 'Freshly added script',
        description: '',
        loadstring: 'print(1)',
        imageKey: null,
        ownerModeratorId: null,
        channels: [],
      });
      expect((await page('/scripts')).text).not.toContain('Freshly added script');

      // A write through the app's path drops cached pages.
      await insertScript(ctx.services, { playsname: 'Second fresh script' });
      const { text } = await page('/scripts');
      expect(text).toContain('Freshly added script');
      expect(text).toContain('Second fresh script');
      await ctx.db.kysely.deleteFrom('scripts').where('playsname', 'in', ['Freshly added script', 'Second fresh script']).execute();
      ctx.services.cache.invalidate();
    });

    it('shows counted views after the flush', async () => {
      const { text: before } = await page('/scripts');
      expect(before).toContain('05.03.2026 · 0 views');
      const target = await ctx.db.kysely.selectFrom('scripts').select('id').where('playsname', '=', 'Blox Fruits Auto Farm').executeTakeFirstOrThrow();

      await ctx.app.inject({ method: 'GET', url: `/api/scripts/${target.id}`, headers: { 'user-agent': BROWSER } });
      expect((await page('/scripts')).text).toContain('05.03.2026 · 0 views');
      await ctx.services.views.flush();
      // The flush keeps the cached page; the figure follows within a minute.
      expect((await page('/scripts')).text).toContain('05.03.2026 · 0 views');
      clock.advance(ANSWER_MAX_AGE_MS + 1);
      expect((await page('/scripts')).text).toContain('05.03.2026 · 1 views');

      await ctx.db.kysely.updateTable('scripts').set({ views: 12_345 }).where('id', '=', target.id).execute();
      ctx.services.cache.invalidate();
      expect((await page('/scripts')).text).toMatch(/05\.03\.2026 · 12\s345 views/u);
    });
  });

  it('renders dates in the configured time zone', async () => {
    const moscow = await createTestContext(dialect, { web: true, env: { TIME_ZONE: 'Europe/Moscow' } });
    try {
      await insertScript(moscow.services, { playsname: 'Late night script', createdAt: new Date(Date.UTC(2025, 11, 31, 23, 30)) });
      const { text } = await page('/scripts', moscow);
      expect(text).toContain('01.01.2026 · 0 views');
    } finally {
      await moscow.close();
    }
  });

  it('titles every page the same way: the page’s name, then " — ScriptHub"', async () => {
    const { body: detail } = await ctx.app.inject({ method: 'GET', url: '/scripts' });
    const id = /href="\/scripts\/(\d+)"/.exec(detail)?.[1] as string;
    for (const path of ['/', '/info', '/scripts', '/scripts?q=farm', `/scripts/${id}`, '/scripts/999999999', '/seo', '/privacy', '/terms', '/cookies', '/subscribe', '/no-such-page', '/admin', '/moderator/login']) {
      const { html } = await page(path);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title, path).toMatch(/^\S.* — ScriptHub$/);
      expect(title, path).not.toMatch(/\|/);
    }
  });

  it('leaves the footer’s Developer link out unless DEVELOPER_URL names it', async () => {
    const { text } = await page('/');
    expect(text).not.toMatch(/>Developer</);
    const configured = await createTestContext(dialect, { web: true, env: { DEVELOPER_URL: 'https://dev.example.com/team' } });
    try {
      const html = (await configured.app.inject({ method: 'GET', url: '/' })).body;
      expect(html).toMatch(/<a[^>]*href="https:\/\/dev\.example\.com\/team"[^>]*>Developer<\/a>/);
    } finally {
      await configured.close();
    }
  });

  it('GET / renders the landing headline', async () => {
    const { response, text } = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(text).toContain('Dominate Your Favorite Roblox Games');
  });

  it('serves hashed assets for a year, immutable', async () => {
    const { html } = await page('/scripts');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] as string);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of new Set(assets)) {
      const response = await ctx.app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
      expect(response.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type'], asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /javascript/);
    }
  });

  it('sends security headers on pages, fresh and cached alike', async () => {
    ctx.services.cache.invalidate();
    for (const url of ['/scripts', '/scripts', '/']) {
      const { response } = await page(url);
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['content-security-policy'], url).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBeDefined();
    }
  });

  it('keeps the dated policy pages out of the HTML cache, so their date follows the calendar', async () => {
    ctx.services.cache.invalidate();
    await page('/seo');
    const afterSeo = ctx.services.pages.size;
    // /seo has no date: it is stored, which shows the cache is on in this app.
    expect(afterSeo).toBeGreaterThan(0);
    for (const url of ['/privacy', '/terms', '/cookies', '/privacy.data']) {
      const { response } = await page(url);
      expect(response.statusCode, url).toBe(200);
      // `private` too: without SITE_URL no page is shared (tests/api/origin-header.test.ts).
      expect(response.headers['cache-control'], url).toBe('private, no-cache');
      expect(ctx.services.pages.size, url).toBe(afterSeo);
    }
  });

  it('asks for the hydration scripts at low priority, the complete HTML needing none of them to show', async () => {
    for (const url of ['/scripts', '/privacy']) {
      const { html } = await page(url);
      const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
      expect(preloads.length, url).toBeGreaterThan(3);
      for (const link of preloads) expect(link, url).toContain('fetchpriority="low"');
    }
  });
});
