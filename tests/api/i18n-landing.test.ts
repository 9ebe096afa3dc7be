import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en as enMarketing } from '../../web/features/landing/texts/en.ts';
import { ru as ruMarketing } from '../../web/features/landing/texts/ru.ts';
import { spec as specMarketing } from '../../web/features/landing/texts/spec.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { canonicalOf, linkTags, metaContent, visibleText } from '../helpers/html.ts';

// The landing pages `/` and `/info` in their three readings (issue 29, docs/decisions/0045-languages.md):
// the specification's unchanged, `/en…` wholly English, `/ru…` wholly Russian. Server-rendered (needs
// `npm run build`).

const SITE_URL = 'https://scripts.example';

/** Names a Russian page may write in Latin letters: brands, and the games as they call themselves. */
const LATIN_NAMES = ['Roblox', 'Telegram', 'YouTube', 'Discord', 'Windows', 'macOS', 'Android', 'iOS', 'Luau', 'Lua', 'Adopt Me!', 'Brookhaven RP', 'Blox Fruits', 'Pet Simulator X'];

/** The page's `<main>`, as HTML. */
function mainOf(html: string): string {
  const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0];
  if (!main) throw new Error('no <main> in the page');
  return main;
}

/** Text as a reader sees it: tags dropped, entities decoded, white space folded (no-break spaces kept). */
function textOf(html: string): string {
  return visibleText(html.replace(/<[^>]+>/g, ' ')).replace(/[ \t\r\n]+/g, ' ').trim();
}

/** Latin words of four letters or more, once the allowed names are taken out. */
function englishWords(text: string): string[] {
  let rest = text;
  for (const name of LATIN_NAMES) rest = rest.replaceAll(name, ' ');
  return rest.match(/[A-Za-z]{4,}/g) ?? [];
}

/** Every string of a reading's copy with its key path, leaving out what is data, not words. */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${at}[${index}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => strings(item, at ? `${at}.${key}` : key));
  return [];
}

/** The key paths of a copy, strings replaced by their place only. */
function keysOf(value: unknown): string[] {
  return strings(value).map(([at]) => at);
}

/** Keys whose values are data of the page (paths, names of icons, accents, ids, the code sample), not copy. */
const NOT_COPY = /(?:\.to|\.icon|\.color|\.id|\.sample|\.fileName|\.players|\.number|list\[\d+\]\.name)$/;

describe('the landing copy of every reading', () => {
  it.each([
    ['en', enMarketing],
    ['ru', ruMarketing],
  ] as const)('has the specification’s keys, every text filled, no placeholder (%s)', (_reading, copy) => {
    for (const page of ['home', 'info'] as const) {
      expect(keysOf(copy[page])).toEqual(keysOf(specMarketing[page]));
      for (const [at, text] of strings(copy[page])) {
        expect(text.trim(), `${page}.${at}`).not.toBe('');
        expect(text, `${page}.${at}`).not.toMatch(/[{}]/);
      }
      // Paths, icons and accents are the specification's: only the words change.
      const data = (copy: unknown) => strings(copy).filter(([at]) => /(?:\.to|\.icon|\.color|\.id)$/.test(at));
      expect(data(copy[page])).toEqual(data(specMarketing[page]));
    }
  });

  it('has no English sentence left in the Russian copy, and no Russian in the English one', () => {
    for (const page of ['home', 'info'] as const) {
      for (const [at, text] of strings(ruMarketing[page])) {
        if (NOT_COPY.test(at)) continue;
        expect(englishWords(text), `ru ${page}.${at}: ${text}`).toEqual([]);
        expect(text, `ru ${page}.${at}`).toMatch(/[а-яё]/i);
      }
      for (const [at, text] of strings(enMarketing[page])) expect(text, `en ${page}.${at}`).not.toMatch(/[а-яё]/i);
    }
    // The code sample is Lua, but its comment and its text are Russian.
    expect(ruMarketing.info.code.sample).toContain('-- Пример скрипта');
    expect(englishWords(ruMarketing.info.code.sample.replace(/\b(?:local|player|print)\b/g, ' '))).toEqual([]);
  });
});

describe.each(dialects)('the landing pages in three readings on %s', (dialect) => {
  let ctx: TestContext;
  let bare: TestContext;

  beforeAll(async () => {
    [ctx, bare] = await Promise.all([
      createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub' } }),
      createTestContext(dialect, { web: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), bare?.close()]);
  });

  const get = async (url: string, context: TestContext = ctx) => {
    const response = await context.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };

  /** What each reading's page must show: its `<html lang>`, title, its h1, and a call to action with its link. */
  const PAGES = [
    {
      url: '/ru',
      path: '/',
      lang: 'ru',
      title: 'Премиум-читы и скрипты для Roblox — ScriptHub',
      description: 'Побеждайте в любимых играх Roblox с премиум-скриптами, автофармом и читами для Adopt Me!, Brookhaven RP, Blox Fruits и Pet Simulator X.',
      h1: 'Побеждайте в любимых играх Roblox',
      ctas: [
        ['Каталог скриптов', '/ru/scripts'],
        ['Как это работает', '/ru/info'],
        ['Все поддерживаемые игры', '/ru/scripts'],
        ['Скрипты', '/ru/scripts?q=Blox%20Fruits'],
      ],
      texts: ['Почему наши читы лучше', 'Поддерживаемые игры', '500\u00a0000+ онлайн', 'Скрипты для Blox Fruits', 'Подробнее о том, как работают наши скрипты', '10\u00a0000+'],
    },
    {
      url: '/ru/info',
      path: '/info',
      lang: 'ru',
      title: 'Премиум-скрипты для Roblox — как это работает — ScriptHub',
      description:
        'Как работают наши премиум-скрипты для Roblox: 500+ скриптов, 99,9% времени без сбоев, поддержка 24/7 и сообщество из 50\u00a0000+ игроков. Скопируйте загрузчик, запустите его и играйте.',
      h1: 'Премиум-скрипты для Roblox',
      ctas: [
        ['Начать', '/ru/scripts'],
        ['Каталог скриптов', '/ru/scripts'],
        ['На главную', '/ru'],
      ],
      texts: ['Мощные возможности', 'Пользоваться просто', 'запустите в своём экзекьюторе', 'Быстрый запуск', '99,9%', 'пример.lua', '-- Пример скрипта: выводит приветствие'],
      label: 'Пример скрипта на Lua',
    },
    {
      url: '/en',
      path: '/',
      lang: 'en',
      title: 'Premium Roblox Cheats &amp; Scripts — ScriptHub',
      description: 'Dominate your favourite Roblox games with premium scripts, auto-farms and game cheats for Adopt Me!, Brookhaven RP, Blox Fruits and Pet Simulator X.',
      h1: 'Dominate Your Favourite Roblox Games',
      ctas: [
        ['Browse Scripts', '/en/scripts'],
        ['How It Works', '/en/info'],
        ['View all supported games', '/en/scripts'],
        ['View Scripts', '/en/scripts?q=Blox%20Fruits'],
        ['Get Started Now', '/en/scripts'],
      ],
      texts: ['Optimised Code', 'Why Our Cheats Are Better', '500K+ online', 'View Scripts for Blox Fruits', 'Learn More about how our scripts work'],
    },
    {
      url: '/en/info',
      path: '/info',
      lang: 'en',
      title: 'Premium Roblox Scripts — How It Works — ScriptHub',
      description:
        'How our premium Roblox scripts work: 500+ scripts, 99.9% uptime, 24/7 support and a community of 50,000+ users. Copy a loader, run it, play.',
      h1: 'Premium Roblox Scripts',
      ctas: [
        ['Get Started', '/en/scripts'],
        ['Browse Scripts', '/en/scripts'],
        ['Back to Home', '/en'],
      ],
      texts: ['Powerful Features', 'Optimised Code', 'Simple to Use', 'Browse hundreds of scripts for your favourite Roblox games.', 'example.lua'],
      label: 'Sample Lua script',
    },
  ] as const;

  it.each(PAGES)('renders $url in its language', async (page) => {
    const html = await get(page.url);
    expect(html).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${page.lang}"`));
    expect(html).toContain(`<title>${page.title}</title>`);
    expect(metaContent(html, 'name', 'description')).toBe(page.description);
    expect(metaContent(html, 'property', 'og:title')).toBe(visibleText(page.title));
    expect(metaContent(html, 'property', 'og:description')).toBe(page.description);

    const main = mainOf(html);
    // The copy is in the document's own language: no lang of its own.
    expect(main.startsWith('<main>')).toBe(true);
    expect(textOf(/<h1[^>]*>[\s\S]*?<\/h1>/.exec(main)?.[0] ?? '')).toBe(page.h1);
    for (const [label, href] of page.ctas) {
      const link = [...main.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].find((match) => textOf(match[2] as string).startsWith(label) && match[1] === href);
      expect(link, `${label} → ${href}`).toBeDefined();
    }
    const text = textOf(main);
    for (const expected of page.texts) expect(text).toContain(expected);
    if ('label' in page) expect(main).toContain(`aria-label="${page.label}"`);
    // No template or key left unfilled, and every internal link in the reading.
    expect(text).not.toMatch(/[{}]/);
    for (const [, href = ''] of main.matchAll(/href="([^"]*)"/g)) expect(href.startsWith(`/${page.lang}`), href).toBe(true);
  });

  it.each(['/ru', '/ru/info'])('leaves no English word of the copy on %s', async (url) => {
    const html = await get(url);
    // The code sample's Lua words aside (its comment and strings are Russian).
    const main = mainOf(html).replace(/<pre[\s\S]*?<\/pre>/, '');
    const texts = [textOf(main), metaContent(html, 'name', 'description') ?? '', (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '').replace(' — ScriptHub', '')];
    for (const text of texts) expect(englishWords(text), text).toEqual([]);
    // Attributes a reader hears: the code's region label.
    for (const [, label = ''] of main.matchAll(/aria-label="([^"]*)"/g)) expect(englishWords(visibleText(label)), label).toEqual([]);
  });

  it.each(['/en', '/en/info'])('leaves no Russian word on the English copy of %s', async (url) => {
    const html = await get(url);
    expect(textOf(mainOf(html))).not.toMatch(/[а-яё]/i);
    expect(metaContent(html, 'name', 'description')).not.toMatch(/[а-яё]/i);
  });

  it.each(PAGES.map((page) => [page.url, page.path, page.lang] as const))('links %s to itself and its two other readings', async (url, path, lang) => {
    const html = await get(url);
    expect(canonicalOf(html)).toBe(`${SITE_URL}${url}`);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${SITE_URL}${url}`);
    expect(metaContent(html, 'property', 'og:locale')).toBe(lang === 'en' ? 'en_GB' : 'ru_RU');
    const alternates: Record<string, string> = Object.fromEntries(
      linkTags(html, 'alternate')
        .filter((link) => link.hrefLang)
        .map((link) => [link.hrefLang as string, link.href as string]),
    );
    const prefixed = (reading: string) => (path === '/' ? `/${reading}` : `/${reading}${path}`);
    expect(alternates).toEqual({ 'x-default': `${SITE_URL}${path}`, en: `${SITE_URL}${prefixed('en')}`, ru: `${SITE_URL}${prefixed('ru')}` });
    expect(linkTags(html, 'canonical')).toHaveLength(1);
    // Each alternate links back.
    for (const href of Object.values(alternates)) {
      const other = await get(href.slice(SITE_URL.length) || '/');
      expect(linkTags(other, 'alternate').map((link) => link.href)).toContain(`${SITE_URL}${url}`);
    }
  });

  it.each(['/', '/info', '/ru', '/en/info'])('has no canonical or alternates on %s without SITE_URL', async (url) => {
    const html = await get(url, bare);
    expect(canonicalOf(html)).toBeUndefined();
    expect(metaContent(html, 'property', 'og:url')).toBeUndefined();
    expect(linkTags(html, 'alternate').filter((link) => link.hrefLang)).toEqual([]);
  });

  describe('the specification’s reading, as it was', () => {
    it('renders / with its English copy inside lang="en" on a Russian document', async () => {
      const html = await get('/');
      expect(html).toMatch(/^<!DOCTYPE html><html lang="ru"/);
      expect(html).toContain('<title>Premium Roblox Cheats &amp; Scripts — ScriptHub</title>');
      expect(metaContent(html, 'name', 'description')).toBe(
        'Dominate your favorite Roblox games with premium scripts, auto-farms and game cheats for Adopt Me!, Brookhaven RP, Blox Fruits and Pet Simulator X.',
      );
      expect(canonicalOf(html)).toBe(`${SITE_URL}/`);
      const main = mainOf(html);
      expect(main.startsWith('<main lang="en">')).toBe(true);
      expect(main).toContain('>Dominate Your Favorite Roblox Games</h1>');
      expect(main).toContain('Optimized Code');
      expect(main).toContain('href="/scripts?q=Blox%20Fruits"');
      expect(main).toContain('href="/info"');
      const text = textOf(main);
      for (const expected of ['500K+ online', 'View Scripts for Blox Fruits', 'Learn More about how our scripts work', '10K+ Active Users', 'Get Started Now']) expect(text).toContain(expected);
      for (const [, href = ''] of main.matchAll(/href="([^"]*)"/g)) expect(href).not.toMatch(/^\/(?:en|ru)(?:\/|$)/);
    });

    it('renders /info with its English copy and code sample', async () => {
      const html = await get('/info');
      expect(html).toContain('<title>Premium Roblox Scripts — How It Works — ScriptHub</title>');
      expect(canonicalOf(html)).toBe(`${SITE_URL}/info`);
      const main = mainOf(html);
      expect(main.startsWith('<main lang="en">')).toBe(true);
      const text = textOf(main);
      for (const expected of [
        'Trusted by a community of 50,000+ users, with 10K+ of them playing with our scripts every day.',
        '99.9% Uptime',
        'Optimized Code',
        'Clean, efficient scripts that keep your game running smoothly.',
        'example.lua',
        'Browse hundreds of scripts for your favorite Roblox games.',
      ])
        expect(text).toContain(expected);
      expect(main).toMatch(/href="\/"[^>]*><span>Back to Home<\/span>/);
      expect(main).toContain('aria-label="Sample Lua script"');
    });
  });

  it('sends the copy as the page’s data, not as its JavaScript', async () => {
    // What a navigation in the browser asks for: `/ru` is `/ru.data`, `/` is `/_.data`.
    const copies = { '/ru.data': 'Побеждайте в любимых играх Roblox', '/ru/info.data': 'Мощные возможности', '/en.data': 'Dominate Your Favourite Roblox Games', '/en/info.data': 'Optimised Code', '/_.data': 'Dominate Your Favorite Roblox Games', '/info.data': 'Powerful Features' };
    for (const [url, copy] of Object.entries(copies)) {
      const data = await ctx.app.inject({ method: 'GET', url });
      expect(data.statusCode, url).toBe(200);
      expect(data.body, url).toContain(copy);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/ru.data' })).body).not.toContain('Dominate');

    const html = await get('/');
    const queue = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
    const seen = new Set<string>();
    while (queue.length > 0) {
      const asset = queue.pop() as string;
      if (seen.has(asset)) continue;
      seen.add(asset);
      const body = (await ctx.app.inject({ method: 'GET', url: asset })).body;
      for (const copy of ['Dominate Your Favorite Roblox Games', 'Dominate Your Favourite', 'Побеждайте в любимых играх', 'Powerful Features']) {
        expect(body.includes(copy), `${asset} holds "${copy}"`).toBe(false);
      }
      for (const match of body.matchAll(/from\s*"\.\/([^"]+\.js)"/g)) queue.push(`/assets/${match[1]}`);
    }
    expect(seen.size).toBeGreaterThan(0);
  });
});
