import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptType, scriptTypeSchema } from '../../contract/script-types.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { canonicalOf, cardsOf, jsonLd, linkTags, metaContent, wordsOf } from '../helpers/html.ts';

// The script types' public pages (docs/decisions/0063-script-types.md), server-rendered from the built
// app (needs `npm run build`): /types and /types/{slug} in the three readings with their texts, title,
// description, canonical, hreflang and JSON-LD; the `type` filter on /scripts and game pages without
// JavaScript (an unknown type an empty list), its select, the chips on cards and the script page; the
// sitemap; 404 for an unknown type; a type's rename reaching cached pages.

const SITE_URL = 'https://scripts.example';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const READINGS = [
  { prefix: '', lang: 'ru', listTitle: 'Roblox Script Types', heading: 'Types of Scripts', name: 'Auto Farm' },
  { prefix: '/en', lang: 'en', listTitle: 'Roblox Script Types', heading: 'Types of Scripts', name: 'Auto farm' },
  { prefix: '/ru', lang: 'ru', listTitle: 'Типы скриптов для Roblox', heading: 'Типы скриптов', name: 'Автофарм' },
] as const;

describe.each(dialects)("the script types' pages on %s", (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let farm: ScriptType;
  let esp: ScriptType;
  const farmed: number[] = [];
  let gameSlug: string;

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
    return { response, html: response.body, text: wordsOf(response.body) };
  };
  const create = async (body: Record<string, unknown>): Promise<ScriptType> => {
    const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/types', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return scriptTypeSchema.parse(response.json());
  };
  const cardIds = (html: string) => cardsOf(html).map((card) => Number(/href="(?:\/en|\/ru)?\/scripts\/(\d+)/.exec(card)?.[1]));

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true, env: { SITE_URL, SITE_NAME: 'ScriptHub' } });
    admin = await createAdmin(ctx);
    farm = await create({ name: 'Auto Farm', nameEn: 'Auto farm', nameRu: 'Автофарм', slug: 'auto-farm' });
    esp = await create({ name: 'ESP', nameRu: 'ESP (вх)', slug: 'esp' });
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 6; i += 1) {
      const row = await insertScript(ctx.services, {
        playsname: `Typed page script ${i}`,
        createdAt: new Date(start + i * 60_000),
        types: i % 2 === 0 ? ['auto-farm'] : ['esp', 'auto-farm'],
        game: i < 3 ? { name: 'Type Page Game' } : null,
        patched: i === 4,
      });
      farmed.unshift(row.id);
    }
    await insertScript(ctx.services, { playsname: 'Untyped page script', createdAt: new Date(start + 10 * 60_000) });
    gameSlug = (await ctx.services.games.list()).find((game) => game.name === 'Type Page Game')?.slug as string;
  });
  afterAll(async () => ctx?.close());

  it.each(READINGS)('/types in the $lang reading "$prefix" lists the types with meta, canonical, hreflang and JSON-LD', async (reading) => {
    const { response, html, text } = await get(`${reading.prefix}/types`);
    expect(response.statusCode).toBe(200);
    expect(html).toContain(`<html lang="${reading.lang}"`);
    expect(text).toContain(reading.heading);
    expect(text).toContain(reading.name);
    expect(html).toMatch(/<title>[^<]*<\/title>/);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(reading.listTitle);
    expect(metaContent(html, 'name', 'description')).toBeTruthy();
    expect(canonicalOf(html)).toBe(`${SITE_URL}${reading.prefix}/types`);
    const alternates = linkTags(html, 'alternate').filter((attrs) => attrs.hreflang ?? attrs.hrefLang).map((attrs) => attrs.href);
    expect(alternates).toEqual(expect.arrayContaining([`${SITE_URL}/en/types`, `${SITE_URL}/ru/types`]));
    const ld = jsonLd(html).find((item) => item['@type'] === 'CollectionPage') as { mainEntity: { itemListElement: { url: string }[] } };
    expect(ld.mainEntity.itemListElement.map((item) => item.url)).toEqual([`${SITE_URL}${reading.prefix}/types/auto-farm`, `${SITE_URL}${reading.prefix}/types/esp`]);
  });

  it.each(READINGS)('/types/auto-farm in the $lang reading "$prefix" shows its scripts, count, meta and JSON-LD', async (reading) => {
    const { response, html, text } = await get(`${reading.prefix}/types/auto-farm`);
    expect(response.statusCode).toBe(200);
    expect(html).toContain(`<html lang="${reading.lang}"`);
    expect(text).toContain(reading.name);
    expect(cardIds(html)).toEqual(farmed);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(reading.name);
    expect(metaContent(html, 'name', 'description')).toContain('6');
    expect(canonicalOf(html)).toBe(`${SITE_URL}${reading.prefix}/types/auto-farm`);
    const ld = jsonLd(html).find((item) => item['@type'] === 'CollectionPage') as { mainEntity: { numberOfItems: number } };
    expect(ld.mainEntity.numberOfItems).toBe(6);
    // The page's own filter is its path: the form offers no type select.
    expect(html).not.toMatch(/<select name="type"/);
  });

  it('filters /types/{slug} by every other filter in the address, and 404s an unknown or malformed type', async () => {
    const filtered = await get(`/types/auto-farm?game=${gameSlug}&patched=false`);
    expect(cardIds(filtered.html)).toEqual(farmed.filter((_, index) => index >= 3));
    expect(metaContent(filtered.html, 'name', 'robots')).toMatch(/noindex/);
    for (const path of ['/types/no-such-type', '/ru/types/no-such-type', '/types/Bad_Type']) {
      const { response, text } = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(text).toMatch(/Script type not found|Тип скриптов не найден/);
    }
  });

  it('filters /scripts and a game page by type= without JavaScript, an unknown type an empty list, the select offering each type', async () => {
    const esps = await get('/scripts?type=esp');
    expect(esps.response.statusCode).toBe(200);
    expect(cardIds(esps.html)).toEqual(farmed.filter((_, index) => index % 2 === 0));
    expect(esps.html).toMatch(/<select name="type"[^>]*>[\s\S]*?<option value="esp" selected="">ESP<\/option>/);
    const ru = await get('/ru/scripts?type=esp');
    expect(ru.html).toMatch(/<option value="esp" selected="">ESP \(вх\)<\/option>/);
    const game = await get(`/games/${gameSlug}?type=esp`);
    expect(cardIds(game.html)).toEqual(farmed.filter((_, index) => index % 2 === 0 && index >= 3));
    const unknown = await get('/scripts?type=no-such-type');
    expect(unknown.response.statusCode).toBe(200);
    expect(cardIds(unknown.html)).toEqual([]);
  });

  it('shows chips linking to the types on cards and on the script page, named in the reading', async () => {
    const { html } = await get('/scripts');
    expect(html).toContain('href="/types/esp"');
    const ru = await get('/ru/scripts');
    expect(ru.html).toMatch(/<a [^>]*href="\/ru\/types\/auto-farm"[^>]*>Автофарм<\/a>/);
    const detail = await get(`/scripts/${farmed[0]}`);
    expect(detail.response.statusCode).toBe(200);
    expect(detail.html).toMatch(/<a [^>]*href="\/types\/esp"[^>]*>ESP<\/a>/);
    expect(detail.html).toMatch(/<a [^>]*href="\/types\/auto-farm"[^>]*>Auto Farm<\/a>/);
  });

  it("lists /types and each type's page in the sitemap", async () => {
    const { response, html: body } = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(XMLValidator.validate(body)).toBe(true);
    const urls = (new XMLParser().parse(body) as { urlset: { url: { loc: string }[] } }).urlset.url.map((url) => url.loc);
    expect(urls).toEqual(expect.arrayContaining([`${SITE_URL}/types`, `${SITE_URL}/types/auto-farm`, `${SITE_URL}/types/esp`]));
  });

  it("shows a type's rename and delete on the next request of cached pages", async () => {
    await get('/types');
    await get('/types/esp');
    await get('/scripts');
    const renamed = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/types/${esp.id}`, payload: { name: 'Wallhack ESP' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get('/types')).text).toContain('Wallhack ESP');
    expect((await get('/scripts')).html).toMatch(/>Wallhack ESP<\/a>/);
    expect((await injectAs(ctx, admin, { method: 'DELETE', url: `/api/types/${esp.id}` })).statusCode).toBe(200);
    expect((await get('/types/esp')).response.statusCode).toBe(404);
    expect((await get('/types')).text).not.toContain('Wallhack ESP');
    expect((await get('/scripts')).html).not.toContain('href="/types/esp"');
    expect(farm.slug).toBe('auto-farm');
  });
});
