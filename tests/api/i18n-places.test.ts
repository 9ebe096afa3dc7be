import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, executorSchema } from '../../contract/executors.ts';
import type { PublicScript } from '../../contract/scripts.ts';
import { scriptPath } from '../../contract/slugs.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { writeCompatibility } from '../helpers/compatibility.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { canonicalOf, jsonLd, linkTags, metaContent, visibleText } from '../helpers/html.ts';
import { insertGame, setFacts } from '../helpers/script-facts.ts';

// Issue 29 (docs/decisions/0045-languages.md): the games, executors, favourites and subscribe pages in their
// three readings, server-rendered from the built app (needs `npm run build`). `/ru/…` wholly Russian
// (statuses, platforms' label, prices, "… назад" with Russian plurals, counts, empty states, the game's
// feed), `/en/…` wholly English, each with `<html lang>`, its own canonical and og:url, the three
// readings as hreflang, JSON-LD in its language; the specification's reading as it was.

const SITE_URL = 'https://scripts.example';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const DAY = 86_400_000;
const HOUR = 3_600_000;

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => ['entry', 'link'].includes(name) });

/** The page without its scripts (hydration data, JSON-LD): what the server wrote as markup. */
const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');
/** What a reader sees: markup's text, tags dropped, entities decoded. */
const words = (html: string) => visibleText(markup(html).replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ');
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const h1Of = (html: string) => visibleText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]*>/g, '') ?? '');
const titleOf = (html: string) => visibleText(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
/** The executors' `<time>` texts, in page order. */
const timesOf = (html: string) => [...html.matchAll(/<time dateTime="[^"]+"[^>]*>([\s\S]*?)<\/time>/g)].map((match) => visibleText(match[1] as string));
const collectionOf = (html: string) =>
  jsonLd(html).find((item) => item['@type'] === 'CollectionPage') as {
    url: string;
    name: string;
    description: string;
    inLanguage?: string;
    isPartOf?: { url: string };
    mainEntity: { itemListElement: { url: string; name: string }[] };
  };

type Reading = 'spec' | 'en' | 'ru';
const prefix = (reading: Reading) => (reading === 'spec' ? '' : `/${reading}`);

/** The reading's canonical and og:url, and the three readings as hreflang: one set, each linking back. */
function expectReadingLinks(html: string, path: string, reading: Reading) {
  const own = `${SITE_URL}${prefix(reading)}${path}`;
  expect(canonicalOf(html), path).toBe(own);
  expect(linkTags(html, 'canonical'), path).toHaveLength(1);
  expect(metaContent(html, 'property', 'og:url'), path).toBe(own);
  const alternates = linkTags(html, 'alternate').filter((link) => link.hrefLang);
  expect(Object.fromEntries(alternates.map((link) => [link.hrefLang, link.href])), path).toEqual({
    'x-default': `${SITE_URL}${path}`,
    en: `${SITE_URL}/en${path}`,
    ru: `${SITE_URL}/ru${path}`,
  });
  expect(alternates, path).toHaveLength(3);
}

/** No template left unfilled and no catalogue key shown, in the markup or the head's JSON-LD. */
function expectFilled(html: string, url: string) {
  expect(markup(html), url).not.toContain('{');
  expect(words(html), url).not.toMatch(/\b(?:games|executorFacts|executorPage|executorList|executorsMeta|favourites|subscribe)\.[a-z]/);
  for (const item of jsonLd(html)) expect(JSON.stringify(item), url).not.toMatch(/\{(?:n|name|status|siteName)\b/);
}

describe.each(dialects)('the places pages in three readings on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let farm: PublicScript;

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
    return { response, html: response.body, text: words(response.body) };
  };
  const createExecutor = async (body: Record<string, unknown>): Promise<Executor> => {
    const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/executors', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return executorSchema.parse(response.json());
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub' } });
    admin = await createAdmin(ctx);
    // Games of 1, 2 and 5 scripts: один скрипт, два скрипта, пять скриптов.
    const counts = { 'blox-fruits': 2, 'adopt-me': 1, brookhaven: 5 } as const;
    const names = { 'blox-fruits': 'Blox Fruits', 'adopt-me': 'Adopt Me', brookhaven: 'Brookhaven' } as const;
    const ids: Record<string, number[]> = {};
    let day = 1;
    for (const [slug, count] of Object.entries(counts) as [keyof typeof counts, number][]) {
      const gameId = await insertGame(ctx, names[slug], slug);
      ids[slug] = [];
      for (let i = 0; i < count; i += 1) {
        const row = await insertScript(ctx.services, { playsname: `${names[slug]} Script ${i}`, createdAt: new Date(Date.UTC(2026, 2, (day += 1), 12)) });
        await setFacts(ctx, row.id, { gameId });
        ids[slug].push(row.id);
      }
    }
    farm = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${ids['blox-fruits']?.[1]}` })).json();

    const mango = await createExecutor({ name: 'Mango', platforms: ['windows', 'mac'], status: 'working', version: 'v2.5', website: 'https://mango.example', free: false });
    await createExecutor({ name: 'Alpha', platforms: ['android'], status: 'patched', free: true });
    await createExecutor({ name: 'Delta', platforms: ['ios'], status: 'discontinued' });
    // Status changed 1, 2 and 5 days ago (день, дня, дней); the list last checked 3 hours ago (часа).
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    const moments = { mango: [now - DAY - HOUR, now - 3 * HOUR - 60_000], alpha: [now - 2 * DAY - HOUR, now - 2 * DAY - HOUR], delta: [now - 5 * DAY - HOUR, now - 5 * DAY - HOUR] };
    for (const [slug, [status, updated]] of Object.entries(moments)) {
      await ctx.db.kysely.updateTable('executors').set({ status_changed_at: at(status as number), updated_at: at(updated as number) }).where('slug', '=', slug).execute();
    }
    // Two scripts work on Mango, both tested: два скрипта, два проверены.
    await writeCompatibility(ctx.db, (ids['brookhaven'] ?? []).slice(0, 2).map((scriptId) => ({ scriptId, executorId: mango.id, tested: 1 })));
    for (const [name, slug] of [['Main channel', 'main_channel'], ['News channel', 'news_channel']]) {
      const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/site-channels', payload: { name, url: `https://t.me/${slug}` } });
      expect(response.statusCode, response.body).toBe(201);
    }
    ctx.services.cache.changed({ kind: 'all' });
  });
  afterAll(async () => ctx?.close());

  describe('/executors', () => {
    it('is wholly Russian under /ru/: heading, statuses, prices, "… назад" with Russian plurals, links in the reading', async () => {
      const { response, html, text } = await get('/ru/executors');
      expect(response.statusCode).toBe(200);
      expect(htmlLang(html)).toBe('ru');
      expect(h1Of(html)).toBe('Экзекьюторы для Roblox');
      expect(titleOf(html)).toBe('Экзекьюторы для Roblox — ScriptHub');
      for (const status of ['Работает', 'Пропатчен', 'Не поддерживается']) expect(text).toContain(status);
      for (const fact of ['Версия v2.5', 'Платный', 'Бесплатный']) expect(text).toContain(fact);
      expect(timesOf(html)).toEqual(['3 часа назад', '1 день назад', '2 дня назад', '5 дней назад']);
      expect(text).toContain('Список проверен 3 часа назад');
      expect(text).toContain('Статус изменён 1 день назад');
      expect(text).toContain('Статус изменён 5 дней назад');
      expect(html).toMatch(/<ul aria-label="Работает на"/);
      expect(html).toContain('href="/ru/executors/mango"');
      expect(html).not.toContain('href="/executors/mango"');
      // No English word of these pages' interface.
      for (const english of ['Status changed', 'Working', 'Patched', 'Version', 'Paid', 'Free', 'ago', 'List last checked', 'Runs on']) expect(text).not.toContain(english);
      expect(metaContent(html, 'name', 'description')).toMatch(/^Экзекьюторы для Roblox и работают ли они сегодня/);
      expectReadingLinks(html, '/executors', 'ru');
      const page = collectionOf(html);
      expect(page.inLanguage).toBe('ru');
      expect(page.name).toBe('Экзекьюторы для Roblox');
      expect(page.url).toBe(`${SITE_URL}/ru/executors`);
      expect(page.isPartOf?.url).toBe(`${SITE_URL}/ru`);
      expect(page.mainEntity.itemListElement.map((item) => item.url)).toEqual(['mango', 'alpha', 'delta'].map((slug) => `${SITE_URL}/ru/executors/${slug}`));
      expectFilled(html, '/ru/executors');
    });

    it('is wholly English under /en/, with English plurals', async () => {
      const { html, text } = await get('/en/executors');
      expect(htmlLang(html)).toBe('en');
      expect(h1Of(html)).toBe('Roblox Executors');
      expect(timesOf(html)).toEqual(['3 hours ago', '1 day ago', '2 days ago', '5 days ago']);
      expect(text).toContain('List last checked 3 hours ago');
      expect(text).toContain('Status changed 1 day ago');
      for (const fact of ['Working', 'Patched', 'Discontinued', 'Version v2.5', 'Paid', 'Free']) expect(text).toContain(fact);
      expect(html).toContain('href="/en/executors/mango"');
      expectReadingLinks(html, '/executors', 'en');
      expect(collectionOf(html).inLanguage).toBe('en');
      expect(collectionOf(html).mainEntity.itemListElement[0]?.url).toBe(`${SITE_URL}/en/executors/mango`);
      expectFilled(html, '/en/executors');
    });

    it('keeps the specification\'s reading as it was: its strings, links and JSON-LD, with the three readings listed', async () => {
      const { html, text } = await get('/executors');
      expect(htmlLang(html)).toBe('ru');
      expect(titleOf(html)).toBe('Roblox Executors — ScriptHub');
      expect(timesOf(html)).toEqual(['3 hours ago', '1 day ago', '2 days ago', '5 days ago']);
      expect(text).toContain('Status changed 2 days ago');
      expect(html).toContain('href="/executors/mango"');
      expectReadingLinks(html, '/executors', 'spec');
      const page = collectionOf(html);
      expect(page.inLanguage).toBeUndefined();
      expect(page.url).toBe(`${SITE_URL}/executors`);
      expect(page.isPartOf?.url).toBe(`${SITE_URL}/`);
    });
  });

  describe('/executors/{slug}', () => {
    it('is wholly Russian under /ru/: facts, counts with plurals, website, the filter bar and meta in the reading', async () => {
      const { response, html, text } = await get('/ru/executors/mango');
      expect(response.statusCode).toBe(200);
      expect(htmlLang(html)).toBe('ru');
      expect(h1Of(html)).toBe('Mango');
      expect(text).toContain('Работает');
      expect(text).toContain('Статус изменён 1 день назад');
      expect(text).toContain('На нём работают 2 скрипта · 2 проверены нашей командой');
      expect(text).toContain('Сайт Mango');
      expect(text).toContain('Скрипты Roblox, которые работают на Mango');
      expect(html).toMatch(/<a [^>]*href="\/ru\/executors"[^>]*>Все экзекьюторы<\/a>/);
      expect(html).toMatch(/<form[^>]*action="\/ru\/executors\/mango"/);
      expect(titleOf(html)).toBe('Экзекьютор Mango: статус и скрипты — ScriptHub');
      expect(metaContent(html, 'name', 'description')).toBe(
        'Mango сегодня работает. На нём работают 2 скрипта Roblox: автофарм и загрузчики, проверенные нашей командой или подтверждённые посетителями.',
      );
      expectReadingLinks(html, '/executors/mango', 'ru');
      const page = collectionOf(html);
      expect(page.inLanguage).toBe('ru');
      expect(page.name).toBe('Экзекьютор Mango: статус и скрипты');
      expect(page.mainEntity.itemListElement).toHaveLength(2);
      for (const item of page.mainEntity.itemListElement) expect(item.url).toMatch(new RegExp(`^${SITE_URL}/ru/scripts/\\d+-`));
      for (const english of ['Status changed', 'scripts work', 'tested by staff', 'website', 'All executors']) expect(text).not.toContain(english);
      expectFilled(html, '/ru/executors/mango');
    });

    it('says in Russian that no script works on an executor, and its status is the reading\'s in the description', async () => {
      const { html, text } = await get('/ru/executors/delta');
      expect(text).toContain('Пока нет ни одного скрипта, который точно работает на Delta');
      expect(text).toContain('На нём работают 0 скриптов · 0 проверено нашей командой');
      expect(text).toContain('Не поддерживается');
      expect(text).toContain('Статус изменён 5 дней назад');
      expect(metaContent(html, 'name', 'description')).toMatch(/^Delta сегодня не поддерживается\. На нём работают 0 скриптов Roblox/);
      expectFilled(html, '/ru/executors/delta');
      const alpha = await get('/ru/executors/alpha');
      expect(metaContent(alpha.html, 'name', 'description')).toMatch(/^Alpha сегодня пропатчен\./);
    });

    it('is wholly English under /en/', async () => {
      const { html, text } = await get('/en/executors/mango');
      expect(htmlLang(html)).toBe('en');
      expect(text).toContain('2 scripts work on it · 2 tested by staff');
      expect(text).toContain('Status changed 1 day ago');
      expect(html).toMatch(/<a [^>]*href="\/en\/executors"[^>]*>All executors<\/a>/);
      expect(titleOf(html)).toBe('Mango Executor: Status and Scripts — ScriptHub');
      expect(metaContent(html, 'name', 'description')).toMatch(/^Mango is working today\. 2 Roblox scripts work on it/);
      expectReadingLinks(html, '/executors/mango', 'en');
      expect(collectionOf(html).inLanguage).toBe('en');
      expectFilled(html, '/en/executors/mango');
    });

    it('answers an unknown executor with a 404 in the reading', async () => {
      const ru = await get('/ru/executors/no-such-executor');
      expect(ru.response.statusCode).toBe(404);
      expect(htmlLang(ru.html)).toBe('ru');
      expect(ru.text).toContain('Экзекьютор не найден');
      expect(ru.text).toContain('По этому адресу нет экзекьютора.');
      expect(ru.html).toMatch(/<a [^>]*href="\/ru\/executors"[^>]*>Все экзекьюторы<\/a>/);
      expect(titleOf(ru.html)).toBe('Экзекьютор не найден — ScriptHub');
      const en = await get('/en/executors/no-such-executor');
      expect(en.response.statusCode).toBe(404);
      expect(en.html).toMatch(/<a [^>]*href="\/en\/executors"[^>]*>All executors<\/a>/);
      expect(titleOf(en.html)).toBe('Executor not found — ScriptHub');
    });

    it('keeps the specification\'s reading as it was', async () => {
      const { html, text } = await get('/executors/mango');
      expect(text).toContain('2 scripts work on it · 2 tested by staff');
      expect(html).toMatch(/<a [^>]*href="\/executors"[^>]*>All executors<\/a>/);
      expect(html).toMatch(/<form[^>]*action="\/executors\/mango"/);
      expect(metaContent(html, 'name', 'description')).toBe('Mango is working today. 2 Roblox scripts work on it: auto-farms and loaders tested by staff or confirmed by visitors.');
      expectReadingLinks(html, '/executors/mango', 'spec');
      expect(collectionOf(html).inLanguage).toBeUndefined();
      expect((await get('/executors/no-such-executor')).text).toContain('Executor not found');
    });
  });

  describe('/games', () => {
    it('is wholly Russian under /ru/: counts with Russian plurals, links and the feed in the reading', async () => {
      const { response, html, text } = await get('/ru/games');
      expect(response.statusCode).toBe(200);
      expect(htmlLang(html)).toBe('ru');
      expect(h1Of(html)).toBe('Игры Roblox');
      expect(titleOf(html)).toBe('Игры Roblox — ScriptHub');
      for (const count of ['1 скрипт', '2 скрипта', '5 скриптов']) expect(text).toContain(count);
      expect(html).toMatch(/<ul aria-label="Игры"/);
      expect(html).toContain('href="/ru/games/blox-fruits"');
      expect(text).not.toMatch(/\d scripts?\b/);
      expect(linkTags(html, 'alternate')).toContainEqual(expect.objectContaining({ type: 'application/atom+xml', href: `${SITE_URL}/ru/feed.xml`, title: 'ScriptHub: новые скрипты Roblox' }));
      expectReadingLinks(html, '/games', 'ru');
      const page = collectionOf(html);
      expect(page.inLanguage).toBe('ru');
      expect(page.description).toMatch(/^Игры Roblox со скриптами/);
      expect(page.mainEntity.itemListElement.map((item) => item.url)).toEqual(['brookhaven', 'blox-fruits', 'adopt-me'].map((slug) => `${SITE_URL}/ru/games/${slug}`));
      expectFilled(html, '/ru/games');
    });

    it('is wholly English under /en/', async () => {
      const { html, text } = await get('/en/games');
      expect(htmlLang(html)).toBe('en');
      expect(h1Of(html)).toBe('Roblox Games');
      for (const count of ['1 script', '2 scripts', '5 scripts']) expect(text).toContain(count);
      expect(html).toContain('href="/en/games/adopt-me"');
      expect(linkTags(html, 'alternate')).toContainEqual(expect.objectContaining({ type: 'application/atom+xml', href: `${SITE_URL}/en/feed.xml` }));
      expectReadingLinks(html, '/games', 'en');
      expect(collectionOf(html).inLanguage).toBe('en');
      expectFilled(html, '/en/games');
    });

    it('keeps the specification\'s reading as it was', async () => {
      const { html, text } = await get('/games');
      expect(titleOf(html)).toBe('Roblox Games — ScriptHub');
      for (const count of ['1 script', '2 scripts', '5 scripts']) expect(text).toContain(count);
      expect(html).toContain('href="/games/adopt-me"');
      expect(linkTags(html, 'alternate')).toContainEqual(expect.objectContaining({ type: 'application/atom+xml', href: `${SITE_URL}/feed.xml`, title: 'ScriptHub: latest Roblox scripts' }));
      expectReadingLinks(html, '/games', 'spec');
      expect(collectionOf(html).inLanguage).toBeUndefined();
    });
  });

  describe('/games/{slug}', () => {
    it('is wholly Russian under /ru/: heading, intro, feed link, filter bar and meta in the reading', async () => {
      const { response, html, text } = await get('/ru/games/blox-fruits');
      expect(response.statusCode).toBe(200);
      expect(htmlLang(html)).toBe('ru');
      expect(h1Of(html)).toBe('Скрипты для Blox Fruits');
      expect(text).toContain('Скрипты Roblox для Blox Fruits: автофарм, загрузчики и не только.');
      expect(html).toMatch(/<a [^>]*href="\/ru\/games"[^>]*>Все игры<\/a>/);
      expect(html).toMatch(/<a [^>]*href="\/ru\/games\/blox-fruits\/feed\.xml"[^>]*>Лента обновлений<\/a>/);
      expect(html).toMatch(/<form[^>]*action="\/ru\/games\/blox-fruits"/);
      expect(titleOf(html)).toBe('Скрипты для Blox Fruits — ScriptHub');
      expect(metaContent(html, 'name', 'description')).toMatch(/^2 скрипта Roblox для Blox Fruits: автофарм/);
      expect(metaContent((await get('/ru/games/adopt-me')).html, 'name', 'description')).toMatch(/^1 скрипт Roblox для Adopt Me/);
      expect(metaContent((await get('/ru/games/brookhaven')).html, 'name', 'description')).toMatch(/^5 скриптов Roblox для Brookhaven/);
      expect(linkTags(html, 'alternate')).toContainEqual(
        expect.objectContaining({ type: 'application/atom+xml', href: `${SITE_URL}/ru/games/blox-fruits/feed.xml`, title: 'Новые скрипты для Blox Fruits' }),
      );
      expectReadingLinks(html, '/games/blox-fruits', 'ru');
      const page = collectionOf(html);
      expect(page.inLanguage).toBe('ru');
      expect(page.name).toBe('Скрипты для Blox Fruits');
      expect(page.mainEntity.itemListElement.map((item) => item.url)).toContain(`${SITE_URL}/ru${scriptPath(farm)}`);
      for (const english of ['All games', 'Atom feed', 'Scripts for', 'auto-farms']) expect(text).not.toContain(english);
      expectFilled(html, '/ru/games/blox-fruits');
    });

    it('is wholly English under /en/', async () => {
      const { html, text } = await get('/en/games/blox-fruits');
      expect(htmlLang(html)).toBe('en');
      expect(h1Of(html)).toBe('Blox Fruits Scripts');
      expect(text).toContain('Roblox scripts for Blox Fruits');
      expect(html).toMatch(/<a [^>]*href="\/en\/games\/blox-fruits\/feed\.xml"[^>]*>Atom feed<\/a>/);
      expect(metaContent(html, 'name', 'description')).toMatch(/^2 Roblox scripts for Blox Fruits/);
      expect(metaContent((await get('/en/games/adopt-me')).html, 'name', 'description')).toMatch(/^1 Roblox script for Adopt Me/);
      expectReadingLinks(html, '/games/blox-fruits', 'en');
      expect(collectionOf(html).inLanguage).toBe('en');
      expectFilled(html, '/en/games/blox-fruits');
    });

    it('answers an unknown game with a 404 in the reading', async () => {
      const ru = await get('/ru/games/no-such-game');
      expect(ru.response.statusCode).toBe(404);
      expect(ru.text).toContain('Игра не найдена');
      expect(ru.html).toMatch(/<a [^>]*href="\/ru\/games"[^>]*>Все игры<\/a>/);
      expect(titleOf(ru.html)).toBe('Игра не найдена — ScriptHub');
      const en = await get('/en/games/no-such-game');
      expect(en.response.statusCode).toBe(404);
      expect(en.html).toMatch(/<a [^>]*href="\/en\/games"[^>]*>All games<\/a>/);
    });

    it('keeps the specification\'s reading as it was', async () => {
      const { html } = await get('/games/blox-fruits');
      expect(h1Of(html)).toBe('Blox Fruits Scripts');
      expect(html).toMatch(/<a [^>]*href="\/games\/blox-fruits\/feed\.xml"[^>]*>Atom feed<\/a>/);
      expect(html).toMatch(/<a [^>]*href="\/games"[^>]*>All games<\/a>/);
      expect(metaContent(html, 'name', 'description')).toBe(
        '2 Roblox scripts for Blox Fruits: auto-farms, loaders and game cheats. Filter by key system, universal, verified or working.',
      );
      expect(linkTags(html, 'alternate')).toContainEqual(expect.objectContaining({ type: 'application/atom+xml', href: `${SITE_URL}/games/blox-fruits/feed.xml`, title: 'Blox Fruits scripts' }));
      expectReadingLinks(html, '/games/blox-fruits', 'spec');
      expect(collectionOf(html).inLanguage).toBeUndefined();
    });
  });

  describe('/games/{slug}/feed.xml', () => {
    const feedOf = async (url: string) => {
      const { response, html: body } = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^application\/atom\+xml/);
      expect(XMLValidator.validate(body), url).toBe(true);
      return (xml.parse(body) as { feed: { id: string; title: string; link: Record<string, string>[]; entry: { id: string; link: Record<string, string>[] }[] } }).feed;
    };

    it.each([
      ['ru', 'Новые скрипты для Blox Fruits'],
      ['en', 'Blox Fruits scripts'],
      ['spec', 'Blox Fruits scripts'],
    ] as const)('in the %s reading: its title, and its links, its page\'s and its entries\' in the reading', async (reading, title) => {
      const base = `${SITE_URL}${prefix(reading)}`;
      const feed = await feedOf(`${prefix(reading)}/games/blox-fruits/feed.xml`);
      expect(feed.title).toBe(title);
      expect(feed.id).toBe(`${base}/games/blox-fruits/feed.xml`);
      expect(feed.link).toContainEqual(expect.objectContaining({ '@_rel': 'self', '@_href': `${base}/games/blox-fruits/feed.xml` }));
      expect(feed.link).toContainEqual(expect.objectContaining({ '@_rel': 'alternate', '@_href': `${base}/games/blox-fruits` }));
      expect(feed.entry).toHaveLength(2);
      expect(feed.entry.map((entry) => entry.id)).toContain(`${base}${scriptPath(farm)}`);
      for (const entry of feed.entry) expect(entry.link[0]?.['@_href']).toMatch(new RegExp(`^${base}/scripts/\\d+-`));
    });

    it('answers an unknown game with a 404 in every reading', async () => {
      for (const url of ['/ru/games/no-such-game/feed.xml', '/en/games/no-such-game/feed.xml']) expect((await get(url)).response.statusCode, url).toBe(404);
    });
  });

  describe('/favourites', () => {
    it('is wholly Russian under /ru/, wholly English under /en/, and the specification\'s as it was', async () => {
      const ru = await get('/ru/favourites');
      expect(ru.response.statusCode).toBe(200);
      expect(htmlLang(ru.html)).toBe('ru');
      expect(h1Of(ru.html)).toBe('Избранное');
      expect(ru.text).toContain('Скрипты, которые вы отметили звёздочкой. Хранятся только в этом браузере.');
      // The list is read in the browser: the server says it is loading.
      expect(ru.text).toContain('Загружаем избранное…');
      expect(titleOf(ru.html)).toBe('Избранное — ScriptHub');
      expect(metaContent(ru.html, 'name', 'robots')).toBe('noindex');
      expectReadingLinks(ru.html, '/favourites', 'ru');
      expectFilled(ru.html, '/ru/favourites');

      const en = await get('/en/favourites');
      expect(htmlLang(en.html)).toBe('en');
      expect(h1Of(en.html)).toBe('Favourites');
      expect(en.text).toContain('Loading your favourites…');
      expectReadingLinks(en.html, '/favourites', 'en');

      const spec = await get('/favourites');
      expect(h1Of(spec.html)).toBe('Favourites');
      expect(titleOf(spec.html)).toBe('Favourites — ScriptHub');
      expect(spec.text).toContain('Scripts you starred, kept in this browser only.');
      expectReadingLinks(spec.html, '/favourites', 'spec');
    });
  });

  describe('/subscribe', () => {
    it('is wholly Russian under /ru/, with the channels counted by a Russian plural', async () => {
      const { response, html, text } = await get('/ru/subscribe');
      expect(response.statusCode).toBe(200);
      expect(htmlLang(html)).toBe('ru');
      expect(h1Of(html)).toBe('Подпишитесь на наши каналы в Телеграме');
      expect(text).toContain('Подпишитесь на каждый канал ниже, затем нажмите «Продолжить».');
      expect(text).toContain('Вы подписались на 0 из 2 каналов');
      expect(text).toContain('Подписаться');
      expect(text).toContain('Продолжить');
      expect(html).toMatch(/<ul aria-label="Каналы"/);
      expect(titleOf(html)).toBe('Подпишитесь на наши каналы в Телеграме — ScriptHub');
      expect(metaContent(html, 'name', 'description')).toBe('Подпишитесь на наши каналы в Телеграме, чтобы продолжить.');
      expectReadingLinks(html, '/subscribe', 'ru');
      for (const english of ['Join', 'Continue', 'channels joined']) expect(text).not.toContain(english);
      expectFilled(html, '/ru/subscribe');
    });

    it('is wholly English under /en/, and the specification\'s as it was', async () => {
      const en = await get('/en/subscribe');
      expect(htmlLang(en.html)).toBe('en');
      expect(h1Of(en.html)).toBe('Join Our Telegram Channels');
      expect(en.text).toContain('0 of 2 channels joined');
      expectReadingLinks(en.html, '/subscribe', 'en');
      expectFilled(en.html, '/en/subscribe');

      const spec = await get('/subscribe');
      expect(h1Of(spec.html)).toBe('Join Our Telegram Channels');
      expect(spec.text).toContain('0 of 2 channels joined');
      expect(spec.text).toContain('Join each channel below, then press Continue.');
      expect(metaContent(spec.html, 'name', 'description')).toBe('Join our Telegram channels to continue.');
      expectReadingLinks(spec.html, '/subscribe', 'spec');
    });
  });
});
