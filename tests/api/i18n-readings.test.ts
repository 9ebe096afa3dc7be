import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READINGS, type Reading } from '../../contract/i18n.ts';
import { scriptPath } from '../../contract/slugs.ts';
import { HTML_LANG, HREFLANG, pathIn } from '../../web/i18n/reading.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { canonicalOf, linkTags, visibleText } from '../helpers/html.ts';

// Issue 29 (docs/decisions/0045-languages.md): every public page in its three readings, server-rendered from
// the built app (needs `npm run build`). No message is missing (no raw `{placeholder}` in what a reader
// sees), `<html lang>` matches, canonical and `hreflang` sets agree (each alternate links back), the
// header's switch keeps path and query, and a Russian page shows no English word of the interface. The
// fixture's names and texts are Russian, so any Latin word left on a Russian page is the interface's.

const SITE_URL = 'https://scripts.example';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Words a Russian page may show in Latin letters: names of products and games, terms Russian players write in Latin (VPN, ESP, GUI, cookie), and the other language's own name. */
const NAMES = new Set([
  // The landing page's games, by their own names.
  ...['Adopt', 'Me', 'Brookhaven', 'RP', 'Blox', 'Fruits', 'Pet', 'Simulator', 'Da', 'Hood', 'Arsenal'],
  'Roblox', 'Telegram', 'Cookie', 'VPN', 'ESP', 'GUI', 'YouTube', 'Discord', 'Guilded', 'Windows', 'Mac', 'macOS', 'Android', 'iOS', 'Lua', 'Luau', 'ScriptHub', 'English', 'Google', 'Yandex', 'cookie', 'cookies', 'Pastebin', 'GitHub', 'PC', 'ID', 'IP', 'HWID', 'RSS', 'Atom', 'JSON', 'HTTP', 'HTTPS', 'URL']);

/** The page as a reader meets it: visible text plus the attributes read aloud or shown, with code, scripts and the other language's offers left out. */
function readerText(html: string): string {
  const withoutCode = html
    .replace(/<(script|style|svg|code|pre)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<(a|p|span|li)\b[^>]*\blang="en"[^>]*>[\s\S]*?<\/\1>/g, ' ');
  const attributes = [...withoutCode.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((match) => match[1]);
  const metas = [...withoutCode.matchAll(/<meta (?:name|property)="(?:description|og:title|og:description)" content="([^"]*)"/g)].map((match) => match[1]);
  const title = /<title>([^<]*)<\/title>/.exec(withoutCode)?.[1] ?? '';
  const text = withoutCode.replace(/<[^>]*>/g, ' ');
  return visibleText([text, title, ...attributes, ...metas].join(' '))
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    // Domain and file names (the loader report's "discord.com", the code sample's "пример.lua").
    .replace(/[\p{L}\d-]+(?:\.[\p{L}\d-]+)+/gu, ' ');
}

/** Latin words of two letters or more that are not names. */
function englishWords(text: string): string[] {
  return [...new Set(text.match(/[A-Za-z][A-Za-z’']+/g) ?? [])].filter((word) => !NAMES.has(word));
}

function alternatesOf(html: string): Record<string, string> {
  return Object.fromEntries(linkTags(html, 'alternate').filter((link) => link.hrefLang).map((link) => [link.hrefLang as string, link.href as string]));
}

/** Two site addresses with the same path and the same query parameters, in any order. */
function sameAddress(a: string, b: string): boolean {
  const [x, y] = [new URL(a, SITE_URL), new URL(b, SITE_URL)];
  x.searchParams.sort();
  y.searchParams.sort();
  return x.pathname === y.pathname && x.search === y.search;
}

describe.each(dialects)('the three readings of the public pages on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let pages: string[];

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub' } });
    admin = await createAdmin(ctx);
    const game = await injectAs(ctx, admin, { method: 'POST', url: '/api/games', payload: { name: 'Остров сокровищ' } });
    expect(game.statusCode, game.body).toBe(201);
    const executor = await injectAs(ctx, admin, { method: 'POST', url: '/api/executors', payload: { name: 'Молния', platforms: ['windows', 'android'], status: 'working', free: true } });
    expect(executor.statusCode, executor.body).toBe(201);
    const { slug: gameSlug, id: gameId } = game.json() as { slug: string; id: number };
    const { slug: executorSlug } = executor.json() as { slug: string };
    const first = await insertScript(ctx.services, {
      playsname: 'Полёт над островом',
      description: 'Летайте над картой и собирайте сундуки.',
      loadstring: 'loadstring(game:HttpGet("https://discord.com/api/webhooks/1/x"))()',
      game: { id: gameId },
      keySystem: true,
      executors: [executorSlug],
    });
    await insertScript(ctx.services, { playsname: 'Быстрый бег', description: 'Бегайте быстрее всех.', universal: true, verified: true });
    pages = [
      '/',
      '/info',
      '/scripts',
      scriptPath(first),
      '/games',
      `/games/${gameSlug}`,
      '/executors',
      `/executors/${executorSlug}`,
      '/subscribe',
      '/favourites',
      '/privacy',
      '/terms',
      '/cookies',
      '/seo',
    ];
  });
  afterAll(async () => ctx?.close());

  it('renders every page in every reading with its language and no message left unfilled', async () => {
    for (const path of pages) {
      for (const reading of READINGS) {
        const url = pathIn(reading, path);
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain(`<html lang="${HTML_LANG[reading]}"`);
        const text = readerText(response.body);
        expect(text, url).not.toMatch(/\{[a-zA-Z]+(?:[,}])/);
        expect(text, url).not.toMatch(/\bundefined\b|\[object Object\]/);
      }
    }
  });

  it('answers an unknown page with 404 in its reading', async () => {
    const texts: Record<Reading, string> = { spec: 'Page not found', en: 'Page not found', ru: 'Страница не найдена' };
    for (const reading of READINGS) {
      const response = await get(pathIn(reading, '/no-such-page'));
      expect(response.statusCode).toBe(404);
      expect(readerText(response.body)).toContain(texts[reading]);
      expect(response.body).toContain(`<html lang="${HTML_LANG[reading]}"`);
      // An unknown path is no page to keep: the switch leads to the other language's home.
      expect(response.body).toContain('<a href="/en" hrefLang="en" lang="en" data-reading="en"');
      expect(response.body).toContain('<a href="/ru" hrefLang="ru" lang="ru" data-reading="ru"');
    }
  });

  it('points each reading\'s canonical at itself and lists the same three readings from each, so each alternate links back', async () => {
    for (const path of pages) {
      const expected = Object.fromEntries(READINGS.map((reading) => [HREFLANG[reading], SITE_URL + pathIn(reading, path)]));
      for (const reading of READINGS) {
        const html = (await get(pathIn(reading, path))).body;
        expect(canonicalOf(html), `${reading} ${path}`).toBe(SITE_URL + pathIn(reading, path));
        expect(alternatesOf(html), `${reading} ${path}`).toEqual(expected);
      }
    }
  });

  it('gives the header\'s switch the same page, filters and query in each language', async () => {
    const path = '/scripts?q=%D0%BF%D0%BE%D0%BB%D1%91%D1%82&sort=views&key=true';
    for (const reading of READINGS) {
      const html = (await get(pathIn(reading, path))).body;
      for (const language of ['en', 'ru'] as const) {
        const links = [...html.matchAll(new RegExp(`<a href="([^"]*)" hrefLang="${language}" lang="${language}" data-reading="${language}"`, 'g'))].map((match) => visibleText(match[1] as string));
        // The desktop header's switch (the phone menu's renders when opened).
        expect(links.length, `${reading} → ${language}`).toBeGreaterThanOrEqual(1);
        // The same address, its query in the server's order (server/plugins/web.ts normalises it for the page cache).
        for (const href of links) expect(sameAddress(href, pathIn(language, path)), href).toBe(true);
      }
    }
  });

  it('shows no English word of the interface on a Russian page', async () => {
    const found: Record<string, string[]> = {};
    for (const path of pages) {
      const url = pathIn('ru', path);
      const words = englishWords(readerText((await get(url)).body));
      if (words.length > 0) found[url] = words;
    }
    expect(found).toEqual({});
    // The check sees English where it is: the same page in the English reading is full of it.
    expect(englishWords(readerText((await get('/en/scripts')).body)).length).toBeGreaterThan(10);
  });
});
