import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type Reading } from '../../contract/i18n.ts';
import { scriptPath } from '../../contract/slugs.ts';
import { enMessages, ruMessages, specMessages } from '../../web/i18n/catalogue.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript, insertScripts } from '../helpers/factories.ts';
import { canonicalOf, cardsOf, linkTags, metaContent, visibleText } from '../helpers/html.ts';
import { insertGame, setFacts } from '../helpers/script-facts.ts';

/**
 * The catalogue in its three readings (issue 29; needs `npm run build`): /scripts as the specification
 * writes it, /en/scripts wholly English and /ru/scripts wholly Russian (heading, filter bar, sorts,
 * counts with CLDR plurals, cards, badges, the loader-updated line, states), each with its own canonical
 * and the three hreflang alternates; the site feed and OpenSearch in each reading.
 */

const SITE_URL = 'https://scripts.example';
const DAY = 86_400_000;
const NBSP = '\u00a0';

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => ['entry', 'link', 'Url'].includes(name) });

/** The page's HTML without its scripts (hydration data, JSON-LD), where a template's placeholders may be. */
const withoutScripts = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');
/** What a reader sees of the page, tags dropped: the markup's text and nothing else. */
const readerText = (html: string) => visibleText(withoutScripts(html).replace(/<[^>]+>/g, ' '));
/** A `{name}` or `{name, plural, …}` left unfilled, anywhere in the markup (text or attributes). */
const PLACEHOLDER = /\{\s*[A-Za-z_]\w*\s*(\}|,\s*plural)/;
/** A catalogue key written instead of its text. */
const RAW_KEY = /\b(common|catalogue|scriptsPage|loaderUpdates)\.[a-z]\w*/;

/** The placeholders' names of a template: `{q}` → q, `{n, plural, …}` → n (and those inside its branches). */
function valueNames(template: string): string[] {
  // A plural's branches (`one {…}`, `=0 {…}`) are texts, not placeholders.
  const names = [...template.matchAll(/(?<!(?:=\d+|zero|one|two|few|many|other)\s*)\{\s*([A-Za-z_]\w*)\s*[},]/g)].map((match) => match[1] as string);
  return [...new Set(names)].sort();
}

/** Every string of a catalogue area, by its key path. */
function strings(value: unknown, at = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(at, value);
  else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) for (const [path, text] of strings(inner, at ? `${at}.${key}` : key)) found.set(path, text);
  return found;
}

describe('the catalogue\'s messages in every reading', () => {
  const areas = ['catalogue', 'scriptsPage', 'loaderUpdates'] as const;

  it('have the same keys and the same values to fill in every reading, and no function where a page gets them', () => {
    for (const area of areas) {
      const spec = strings(specMessages[area]);
      for (const other of [enMessages, ruMessages]) {
        const texts = strings(other[area]);
        expect([...texts.keys()].sort(), area).toEqual([...spec.keys()].sort());
        for (const [key, template] of spec) expect(valueNames(texts.get(key) ?? ''), `${area}.${key}`).toEqual(valueNames(template));
        for (const [key, text] of texts) expect(text.trim(), `${area}.${key}`).not.toBe('');
      }
      // A page's messages travel as the root loader's data: plain strings only.
      expect(JSON.stringify(JSON.parse(JSON.stringify(specMessages[area]))), area).toBe(JSON.stringify(specMessages[area]));
    }
    const views = { spec: specMessages, en: enMessages, ru: ruMessages };
    for (const messages of Object.values(views)) expect(valueNames(messages.common.script.views)).toEqual(['n']);
  });

  it('count scripts by CLDR plural rules: 1 скрипт, 2 скрипта, 5 скриптов, 21 скрипт; 1 script, 2 scripts', () => {
    const count = (reading: Reading, n: number) =>
      formatMessage(reading, { spec: specMessages, en: enMessages, ru: ruMessages }[reading].scriptsPage.count, { n });
    expect([1, 2, 5, 11, 21, 22, 111].map((n) => count('ru', n))).toEqual(['1 скрипт', '2 скрипта', '5 скриптов', '11 скриптов', '21 скрипт', '22 скрипта', '111 скриптов']);
    expect([0, 1, 2, 1234].map((n) => count('en', n))).toEqual(['0 scripts', '1 script', '2 scripts', '1,234 scripts']);
    // The specification's: its English words, its Russian digit grouping (as formatCount wrote it).
    expect([0, 1, 2, 1234].map((n) => count('spec', n))).toEqual(['0 scripts', '1 script', '2 scripts', `1${NBSP}234 scripts`]);

    const views = (reading: 'spec' | 'en' | 'ru', n: number) => formatMessage(reading, { spec: specMessages, en: enMessages, ru: ruMessages }[reading].common.script.views, { n });
    expect([1, 3, 5, 21].map((n) => views('ru', n))).toEqual(['1 просмотр', '3 просмотра', '5 просмотров', '21 просмотр']);
    expect([1, 3].map((n) => views('en', n))).toEqual(['1 view', '3 views']);
    expect([1, 1234].map((n) => views('spec', n))).toEqual(['1 views', `1${NBSP}234 views`]);

    const ago = (reading: Reading, days: number) => formatMessage(reading, { spec: specMessages, en: enMessages, ru: ruMessages }[reading].loaderUpdates.ago, { days });
    expect([0, 1, 2, 5, 14].map((days) => ago('spec', days))).toEqual(['today', 'yesterday', '2 days ago', '5 days ago', '14 days ago']);
    expect([0, 1, 2, 5].map((days) => ago('ru', days))).toEqual(['сегодня', 'вчера', '2 дня назад', '5 дней назад']);

    const loaded = (reading: Reading, count: number) => formatMessage(reading, { spec: specMessages, en: enMessages, ru: ruMessages }[reading].catalogue.loadedMore, { count });
    expect([0, 1, 8].map((n) => loaded('spec', n))).toEqual(['0 more scripts loaded', '1 more script loaded', '8 more scripts loaded']);
    expect([1, 3, 8].map((n) => loaded('ru', n))).toEqual(['Загружен ещё 1 скрипт', 'Загружено ещё 3 скрипта', 'Загружено ещё 8 скриптов']);
  });
});

describe.each(dialects)('the catalogue in three readings on %s', (dialect) => {
  let ctx: TestContext;
  let farm: { id: number; path: string };
  let fly: { id: number; path: string };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub' } });
    // 19 older scripts, then two named ones: 21 in all, more than the first page (Load More shows).
    await insertScripts(ctx.services, 19, (i) => `Bulk filler ${i}`);
    const bloxFruits = await insertGame(ctx, 'Blox Fruits', 'blox-fruits');
    const farmRow = await insertScript(ctx.services, { playsname: 'Blox Fruits Auto Farm', description: 'Levels up while you sleep', createdAt: new Date(Date.UTC(2026, 2, 5, 12)) });
    const flyRow = await insertScript(ctx.services, { playsname: 'Zephyrine Fly', description: '', createdAt: new Date(Date.UTC(2026, 2, 4, 12)) });
    farm = { id: Number(farmRow.id), path: scriptPath({ id: Number(farmRow.id), playsname: 'Blox Fruits Auto Farm' }) };
    fly = { id: Number(flyRow.id), path: scriptPath({ id: Number(flyRow.id), playsname: 'Zephyrine Fly' }) };
    await setFacts(ctx, farm.id, { gameId: bloxFruits, keySystem: true, verified: true });
    // Counted views and a loader changed three calendar days ago (the site's zone is UTC here).
    await ctx.db.kysely.updateTable('scripts').set({ views: 1234 }).where('id', '=', farm.id).execute();
    await ctx.db.kysely.updateTable('scripts').set({ views: 1 }).where('id', '=', fly.id).execute();
    const threeDaysAgo = new Date(Math.floor(Date.now() / DAY) * DAY - 3 * DAY + 12 * 3_600_000).toISOString();
    await ctx.db.kysely.updateTable('scripts').set({ loader_changed_at: threeDaysAgo }).where('id', '=', farm.id).execute();
    ctx.services.cache.invalidate();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return { response, html: response.body, text: readerText(response.body) };
  };
  const cardOf = (html: string, name: string) => cardsOf(html).find((card) => card.includes(name)) ?? '';
  const hreflangs = (html: string) =>
    Object.fromEntries(
      linkTags(html, 'alternate')
        .map((attrs) => [attrs.hreflang ?? attrs.hrefLang, attrs.href] as const)
        .filter(([lang]) => lang !== undefined),
    );
  const formOf = (html: string) => /<form[^>]*id="catalogue-filters"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';

  /** What every reading of a page of the catalogue must have: its lang, canonical, alternates, no placeholder left. */
  const expectReadingHead = (html: string, reading: Reading) => {
    const own = { spec: `${SITE_URL}/scripts`, en: `${SITE_URL}/en/scripts`, ru: `${SITE_URL}/ru/scripts` }[reading];
    expect(html).toContain(`<html lang="${reading === 'en' ? 'en' : 'ru'}"`);
    expect(canonicalOf(html)).toBe(own);
    expect(metaContent(html, 'property', 'og:url')).toBe(own);
    expect(metaContent(html, 'property', 'og:locale')).toBe(reading === 'en' ? 'en_GB' : 'ru_RU');
    expect(hreflangs(html)).toEqual({ 'x-default': `${SITE_URL}/scripts`, en: `${SITE_URL}/en/scripts`, ru: `${SITE_URL}/ru/scripts` });
    const feed = { spec: '/feed.xml', en: '/en/feed.xml', ru: '/ru/feed.xml' }[reading];
    expect(linkTags(html, 'alternate')).toContainEqual(expect.objectContaining({ type: 'application/atom+xml', href: `${SITE_URL}${feed}` }));
    const markup = withoutScripts(html);
    expect(PLACEHOLDER.exec(markup)?.[0], 'a placeholder left in the markup').toBeUndefined();
    expect(RAW_KEY.exec(readerText(html))?.[0], 'a raw key in the text').toBeUndefined();
  };

  describe('/ru/scripts', () => {
    it('is wholly Russian: heading, intro, count with its plural, filter bar, sorts, Load More', async () => {
      const { html, text } = await get('/ru/scripts');
      expectReadingHead(html, 'ru');
      expect(html).toContain('<title>Новые скрипты Roblox — ScriptHub</title>');
      expect(metaContent(html, 'name', 'description')).toBe(ruMessages.scriptsPage.meta.description);
      expect(metaContent(html, 'property', 'og:title')).toBe('Новые скрипты Roblox — ScriptHub');
      expect(linkTags(html, 'alternate')).toContainEqual(expect.objectContaining({ type: 'application/atom+xml', title: 'ScriptHub: новые скрипты Roblox' }));
      expect(text).toContain('Новые скрипты Roblox');
      expect(text).toContain('Смотреть игры');
      expect(text).toContain('21 скрипт');
      expect(text).not.toContain('21 скриптов');
      expect(text).toContain('Загрузить ещё');

      const form = formOf(html);
      expect(form).toContain('action="/ru/scripts"');
      for (const label of ['Игра', 'Все игры', 'Устройство', 'Все устройства', 'Экзекьютор', 'Все экзекьюторы', 'Без ключ-системы', 'Универсальные', 'Проверенные', 'Рабочие', 'Сортировка', 'Сначала новые', 'По просмотрам', 'В тренде', 'Недавно обновлённые', 'По рейтингу', 'Применить фильтры', 'Показать скрипты']) {
        expect(visibleText(form), label).toContain(label);
      }
      expect(form).toContain('aria-label="Фильтры"');
      expect(form).toContain('aria-label="Закрыть фильтры"');
      expect(html).toContain('aria-label="Скрипты"');

      // No English word of the interface (script names aside).
      for (const english of ['Latest Roblox Scripts', 'Load More', 'Get Script', 'Sort by', 'Newest', 'All games', 'views', 'Loader updated', 'No Image', 'Key system', 'Verified']) {
        expect(text, english).not.toContain(english);
      }
    });

    it('shows cards in Russian: links, dates, views, badges, the loader-updated line, the missing description', async () => {
      const { html } = await get('/ru/scripts');
      const card = visibleText(cardOf(html, 'Blox Fruits Auto Farm'));
      expect(card).toContain(`href="/ru${farm.path}"`);
      expect(card).toContain('href="/ru/games/blox-fruits"');
      expect(card).toContain('Получить скрипт');
      expect(card).toContain(`05.03.2026 · 1${NBSP}234 просмотра`);
      expect(card).toContain('Ключ-система');
      expect(card).toContain('Проверен');
      expect(card).toContain('Игра: ');
      expect(readerText(card).replace(/\s+/g, ' ')).toContain('Загрузчик обновлён 3 дня назад');
      const plain = visibleText(cardOf(html, 'Zephyrine Fly'));
      expect(plain).toContain(`href="/ru${fly.path}"`);
      expect(plain).toContain('Описание отсутствует');
      expect(plain).toContain('1 просмотр');
      expect(plain).toContain('Нет изображения');
    });

    it('says a search in Russian, with its own count and meta, and finds nothing in Russian', async () => {
      const found = await get('/ru/scripts?q=zephyrine');
      expectReadingHead(found.html, 'ru');
      expect(found.text).toContain('Результаты по запросу «zephyrine»');
      expect(found.text).toContain('1 скрипт');
      expect(found.text).toContain('Показать все скрипты');
      expect(found.html).toContain('<title>Результаты по запросу «zephyrine» — Новые скрипты Roblox — ScriptHub</title>');
      expect(metaContent(found.html, 'name', 'description')).toBe('Скрипты Roblox по запросу «zephyrine»: автофармы, загрузчики и читы для игр. Скопируйте загрузчик в один клик.');
      expect(metaContent(found.html, 'name', 'robots')).toBe('noindex, follow');

      const bulk = await get('/ru/scripts?q=filler');
      expect(bulk.text).toContain('19 скриптов');

      const none = await get('/ru/scripts?q=zzz-nothing');
      expectReadingHead(none.html, 'ru');
      expect(none.text).toContain('Скрипты не найдены');
      expect(none.text).toContain('По этому запросу ничего не нашлось.');
      expect(none.html).toMatch(/href="\/ru\/scripts"[^>]*>Показать все скрипты</);
    });

    // The page cache keeps a reading's filters: `/ru/scripts` reads the parameters `/scripts` reads.
    it('says filters that leave nothing in Russian, with the form\'s count and a way back in the reading', async () => {
      const filtered = await get('/ru/scripts?game=blox-fruits&universal=true&sort=trending');
      expect(filtered.text).toContain('Скрипты не найдены');
      expect(filtered.text).toContain('Сбросить фильтры');
      expect(filtered.html).toContain('href="/ru/scripts?sort=trending"');
      expect(filtered.text).toContain('Фильтры (2)');
      expect(metaContent(filtered.html, 'name', 'robots')).toBe('noindex, follow');
    });
  });

  describe('/en/scripts', () => {
    it('is wholly English with British dates: heading, count, filter bar, sorts, Load More, cards', async () => {
      const { html, text } = await get('/en/scripts');
      expectReadingHead(html, 'en');
      expect(html).toContain('<title>Latest Roblox scripts — ScriptHub</title>');
      expect(metaContent(html, 'name', 'description')).toBe(enMessages.scriptsPage.meta.description);
      expect(text).toContain('Latest Roblox scripts');
      expect(text).toContain('21 scripts');
      expect(text).toContain('Load more');
      const form = visibleText(formOf(html));
      expect(formOf(html)).toContain('action="/en/scripts"');
      for (const label of ['Device', 'All devices', 'Executor', 'No key system', 'Sort by', 'Newest', 'Most viewed', 'Top rated']) expect(form, label).toContain(label);

      const card = visibleText(cardOf(html, 'Blox Fruits Auto Farm'));
      expect(card).toContain(`href="/en${farm.path}"`);
      expect(card).toContain('href="/en/games/blox-fruits"');
      expect(card).toContain('5 Mar 2026 · 1,234 views');
      expect(card).toContain('Get script');
      expect(readerText(card).replace(/\s+/g, ' ')).toContain('Loader updated 3 days ago');
      const plain = visibleText(cardOf(html, 'Zephyrine Fly'));
      expect(plain).toContain('No description');
      expect(plain).toContain('1 view');
      expect(plain).not.toContain('1 views');

      // No Russian but the switch's own name of the language (script names aside).
      expect(text.replace('Русский', '').match(/[А-Яа-яЁё]+/g)).toBeNull();

      const none = await get('/en/scripts?q=zzz-nothing');
      expect(none.text).toContain('No scripts found');
      expect((await get('/en/scripts?q=zephyrine')).text).toContain('1 script');
    });
  });

  describe('/scripts, the specification\'s reading', () => {
    it('stays as written: its heading, count, filter bar, cards and Russian texts, canonical to itself with the alternates', async () => {
      const { html, text } = await get('/scripts');
      expectReadingHead(html, 'spec');
      expect(html).toContain('<title>Latest Roblox Scripts — ScriptHub</title>');
      expect(metaContent(html, 'name', 'description')).toBe(specMessages.scriptsPage.meta.description);
      expect(linkTags(html, 'alternate')).toContainEqual(expect.objectContaining({ type: 'application/atom+xml', title: 'ScriptHub: latest Roblox scripts', href: `${SITE_URL}/feed.xml` }));
      expect(text).toContain('Latest Roblox Scripts');
      expect(text).toContain('21 scripts');
      expect(text).toContain('Load More');
      expect(text).toContain('Browse games');
      expect(formOf(html)).toContain('action="/scripts"');
      for (const label of ['Device', 'All devices', 'Sort by', 'Newest', 'Most viewed', 'Apply filters', 'Show scripts']) expect(visibleText(formOf(html)), label).toContain(label);
      const card = visibleText(cardOf(html, 'Blox Fruits Auto Farm'));
      expect(card).toContain(`href="${farm.path}"`);
      expect(card).toContain('href="/games/blox-fruits"');
      expect(card).toContain(`05.03.2026 · 1${NBSP}234 views`);
      expect(card).toContain('Get Script');
      expect(readerText(card).replace(/\s+/g, ' ')).toContain('Loader updated 3 days ago');
      const plain = visibleText(cardOf(html, 'Zephyrine Fly'));
      expect(plain).toContain(`href="${fly.path}"`);
      expect(plain).toContain('Описание отсутствует');
      expect(plain).toContain('1 views');
      expect(plain).toContain('No Image');

      const found = await get('/scripts?q=zephyrine');
      expect(found.text).toContain('Results for “zephyrine”');
      expect(found.text).toContain('1 script');
      expect(found.html).toContain('<title>Results for “zephyrine” — Latest Roblox Scripts — ScriptHub</title>');
      expect(canonicalOf(found.html)).toBe(`${SITE_URL}/scripts`);
      const filtered = await get('/scripts?game=blox-fruits&universal=true');
      expect(filtered.text).toContain('Scripts not found');
      expect(filtered.text).toContain('Filters (2)');
      expect(filtered.html).toContain('href="/scripts"');
    });
  });

  describe('the site feed', () => {
    type Feed = { '@_xmlns': string; '@_xml:lang'?: string; id: string; title: string; link: { '@_rel': string; '@_href': string }[]; entry?: { id: string; link: { '@_href': string }[] }[] };
    const feedOf = async (url: string) => {
      const { response, html } = await get(url);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      return { body: html, feed: (xml.parse(html) as { feed: Feed }).feed };
    };

    it('/ru/feed.xml is the same scripts in Russian, every link under /ru/', async () => {
      const { feed, body } = await feedOf('/ru/feed.xml');
      expect(feed['@_xml:lang']).toBe('ru');
      expect(feed.title).toBe('ScriptHub: новые скрипты Roblox');
      expect(feed.id).toBe(`${SITE_URL}/ru/feed.xml`);
      expect(feed.link).toContainEqual(expect.objectContaining({ '@_rel': 'self', '@_href': `${SITE_URL}/ru/feed.xml` }));
      expect(feed.link).toContainEqual(expect.objectContaining({ '@_rel': 'alternate', '@_href': `${SITE_URL}/ru/scripts` }));
      const entries = feed.entry ?? [];
      expect(entries[0]?.link[0]?.['@_href']).toBe(`${SITE_URL}/ru${farm.path}`);
      for (const entry of entries) expect(entry.link[0]?.['@_href'].startsWith(`${SITE_URL}/ru/scripts/`)).toBe(true);
      expect(body).not.toContain('latest Roblox scripts');
    });

    it('/en/feed.xml is English under /en/, and /feed.xml stays as it was', async () => {
      const en = (await feedOf('/en/feed.xml')).feed;
      expect(en['@_xml:lang']).toBe('en');
      expect(en.title).toBe('ScriptHub: latest Roblox scripts');
      expect(en.link).toContainEqual(expect.objectContaining({ '@_rel': 'alternate', '@_href': `${SITE_URL}/en/scripts` }));
      expect(en.entry?.[0]?.link[0]?.['@_href']).toBe(`${SITE_URL}/en${farm.path}`);

      const { feed, body } = await feedOf('/feed.xml');
      expect(body.split('\n')[1]).toBe('<feed xmlns="http://www.w3.org/2005/Atom">');
      expect(feed.title).toBe('ScriptHub: latest Roblox scripts');
      expect(feed.id).toBe(`${SITE_URL}/feed.xml`);
      expect(feed.link).toContainEqual(expect.objectContaining({ '@_rel': 'alternate', '@_href': `${SITE_URL}/scripts` }));
      expect(feed.entry?.[0]?.link[0]?.['@_href']).toBe(`${SITE_URL}${farm.path}`);
    });
  });

  describe('OpenSearch', () => {
    type Description = { ShortName: string; Description: string; Language?: string; Image: { '#text': string }; Url: { '@_type': string; '@_template': string }[] };
    const descriptionOf = async (url: string) => {
      const { response, html } = await get(url);
      expect(response.headers['content-type']).toBe('application/opensearchdescription+xml; charset=utf-8');
      return (xml.parse(html) as { OpenSearchDescription: Description }).OpenSearchDescription;
    };

    it('/ru/opensearch.xml searches /ru/scripts, described in Russian; the pages announce their reading\'s', async () => {
      const ru = await descriptionOf('/ru/opensearch.xml');
      expect(ru.ShortName).toBe('ScriptHub');
      expect(ru.Description).toBe(ruMessages.scriptsPage.meta.description);
      expect(ru.Language).toBe('ru');
      expect(ru.Image['#text']).toBe(`${SITE_URL}/favicon.svg`);
      expect(ru.Url).toContainEqual(expect.objectContaining({ '@_type': 'text/html', '@_template': `${SITE_URL}/ru/scripts?q={searchTerms}` }));
      expect(ru.Url).toContainEqual(expect.objectContaining({ '@_type': 'application/opensearchdescription+xml', '@_template': `${SITE_URL}/ru/opensearch.xml` }));
      expect(linkTags((await get('/ru/scripts')).html, 'search')).toContainEqual(expect.objectContaining({ href: '/ru/opensearch.xml', title: 'Поиск скриптов' }));

      const en = await descriptionOf('/en/opensearch.xml');
      expect(en.Description).toBe(enMessages.scriptsPage.meta.description);
      expect(en.Url).toContainEqual(expect.objectContaining({ '@_type': 'text/html', '@_template': `${SITE_URL}/en/scripts?q={searchTerms}` }));
    });

    it('/opensearch.xml stays as it was', async () => {
      const spec = await descriptionOf('/opensearch.xml');
      expect(spec.ShortName).toBe('ScriptHub');
      expect(spec.Description).toBe(specMessages.scriptsPage.meta.description);
      expect(spec.Language).toBeUndefined();
      expect(spec.Image['#text']).toBe(`${SITE_URL}/favicon.svg`);
      expect(spec.Url).toContainEqual(expect.objectContaining({ '@_type': 'text/html', '@_template': `${SITE_URL}/scripts?q={searchTerms}` }));
      expect(spec.Url).toContainEqual(expect.objectContaining({ '@_template': `${SITE_URL}/opensearch.xml` }));
    });
  });
});
