import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP } from '../../contract/index.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { expectedSearch, type FixtureScript, insertFiller, insertSearchFixture } from '../helpers/search-fixture.ts';

// Search as visitors type it, on a 5,000-script catalogue built the same on both databases: every
// answer is checked against the plain definition (each word a substring of name or description, in
// any order, folded; newest first; total capped), so SQLite and PostgreSQL answer the same rows.

const QUERIES = [
  'fruits farm', // two words in another order than the name's
  'farm fruits',
  'FARM BLOX',
  'auto farm',
  'blox fruits auto farm',
  'автофарм', // Cyrillic
  'АВТОФАРМ',
  'ёлка', // ё and е are one letter
  'елочные',
  'дерби ёлка',
  'k', // one letter: read, not indexed
  'qz', // two letters, rare
  'hub qz',
  'auto farm qz', // common words with a rare short one: the gram index has the fewer candidates
  'auto farm zq', // ... or none at all
  'fruits k',
  'v1.2',
  'zephyrite v1',
  'teleport, hub', // commas separate words too
  'bloxx fruuts', // typos: nothing
  'zzqx',
  'adopt me!',
  'pet sim x',
];

describe.each(dialects)('search on %s', (dialect) => {
  let ctx: TestContext;
  let fixture: FixtureScript[];
  let admin: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    fixture = await insertSearchFixture(ctx);
    admin = await createAdmin(ctx);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const page = async (q: string, offset = 0, limit = 16) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?limit=${limit}&offset=${offset}&q=${encodeURIComponent(q)}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { scripts: { id: number }[]; total: number };
    return { ids: body.scripts.map((script) => script.id), total: body.total };
  };

  it.each(QUERIES)('finds exactly what "%s" means, newest first, on the first pages', async (q) => {
    const expected = expectedSearch(fixture, q, SEARCH_TOTAL_CAP);
    expect(await page(q)).toEqual({ ids: expected.ids.slice(0, 16), total: expected.total });
    expect(await page(q, 16, 8)).toEqual({ ids: expected.ids.slice(16, 24), total: expected.total });
  });

  it('finds "Blox Fruits Auto Farm" for "fruits farm", which no single substring matches', async () => {
    const { ids } = await page('fruits farm');
    const names = await ctx.db.kysely.selectFrom('scripts').select('playsname').where('id', 'in', ids).execute();
    expect(names.length).toBeGreaterThan(0);
    for (const { playsname } of names) expect(playsname).toMatch(/^Blox Fruits Auto Farm \d+$/);
  });

  it(`caps a common word's total at ${SEARCH_TOTAL_CAP} and lets Load More page right up to it`, async () => {
    const expected = expectedSearch(fixture, 'executor', SEARCH_TOTAL_CAP);
    expect(expected.ids.length).toBeGreaterThan(SEARCH_TOTAL_CAP);
    const last = await page('executor', SEARCH_TOTAL_CAP - 8, 8);
    expect(last).toEqual({ ids: expected.ids.slice(SEARCH_TOTAL_CAP - 8, SEARCH_TOTAL_CAP), total: SEARCH_TOTAL_CAP });
    // Past the cap there is nothing to load, although more scripts match.
    expect(await page('executor', SEARCH_TOTAL_CAP, 8)).toEqual({ ids: [], total: SEARCH_TOTAL_CAP });
    expect(await page('executor', SEARCH_TOTAL_CAP - 4, 8)).toEqual({ ids: expected.ids.slice(SEARCH_TOTAL_CAP - 4, SEARCH_TOTAL_CAP), total: SEARCH_TOTAL_CAP });
  });

  it('keeps the catalogue without q newest first, with its exact total', async () => {
    const newest = [...fixture].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
    const response = (await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=16&offset=2000' })).json();
    expect(response.scripts.map((script: { id: number }) => script.id)).toEqual(newest.slice(2000, 2016).map((script) => script.id));
    expect(response.total).toBe(fixture.length);
  });

  it('counts staff searches exactly (staff tables page by number), with the same matches', async () => {
    for (const q of ['blox', 'fruits farm', 'qz']) {
      const expected = expectedSearch(fixture, q, Number.POSITIVE_INFINITY);
      const response = await injectAs(ctx, admin, { method: 'GET', url: `/api/scripts?limit=10&offset=10&q=${encodeURIComponent(q)}` });
      const body = response.json() as { items: { id: number }[]; total: number };
      expect(body.total, q).toBe(expected.total);
      expect(body.items.map((item) => item.id), q).toEqual(expected.ids.slice(10, 20));
    }
  });

  it('refuses more than 10 words with 400 naming q', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?q=${encodeURIComponent('a b c d e f g h i j k')}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.q).toMatch(/10 words/);
  });
});

describe.each(dialects)('a slow search on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
    await insertFiller(ctx, 300_000);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('never holds a concurrent detail request: the detail is answered while the search is still reading', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Answered at once' });
    ctx.services.cache.invalidate();
    let searched = false;
    // The staff search of a short word also reads the loader texts, which no index covers: it reads
    // all 300,000 rows, page and exact total.
    const search = injectAs(ctx, admin, { method: 'GET', url: '/api/scripts?limit=10&q=qz' }).then((response) => {
      searched = true;
      return response;
    });
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().playsname).toBe('Answered at once');
    expect(searched).toBe(false);
    expect((await search).json()).toEqual({ items: [], total: 0 });
  });
});
