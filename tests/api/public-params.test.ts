import { sql } from 'kysely';
import { PLATFORM_SIDES } from '../../contract/platforms.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_FLAGS,
  type CatalogueFlagName,
  FORM_FLAGS,
  LIST_FILTER_PARAMS,
  PAGE_PARAMS,
  PAGES_A_WRITE_REACHES,
  SCRIPT_SORTS,
  SEARCH_PARAM,
} from '../../contract/catalogue-params.ts';
import { catalogueFilterSchema, type PublicScript } from '../../contract/scripts.ts';
import { canonicalPageUrl, PageCache, packPage } from '../../server/cache/page-cache.ts';
import { FILTER_NAMES, listSearch } from '../../web/features/catalogue/filters.ts';
import { readListQuery } from '../../web/features/catalogue/filters.server.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// The public pages' parameters have one definition (contract/catalogue-params.ts). These tests fail
// when a place that reads them drifts from it: the API's schema, the listing's SQL on both databases,
// the page cache's keys and the pages a write reaches, and the filter form.

/** The answer's field that shows each flag: a flag added to the definition fails to compile here until it has one. */
const ANSWER_FIELD: Record<CatalogueFlagName, keyof PublicScript> = { universal: 'universal', key: 'keySystem', patched: 'patched', verified: 'verified' };

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A page of a pattern: `{slug}` a game, `{id}` a script, `*` something under the prefix. */
const samplePage = (pattern: string) => pattern.replace('{slug}', 'blox-fruits').replace('{id}', '5-farm').replace('*', 'x');

describe('the definition and the places that read it without a database', () => {
  it('the API schema reads exactly the list filters, in the definition\'s order', () => {
    expect(Object.keys(catalogueFilterSchema.shape)).toEqual([...LIST_FILTER_PARAMS]);
    for (const flag of CATALOGUE_FLAGS) expect(catalogueFilterSchema.shape[flag.name].description).toBe(flag.meaning);
    expect(catalogueFilterSchema.shape.sort.safeParse('best').success).toBe(false);
    for (const sort of SCRIPT_SORTS) expect(catalogueFilterSchema.shape.sort.parse(sort)).toBe(sort);
  });

  it('the filter form names every list filter once, and a list URL carries and gives back every flag', () => {
    expect([...FILTER_NAMES].sort()).toEqual([...LIST_FILTER_PARAMS].sort());
    const filters = Object.fromEntries(FORM_FLAGS.map((flag) => [flag.name, flag.formValue]));
    const search = listSearch('farm', { ...filters, game: 'doors', sort: 'views' });
    expect(search).toBe(`?q=farm&game=doors&${FORM_FLAGS.map((flag) => `${flag.name}=${flag.formValue}`).join('&')}&sort=views`);
    expect(readListQuery(new URLSearchParams(search))).toEqual({ q: 'farm', filters: { ...filters, game: 'doors', sort: 'views' } });
  });

  it.each(Object.entries(PAGE_PARAMS))('%s is cached with the parameters the definition gives it and no other', (pattern, params) => {
    const page = samplePage(pattern);
    const asked = new URLSearchParams([...params.map((name) => [name, `v-${name}`]), [SEARCH_PARAM, 'farm'], ['not-in-the-definition', '1']]);
    const expected = new URLSearchParams([...params, SEARCH_PARAM].sort().map((name) => [name, asked.get(name) ?? '']));
    expect(canonicalPageUrl(page, asked)).toBe(`${page}?${expected.toString()}`);
  });

  it('a page the definition does not name keeps only the search', () => {
    expect(canonicalPageUrl('/privacy', new URLSearchParams([...LIST_FILTER_PARAMS.map((name) => [name, 'true']), [SEARCH_PARAM, 'farm']]))).toBe('/privacy?q=farm');
  });

  it.each(Object.entries(PAGES_A_WRITE_REACHES))('a %s change drops the pages the definition names for it and no other', async (kind, patterns) => {
    const pages = [...patterns.map(samplePage), '/privacy', '/scripts/6-other', '/opensearch.xml'];
    const cache = new PageCache(10_000_000);
    const key = (page: string) => `html:http://catalogue.test${page}`;
    for (const page of pages) await cache.render(key(page), async () => packPage({ status: 200, headers: [], body: page }), (packed) => packed);
    cache.changed(kind === 'script' ? { kind: 'script', id: 5 } : { kind: 'site-channels' });
    const dropped = pages.filter((page) => cache.get(key(page)) === undefined);
    const others = kind === 'site-channels' ? ['/scripts/6-other'] : [];
    expect(dropped).toEqual([...patterns.map(samplePage), ...others]);
  });
});

describe.each(dialects)('every flag of the definition, end to end on %s', (dialect) => {
  let ctx: TestContext;
  /** Script ids by the flags set on them: script i has flag j when bit j of i is set. */
  const ids: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true });
    for (let i = 0; i < 2 ** CATALOGUE_FLAGS.length; i += 1) {
      const script = await insertScript(ctx.services, { playsname: `Paramprobe ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
      ids.push(script.id);
      // Each flag written to the column the definition names for it: the listing must test that one.
      for (const [bit, flag] of CATALOGUE_FLAGS.entries()) {
        await sql`UPDATE scripts SET ${sql.ref(flag.column)} = ${(i >> bit) & 1} WHERE id = ${script.id}`.execute(ctx.db.kysely);
      }
    }
    ctx.services.cache.invalidate();
  }, 60_000);
  afterAll(async () => ctx?.close());

  /** Newest first: the scripts with (or without) the flag. */
  const withFlag = (bit: number, value: boolean) => ids.filter((_, i) => Boolean((i >> bit) & 1) === value).reverse();

  it.each(CATALOGUE_FLAGS.map((flag, bit) => [flag.name, bit] as const))('%s is accepted by the API and filtered by the listing, searched or not', async (name, bit) => {
    for (const value of [true, false]) {
      for (const q of ['', '&q=paramprobe']) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?${name}=${value}&limit=50${q}` });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json() as { scripts: PublicScript[]; total: number };
        expect(body.scripts.map((script) => script.id)).toEqual(withFlag(bit, value));
        expect(body.total).toBe(withFlag(bit, value).length);
        expect(body.scripts.every((script) => script[ANSWER_FIELD[name]] === value)).toBe(true);
      }
    }
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?${name}=maybe` });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(`${name} must be true or false`);
  });

  it('the filter form offers every flag and every sort, and the list page filters by what it submits', async () => {
    const query = FORM_FLAGS.map((flag) => `${flag.name}=${flag.formValue}`).join('&');
    const response = await ctx.app.inject({ method: 'GET', url: `/scripts?${query}`, headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(200);
    const attribute = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];
    const checkboxes = (response.body.match(/<input type="checkbox"[^>]*>/g) ?? []).map((tag) => [attribute(tag, 'name'), attribute(tag, 'value'), attribute(tag, 'checked') !== undefined]);
    expect(checkboxes).toEqual(FORM_FLAGS.map((flag) => [flag.name, String(flag.formValue), true]));
    const options = (name: string) => {
      const select = new RegExp(`<select name="${name}"[^>]*>(.*?)</select>`, 's').exec(response.body)?.[1] ?? '';
      return [...select.matchAll(/<option value="([a-z-]*)"/g)].map(([, value]) => value);
    };
    expect(options('sort')).toEqual([...SCRIPT_SORTS]);
    // Where a script works: a blank "all devices" first, then each side of the platform filter.
    expect(options('platform')).toEqual(['', ...PLATFORM_SIDES]);
    expect(options('executor')).toEqual(['']);
    const expected = ids.filter((_, i) => CATALOGUE_FLAGS.every((flag, bit) => Boolean((i >> bit) & 1) === flag.formValue));
    expect(expected).toHaveLength(1);
    const titles = [...response.body.matchAll(/class="script-card-title">([^<]*)</g)].map(([, title]) => title);
    expect(titles).toEqual([`Paramprobe ${ids.indexOf(expected[0] as number)}`]);
  });

  it('the filter form offers the executors, working ones first, and keeps the chosen one selected', async () => {
    const at = new Date().toISOString();
    const executor = (name: string, status: 'working' | 'patched') => ({ name, slug: name.toLowerCase(), platforms: 1, status, free: 1, status_changed_at: at, created_at: at, updated_at: at });
    await ctx.db.kysely.insertInto('executors').values([executor('Alpha', 'patched'), executor('Beta', 'working')]).execute();
    ctx.services.cache.invalidate();
    const response = await ctx.app.inject({ method: 'GET', url: '/scripts?executor=alpha', headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(200);
    const select = /<select name="executor"[^>]*>(.*?)<\/select>/s.exec(response.body)?.[1] ?? '';
    expect([...select.matchAll(/<option value="([a-z-]*)"/g)].map(([, value]) => value)).toEqual(['', 'beta', 'alpha']);
    expect(select).toMatch(/<option value="alpha" selected="">/);
    // An executor no one has: the page shows an empty list (the API says 400), as for an unknown game.
    const unknown = await ctx.app.inject({ method: 'GET', url: '/scripts?executor=no-such-executor', headers: { 'user-agent': BROWSER } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('class="script-card-title"');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?executor=no-such-executor' })).statusCode).toBe(400);
    await ctx.db.kysely.deleteFrom('executors').execute();
    ctx.services.cache.invalidate();
  });
});
