import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reading } from '../../contract/i18n.ts';
import { spec } from '../../web/features/static/texts/spec.ts';
import { staticTextsFor } from '../../web/i18n/catalogues.server.ts';
import { formatDate } from '../../web/lib/format.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { canonicalOf, jsonLd, linkTags, metaContent, visibleText } from '../helpers/html.ts';

const { cookies, privacy, seo, terms } = spec;

// The static pages (/privacy, /terms, /cookies, /seo) in their three readings (issue 29,
// docs/decisions/0045-languages.md), server-rendered from the built app (needs `npm run build`): `/en/…`
// wholly English, `/ru/…` wholly Russian, the unprefixed pages exactly as the specification has them;
// each reading's head (title, description, Open Graph, canonical and hreflang when SITE_URL is set),
// `<html lang>`, dates and links in the reading, the SEO page's FAQ data in its language, and the copy
// travelling as loader data, not as JavaScript.

const SITE_URL = 'https://scripts.example';
const TIME_ZONE = 'Europe/Moscow';
const LANGUAGES = ['en', 'ru'] as const;

/** Each page's heading and one section title in each prefixed reading. */
const PAGES = [
  {
    path: '/privacy',
    dated: true,
    en: { heading: 'Privacy Policy', section: 'Data Collection' },
    ru: { heading: 'Политика конфиденциальности', section: 'Сбор данных' },
  },
  {
    path: '/terms',
    dated: true,
    en: { heading: 'Terms of Service', section: 'Acceptance of Terms' },
    ru: { heading: 'Условия использования', section: 'Принятие условий' },
  },
  {
    path: '/cookies',
    dated: true,
    en: { heading: 'Cookie Policy', section: 'Cookies we use' },
    ru: { heading: 'Политика использования файлов cookie', section: 'Какие cookie мы используем' },
  },
  {
    path: '/seo',
    dated: false,
    en: { heading: 'Roblox Scripts for Every Popular Game', section: 'Popular Games' },
    ru: { heading: 'Скрипты Roblox для всех популярных игр', section: 'Популярные игры' },
  },
] as const;

/**
 * Latin words a Russian page may show: brand names, and the games' own names (what players search
 * for, written as the games write them, as script names are). Compared in lower case.
 */
const LATIN_ALLOWED = new Set(
  ['Roblox', 'Telegram', 'YouTube', 'Discord', 'Google', 'Windows', 'macOS', 'Android', 'iOS', 'Lua', 'Luau', 'cookie', 'ScriptHub']
    .concat(['Blox', 'Fruits', 'Adopt', 'Brookhaven', 'Simulator', 'Hood', 'Arsenal'])
    .map((word) => word.toLowerCase()),
);

/** Latin words of four letters or more that are not allowed in Russian text. */
function englishWords(text: string): string[] {
  return [...text.matchAll(/[A-Za-z]{4,}/g)].map((match) => match[0]).filter((word) => !LATIN_ALLOWED.has(word.toLowerCase()));
}

/** What is not text for a reader: anchors, kinds, list tones and the page's path. */
const NOT_TEXT = ['id', 'tone', 'path'];

/** Every text of a value, deep (not its anchors, kinds, tones or paths). */
function textsOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return NOT_TEXT.includes(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => textsOf(item));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => textsOf(item, name));
  return [];
}

/** A value with every text replaced by its type, keeping what is not text for a reader: anchors, kinds, tones, paths. */
function skeleton(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return NOT_TEXT.includes(key) ? value : 'text';
  if (Array.isArray(value)) return value.map((item) => skeleton(item));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, skeleton(item, name)]));
  return value;
}

/** What a reader sees of some HTML: scripts and tags dropped (a tag counts as a space), entities decoded, spaces (and \u00a0) collapsed. */
const words = (html: string) =>
  visibleText(
    html
      .replaceAll('<!-- -->', '')
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();

const mainOf = (html: string) => /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
const headOf = (html: string) => /<head>[\s\S]*?<\/head>/.exec(html)?.[0] ?? '';
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const titleOf = (html: string) => visibleText(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const headingsOf = (html: string, level: number) => [...html.matchAll(new RegExp(`<h${level}[^>]*>([\\s\\S]*?)</h${level}>`, 'g'))].map((match) => words(match[1] as string).trim());
const lastUpdated = (html: string) => /<time dateTime="([^"]+)"[^>]*data-testid="last-updated">([^<]*)<\/time>/.exec(html);

describe.each(dialects)('the static pages in three readings on %s', (dialect) => {
  let ctx: TestContext;
  let bare: TestContext;

  beforeAll(async () => {
    [ctx, bare] = await Promise.all([
      createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub', TIME_ZONE } }),
      createTestContext(dialect, { web: true, env: { SITE_NAME: 'ScriptHub', TIME_ZONE } }),
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

  describe.each(LANGUAGES)('/%s/…', (language) => {
    it.each(PAGES)(`renders $path wholly in its language, with its head in the reading`, async (page) => {
      const url = `/${language}${page.path}`;
      const html = await get(url);
      const expected = page[language];
      const copy = staticTextsFor(language)[page.path.slice(1) as 'privacy' | 'terms' | 'cookies' | 'seo'];

      expect(htmlLang(html)).toBe(language);
      expect(headingsOf(html, 1)).toEqual([expected.heading]);
      expect(headingsOf(html, 2).some((heading) => heading.endsWith(expected.section)), expected.section).toBe(true);

      expect(titleOf(html)).toBe(`${copy.title} — ScriptHub`);
      expect(metaContent(html, 'name', 'description')).toBe(copy.description);
      expect(metaContent(html, 'property', 'og:title')).toBe(`${copy.title} — ScriptHub`);
      expect(metaContent(html, 'property', 'og:description')).toBe(copy.description);
      expect(metaContent(html, 'property', 'og:locale')).toBe(language === 'en' ? 'en_GB' : 'ru_RU');

      // The canonical is the reading itself, and the three readings list each other.
      expect(canonicalOf(html)).toBe(`${SITE_URL}${url}`);
      expect(metaContent(html, 'property', 'og:url')).toBe(`${SITE_URL}${url}`);
      expect(linkTags(html, 'alternate').filter((link) => link.hrefLang).map((link) => [link.hrefLang, link.href])).toEqual([
        ['x-default', `${SITE_URL}${page.path}`],
        ['en', `${SITE_URL}/en${page.path}`],
        ['ru', `${SITE_URL}/ru${page.path}`],
      ]);

      // No placeholder, no raw key, no missing text.
      const main = words(mainOf(html));
      expect(main.length).toBeGreaterThan(200);
      expect(main).not.toMatch(/[{}]|undefined|\bnull\b|\[object/);
      for (const content of [titleOf(html), metaContent(html, 'name', 'description') ?? '']) expect(content).not.toMatch(/[{}]/);
    });

    it.each(PAGES.filter((page) => page.dated))('dates $path as its reading writes dates, with its own label', async (page) => {
      const before = formatDate(Date.now(), TIME_ZONE, language);
      const html = await get(`/${language}${page.path}`);
      const after = formatDate(Date.now(), TIME_ZONE, language);
      const time = lastUpdated(html);
      expect(time).not.toBeNull();
      expect([before, after]).toContain(time?.[2]);
      expect(time?.[2]).toMatch(language === 'en' ? /^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/ : /^\d{2}\.\d{2}\.\d{4}$/);
      expect(time?.[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(words(html)).toContain(`${staticTextsFor(language).legal.lastUpdated}: ${time?.[2]}`);
    });

    it('links the SEO page to the catalogue in its own reading, and words its FAQ data in its language', async () => {
      const html = await get(`/${language}/seo`);
      const hrefs = [...mainOf(html).matchAll(/href="([^"]+)"/g)].map((match) => visibleText(match[1] as string));
      expect(hrefs.filter((href) => href === `/${language}/scripts`)).toHaveLength(2);
      for (const game of seo.games.items) expect(hrefs).toContain(`/${language}/scripts?q=${encodeURIComponent(game.name)}`);
      expect(hrefs.every((href) => href.startsWith(`/${language}/`))).toBe(true);

      const faq = jsonLd(html).find((data) => data['@type'] === 'FAQPage');
      const items = staticTextsFor(language).seo.faq.items;
      expect(faq?.inLanguage).toBe(language);
      expect(faq?.mainEntity).toEqual(items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })));
    });

    it('carries only its own reading’s copy, in the HTML and in the page’s data', async () => {
      const other = language === 'en' ? 'ru' : 'en';
      for (const page of PAGES) {
        const html = await get(`/${language}${page.path}`);
        expect(html, page.path).toContain(page[language].section);
        expect(html, page.path).not.toContain(page[other].section);
      }
      const data = await get(`/${language}/privacy.data`);
      expect(data).toContain(PAGES[0][language].section);
      expect(data).not.toContain(PAGES[0][other].section);
    });

    it('keeps the dated pages out of the HTML cache in this reading too', async () => {
      for (const page of PAGES.filter((each) => each.dated)) {
        const response = await ctx.app.inject({ method: 'GET', url: `/${language}${page.path}` });
        expect(response.headers['cache-control'], page.path).toBe('no-cache');
      }
    });
  });

  it('has the cookies page’s tabs, kinds and button in each language', async () => {
    const en = words(mainOf(await get('/en/cookies')));
    for (const text of ['All Cookies', 'Manage Preferences', 'Essential Cookies', 'Always Active', 'Optional']) expect(en).toContain(text);
    const ru = words(mainOf(await get('/ru/cookies')));
    for (const text of ['Все cookie', 'Настройки', 'Необходимые cookie', 'Cookie производительности', 'Аналитические cookie', 'Всегда включены', 'Необязательные']) expect(ru).toContain(text);
  });

  it('words the Russian terms’ age with its plural and keeps the number', async () => {
    const text = words(mainOf(await get('/ru/terms')));
    expect(text).toContain('Быть не младше 13 лет (возраст 13+).');
    expect(text).toContain('Вы можете');
    expect(text).toContain('Вам запрещено');
  });

  describe('the specification’s reading', () => {
    it('keeps its strings exactly', async () => {
      const privacyHtml = await get('/privacy');
      expect(htmlLang(privacyHtml)).toBe('ru');
      expect(titleOf(privacyHtml)).toBe('Privacy Policy — ScriptHub');
      expect(headingsOf(privacyHtml, 1)).toEqual(['Privacy Policy']);
      expect(words(privacyHtml)).toContain('01 Data Collection');
      expect(words(privacyHtml)).toContain('On this page');
      expect(words(privacyHtml)).toContain('We never sell, rent or trade your data to anyone.');
      expect(metaContent(privacyHtml, 'name', 'description')).toBe(privacy.description);
      expect(lastUpdated(privacyHtml)?.[2]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(privacyHtml).toMatch(/Last updated<!-- -->:\u00a0<time dateTime="\d{4}-\d{2}-\d{2}" class="font-semibold text-white" data-testid="last-updated">\d{2}\.\d{2}\.\d{4}<\/time>/);

      const termsText = words(await get('/terms'));
      expect(termsText).toContain('Being at least 13 years old (age 13+).');
      expect(termsText).toContain('You may not');
      expect(termsText).toContain(terms.sections[4].title);

      const cookiesText = words(await get('/cookies'));
      for (const text of ['Cookie Policy', 'All Cookies', 'Manage Preferences', 'Essential Cookies', 'Always Active', 'Used for: Remembering that you joined our channels, Security and protection against abuse']) {
        expect(cookiesText).toContain(text);
      }
      expect(cookiesText).toContain(cookies.intro);

      const seoHtml = await get('/seo');
      expect(titleOf(seoHtml)).toBe(`${seo.title} — ScriptHub`);
      expect(headingsOf(seoHtml, 1)).toEqual(['Roblox Scripts for Every Popular Game']);
      // The specification's own spelling: the English reading is the one in British spelling.
      expect(words(seoHtml)).toContain('Optimized Code');
      expect(words(await get('/en/seo'))).toContain('Optimised Code');
      expect(seoHtml).toContain('href="/scripts?q=Blox%20Fruits"');
      expect(seoHtml).toContain('href="/scripts"');
    });

    it('keeps its head: canonical to itself, og tags, and now the readings’ alternates', async () => {
      for (const page of PAGES) {
        const html = await get(page.path);
        expect(htmlLang(html), page.path).toBe('ru');
        expect(canonicalOf(html), page.path).toBe(`${SITE_URL}${page.path}`);
        expect(metaContent(html, 'property', 'og:url'), page.path).toBe(`${SITE_URL}${page.path}`);
        expect(metaContent(html, 'property', 'og:type'), page.path).toBe('website');
        expect(linkTags(html, 'alternate').find((link) => link.hrefLang === 'x-default')?.href, page.path).toBe(`${SITE_URL}${page.path}`);
        expect(html, page.path).not.toContain(page.ru.section);
      }
    });

    it('keeps the SEO page’s FAQ data as it was, with no inLanguage', async () => {
      const faq = jsonLd(await get('/seo')).find((data) => data['@type'] === 'FAQPage');
      expect(Object.keys(faq ?? {})).toEqual(['@context', '@type', 'mainEntity']);
      expect((faq?.mainEntity as { name: string }[])[0]?.name).toBe('Are these Roblox scripts free?');
    });
  });

  it('leaves canonical and hreflang out when SITE_URL is not set, in every reading', async () => {
    for (const reading of ['', '/en', '/ru']) {
      for (const page of PAGES) {
        const html = await get(`${reading}${page.path}`, bare);
        expect(canonicalOf(html), `${reading}${page.path}`).toBeUndefined();
        expect(metaContent(html, 'property', 'og:url')).toBeUndefined();
        expect(linkTags(headOf(html), 'alternate').filter((link) => link.hrefLang)).toEqual([]);
      }
    }
  });

  it('shows no English sentence on a Russian page', async () => {
    for (const page of PAGES) {
      const html = await get(`/ru${page.path}`);
      const shown = [words(mainOf(html)), titleOf(html), metaContent(html, 'name', 'description') ?? ''].join(' ');
      expect(englishWords(shown), page.path).toEqual([]);
    }
  });
});

describe('the static pages’ copy', () => {
  const readings: Reading[] = ['spec', 'en', 'ru'];

  it('has the same shape, anchors and kinds in every reading', () => {
    const spec = skeleton(staticTextsFor('spec'));
    for (const reading of readings) expect(skeleton(staticTextsFor(reading)), reading).toEqual(spec);
  });

  it('is the specification’s own in the specification’s reading', () => {
    expect(staticTextsFor('spec')).toMatchObject({ privacy, terms, cookies, seo });
  });

  it('has no empty text, placeholder or English word in Russian', () => {
    for (const reading of readings) {
      for (const text of textsOf(staticTextsFor(reading))) {
        expect(text.trim(), reading).not.toBe('');
        expect(text, reading).not.toMatch(/[{}]/);
      }
    }
    expect(textsOf(staticTextsFor('ru')).flatMap(englishWords)).toEqual([]);
  });

  it('is English in English: no Cyrillic', () => {
    for (const text of textsOf(staticTextsFor('en'))) expect(text).not.toMatch(/[А-Яа-яЁё]/);
  });
});
