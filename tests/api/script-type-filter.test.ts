import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { SCRIPT_SORTS } from '../../contract/index.ts';

// The `type` filter (docs/decisions/0063-script-types.md) exact against a fixture: combined with every
// other filter, the search and every sort, its pages and `total` are the unfiltered list's scripts of
// that type, in the same order; an unknown type is a 400 on the API.

type Listed = { id: number; types: string[] };
const TYPES = ['common-type', 'rare-type', 'empty-type'] as const;
const COUNT = 90;

/** The fixture's types of script i: most have the common one, a few the rare one, none the empty one. */
function typesOf(i: number): string[] {
  const types: string[] = [];
  if (i % 3 !== 1) types.push('common-type');
  if (i % 13 === 5) types.unshift('rare-type');
  return types;
}

const FILTER_SETS: Record<string, string>[] = [
  {},
  { game: 'fixture-game' },
  { game: 'other-game' },
  { universal: 'true' },
  { universal: 'false' },
  { key: 'false' },
  { key: 'true' },
  { patched: 'false' },
  { patched: 'true' },
  { verified: 'true' },
  { verified: 'false' },
  { platform: 'pc' },
  { platform: 'mobile' },
  { executor: 'fixture-pc' },
  { executor: 'fixture-mobile' },
  { game: 'fixture-game', key: 'false', patched: 'false' },
  { universal: 'false', verified: 'true', platform: 'pc', executor: 'fixture-pc' },
  { game: 'fixture-game', universal: 'false', key: 'false', patched: 'false', verified: 'false', platform: 'mobile', executor: 'fixture-mobile' },
];

describe.each(dialects)('the type filter on %s', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const now = new Date().toISOString();
    for (const [slug, platforms] of [['fixture-pc', 1], ['fixture-mobile', 4]] as const) {
      await ctx.db.kysely.insertInto('executors').values({ name: slug, slug, platforms, status: 'working', free: 1, status_changed_at: now, created_at: now, updated_at: now }).execute();
    }
    for (const slug of TYPES) await ctx.services.types.create({ name: slug, nameRu: slug, slug });
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < COUNT; i += 1) {
      const universal = i % 5 === 0;
      const game = universal ? null : i % 4 === 0 ? { name: 'Other Game' } : { name: 'Fixture Game' };
      const executors = [...(i % 2 === 0 ? ['fixture-pc'] : []), ...(i % 3 === 0 ? ['fixture-mobile'] : [])];
      const row = await insertScript(ctx.services, {
        playsname: i % 2 === 0 ? `Auto farm ${i}` : `Teleport ${i}`,
        createdAt: new Date(start + (i % 17) * 60_000),
        universal,
        game,
        keySystem: i % 3 === 0,
        patched: i % 7 === 0,
        verified: i % 4 === 1,
        executors,
        types: typesOf(i),
      });
      // Ties everywhere: the sorts' second and third columns decide.
      await ctx.db.kysely.updateTable('scripts').set({ views: i % 6, trending: i % 4, rating: (i % 5) / 10, updated_at: new Date(start + (i % 9) * 1000).toISOString() }).where('id', '=', row.id).execute();
      if (i % 11 === 10) await ctx.db.kysely.updateTable('scripts').set({ hidden: 1 }).where('id', '=', row.id).execute();
    }
    ctx.services.cache.invalidate();
  });
  afterAll(async () => ctx?.close());

  const page = async (params: Record<string, string>): Promise<{ scripts: Listed[]; total: number }> => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?${new URLSearchParams({ limit: '100', ...params })}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('gives exactly the unfiltered list\'s scripts of the type, in order, with their total, for every filter, sort and search', async () => {
    let compared = 0;
    for (const filters of FILTER_SETS) {
      for (const sort of SCRIPT_SORTS) {
        for (const q of [undefined, 'auto']) {
          const base = { ...filters, sort, ...(q ? { q } : {}) };
          const all = await page(base);
          for (const type of TYPES) {
            const expected = all.scripts.filter((script) => script.types.includes(type)).map((script) => script.id);
            const typed = await page({ ...base, type });
            const label = JSON.stringify({ ...base, type });
            expect(typed.scripts.map((script) => script.id), label).toEqual(expected);
            expect(typed.total, label).toBe(expected.length);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBe(FILTER_SETS.length * SCRIPT_SORTS.length * 2 * TYPES.length);
  });

  it('pages through a type with offsets as one list', async () => {
    const whole = await page({ type: 'common-type', sort: 'views' });
    expect(whole.total).toBeGreaterThan(20);
    const pieces: number[] = [];
    for (let offset = 0; offset < whole.total; offset += 7) {
      const part = await page({ type: 'common-type', sort: 'views', limit: '7', offset: String(offset) });
      expect(part.total).toBe(whole.total);
      pieces.push(...part.scripts.map((script) => script.id));
    }
    expect(pieces).toEqual(whole.scripts.map((script) => script.id));
  });

  it('answers 400 { error, code } for a type no one has or a malformed one, and filters ids= lists too', async () => {
    for (const type of ['no-such-type', 'Bad_Type']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?type=${type}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    const all = await page({});
    const ids = all.scripts.slice(0, 12).map((script) => script.id);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?ids=${ids.join(',')}&type=rare-type` });
    expect(response.statusCode, response.body).toBe(200);
    const among = response.json() as { scripts: Listed[] };
    expect(among.scripts.map((script) => script.id)).toEqual(all.scripts.slice(0, 12).filter((script) => script.types.includes('rare-type')).map((script) => script.id));
  });

  it('keeps the counts a type page shows equal to its listing', async () => {
    for (const type of TYPES) {
      const detail = await ctx.app.inject({ method: 'GET', url: `/api/types/${type}` });
      expect((detail.json() as { scripts: number }).scripts).toBe((await page({ type })).total);
    }
  });
});
