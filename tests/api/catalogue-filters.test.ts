import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP, SCRIPT_SORTS, type ScriptSort } from '../../contract/index.ts';
import { executorRowsInIndex, filterInIndex, filterOnRow, type Listing, listingOf, orderBy } from '../../server/db/listing.ts';
import { SearchRepository } from '../../server/scripts/search-repository.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { expectedListing, type ListedFixture, type ListingQuery, listingUrl } from '../helpers/listing-fixture.ts';
import { insertListingFixture } from '../helpers/listing-fixture.ts';
import { snapshotState } from '../helpers/state.ts';

// The catalogue's filters and sorts (issue 14) on an 8,000-script catalogue built the same on both
// databases: every answer is checked against the plain definition (the filter, each search word a
// substring, the sort with ties to the newer script), so SQLite and PostgreSQL answer the same rows.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const FILTERS: ListingQuery[] = [
  {},
  { game: 'blox-fruits' },
  { game: 'rare-game' },
  { game: 'no-such-game' },
  { universal: true },
  { universal: false },
  { key: true },
  { key: false },
  { patched: true },
  { patched: false },
  { verified: true },
  { verified: false },
  // Combinations: a game with flags, a rare one (read through the facets index), a common one (in order).
  { game: 'doors', key: false, patched: false },
  { verified: true, patched: true, universal: true },
  { key: false, patched: false, verified: false },
  { game: 'brookhaven-rp', verified: true },
  // Where scripts work (platform, executor), alone and with every other filter.
  { platform: 'pc' },
  { platform: 'mobile' },
  { executor: 'win-exec' },
  { executor: 'droid-exec' },
  { executor: 'rare-exec' },
  { platform: 'mobile', game: 'blox-fruits' },
  { platform: 'pc', key: false, patched: false },
  { platform: 'mobile', universal: true, verified: false },
  { executor: 'mac-exec', game: 'doors' },
  { executor: 'droid-exec', key: true, universal: false },
  { executor: 'win-exec', verified: true },
  { executor: 'win-exec', patched: false, platform: 'mobile' },
  { executor: 'rare-exec', platform: 'pc', key: false },
  { executor: 'droid-exec', platform: 'pc' },
];

const SEARCHES = ['executor', 'blox', 'auto farm', 'qz', 'ёлочные', 'zzqx'];
const SEARCH_FILTERS: ListingQuery[] = [
  {},
  { game: 'blox-fruits' },
  { key: false },
  { verified: true },
  { patched: false, universal: false },
  { game: 'doors', key: true },
  { platform: 'mobile' },
  { executor: 'win-exec', key: false },
  { executor: 'rare-exec' },
];

const describeQuery = (query: ListingQuery) => new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString() || '(none)';

describe.each(dialects)('catalogue filters and sorts on %s', (dialect) => {
  let ctx: TestContext;
  let fixture: ListedFixture[];

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    fixture = await insertListingFixture(ctx);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const page = async (query: ListingQuery, limit: number, offset: number) => {
    const response = await ctx.app.inject({ method: 'GET', url: listingUrl(query, limit, offset) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { scripts: { id: number }[]; total: number };
    return { ids: body.scripts.map((script) => script.id), total: body.total };
  };

  const expectPages = async (query: ListingQuery) => {
    const expected = expectedListing(fixture, query, SEARCH_TOTAL_CAP);
    const label = describeQuery(query);
    expect(await page(query, 16, 0), label).toEqual({ ids: expected.ids.slice(0, 16), total: expected.total });
    expect(await page(query, 8, 40), label).toEqual({ ids: expected.ids.slice(40, 48), total: expected.total });
  };

  // Every sort, two pages each, against an 8,000-script catalogue: about 12 s for the slowest on a loaded
  // machine's PostgreSQL, so the default 30 s leaves too little room.
  it.each(FILTERS.map((filter) => [describeQuery(filter), filter] as const))('filters by %s, in every sort, page after page', { timeout: 90_000 }, async (_, filter) => {
    for (const sort of SCRIPT_SORTS) await expectPages({ ...filter, sort });
  });

  it.each(SEARCHES)('combines the search "%s" with each filter and sort', async (q) => {
    for (const filter of SEARCH_FILTERS) for (const sort of SCRIPT_SORTS) await expectPages({ ...filter, q, sort });
  });

  // The same questions straight to the search repository with its row limits shrunk (8,000 scripts
  // then take every path a million would: a lead word gathered or too common, candidates sorted or
  // read in order, probes, gathers, counts from the plan), answered by the same plain definition.
  it.each(SEARCHES.concat(['farm blox', 'auto farm qz', 'fruits e']))('answers "%s" with each filter and sort through every search path (tiny row limits)', async (q) => {
    const search = new SearchRepository(ctx.db, { sparseRows: 12, gatherRows: 40, probeRows: 30 });
    for (const filter of [...SEARCH_FILTERS, { key: true }, { verified: false, patched: false }]) {
      for (const sort of SCRIPT_SORTS) {
        const query = { ...filter, q, sort };
        const expected = expectedListing(fixture, query, SEARCH_TOTAL_CAP);
        const searchFilter = { q, scope: 'public' as const, listing: listingOf(query) };
        const label = describeQuery(query);
        const [first, later, total] = await Promise.all([search.pageIds(searchFilter, 16, 0), search.pageIds(searchFilter, 8, 40), search.count(searchFilter, SEARCH_TOTAL_CAP + 1)]);
        expect(first, label).toEqual(expected.ids.slice(0, 16));
        expect(later, label).toEqual(expected.ids.slice(40, 48));
        expect(Math.min(total, SEARCH_TOTAL_CAP), label).toBe(expected.total);
      }
    }
  });

  // Filtered pages without words through the repository with its gather limit shrunk, so an
  // executor's scripts are read both from its own index range (sorted) and in the sort's order.
  it('reads platform and executor filters both gathered and in order (tiny row limits)', async () => {
    const search = new SearchRepository(ctx.db, { sparseRows: 12, gatherRows: 40, probeRows: 30 });
    const filters: ListingQuery[] = [{ executor: 'rare-exec' }, { executor: 'win-exec', verified: true }, { executor: 'droid-exec' }, { platform: 'mobile', verified: true }, { platform: 'pc' }];
    for (const filter of filters) {
      for (const sort of SCRIPT_SORTS) {
        const query = { ...filter, sort };
        const expected = expectedListing(fixture, query, SEARCH_TOTAL_CAP);
        const listing = listingOf(query);
        const totals = await search.facetTotals(listing);
        expect(totals.matching, describeQuery(query)).toBe(expected.total);
        expect(await search.filteredPageIds(listing, totals, 16, 0), describeQuery(query)).toEqual(expected.ids.slice(0, 16));
        expect(await search.filteredPageIds(listing, totals, 8, 8), describeQuery(query)).toEqual(expected.ids.slice(8, 16));
      }
    }
  });

  it('orders ties to the newer script in every sort', async () => {
    for (const sort of SCRIPT_SORTS) {
      const expected = expectedListing(fixture, { sort }, SEARCH_TOTAL_CAP).ids;
      const { ids } = await page({ sort }, 100, 0);
      expect(ids, sort).toEqual(expected.slice(0, 100));
    }
    // The fixture's views and scores repeat: the first page by views has ties, broken by creation.
    const byViews = expectedListing(fixture, { sort: 'views' }, SEARCH_TOTAL_CAP).ids.slice(0, 100).map((id) => fixture.find((script) => script.id === id) as ListedFixture);
    const tied = byViews.findIndex((script, i) => i > 0 && script.views === byViews[i - 1]?.views);
    expect(tied).toBeGreaterThan(0);
    expect((byViews[tied - 1] as ListedFixture).createdAt >= (byViews[tied] as ListedFixture).createdAt).toBe(true);
  });

  it('treats sort=newest as no sort, one cached answer for both', async () => {
    const implicit = await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=8&key=false' });
    const explicit = await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?sort=newest&key=false&limit=8' });
    expect(explicit.body).toBe(implicit.body);
  });

  it('answers an unknown game with an empty page and a total of 0', async () => {
    expect(await page({ game: 'no-such-game' }, 16, 0)).toEqual({ ids: [], total: 0 });
    expect(await page({ game: 'no-such-game', q: 'blox' }, 16, 0)).toEqual({ ids: [], total: 0 });
  });

  it('answers past the last match at once, with the total', async () => {
    const expected = expectedListing(fixture, { verified: true, patched: true }, SEARCH_TOTAL_CAP);
    expect(await page({ verified: true, patched: true }, 8, expected.total)).toEqual({ ids: [], total: expected.total });
    expect(await page({ verified: true, patched: true }, 8, 1_000_000)).toEqual({ ids: [], total: expected.total });
  });

  it('carries each script\'s game, flags and loader text in the list', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?game=blox-fruits&verified=true&limit=3' });
    const body = response.json() as { scripts: Record<string, unknown>[] };
    expect(body.scripts.length).toBeGreaterThan(0);
    for (const script of body.scripts) {
      expect(script.game).toMatchObject({ name: 'Blox Fruits', slug: 'blox-fruits' });
      expect(script.verified).toBe(true);
      expect(script.universal).toBe(false);
      expect(typeof script.loadstring).toBe('string');
    }
  });

  it('keeps counts right as scripts are added, edited and deleted (the facet counts follow every write)', async () => {
    const before = (await page({ game: 'rare-game', verified: true }, 8, 0)).total;
    const rare = fixture.find((script) => script.game === 'rare-game') as ListedFixture;
    await ctx.db.kysely.updateTable('scripts').set({ verified: 1 }).where('id', '=', rare.id).execute();
    const { id } = await ctx.db.kysely
      .insertInto('scripts')
      .values({ playsname: 'Added', description: '', loadstring: 'print(1)', image_key: null, owner_moderator_id: null, search_text: 'added', loadstring_search: '', created_at: '2030-01-01T00:00:00.000Z', updated_at: '2030-01-01T00:00:00.000Z', game_id: (await ctx.db.kysely.selectFrom('games').select('id').where('slug', '=', 'rare-game').executeTakeFirstOrThrow()).id, verified: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.services.cache.invalidate();
    const grown = await page({ game: 'rare-game', verified: true }, 100, 0);
    expect(grown.total).toBe(before + (rare.verified ? 0 : 1) + 1);
    expect(grown.ids[0]).toBe(id);
    await ctx.db.kysely.deleteFrom('scripts').where('id', '=', id).execute();
    await ctx.db.kysely.updateTable('scripts').set({ verified: rare.verified ? 1 : 0 }).where('id', '=', rare.id).execute();
    ctx.services.cache.invalidate();
    expect((await page({ game: 'rare-game', verified: true }, 8, 0)).total).toBe(before);
  });

  it('keeps filtered searches right as a script\'s game and flags change (the search indexes follow every write)', async () => {
    const gameId = async (slug: string) => Number((await ctx.db.kysely.selectFrom('games').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id);
    const { id } = await ctx.db.kysely
      .insertInto('scripts')
      .values({ playsname: 'Quasarix Farm', description: '', loadstring: 'print(1)', image_key: null, owner_moderator_id: null, search_text: 'quasarix farm', loadstring_search: '', created_at: '2030-01-01T00:00:00.000Z', updated_at: '2030-01-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const found = async (query: ListingQuery) => {
      ctx.services.cache.invalidate();
      return page({ q: 'quasarix', ...query }, 16, 0);
    };
    expect(await found({ game: 'rare-game' })).toEqual({ ids: [], total: 0 });
    expect(await found({ key: false, verified: false })).toEqual({ ids: [id], total: 1 });
    await ctx.db.kysely.updateTable('scripts').set({ game_id: await gameId('rare-game'), key_system: 1, verified: 1 }).where('id', '=', id).execute();
    expect(await found({ game: 'rare-game', key: true, verified: true })).toEqual({ ids: [id], total: 1 });
    expect(await found({ key: false })).toEqual({ ids: [], total: 0 });
    expect(await found({ game: 'doors' })).toEqual({ ids: [], total: 0 });
    // Short words come from the other index, which follows the same writes.
    expect((await page({ q: 'qu', game: 'rare-game', key: true }, 100, 0)).ids).toContain(id);
    await ctx.db.kysely.updateTable('scripts').set({ game_id: null, patched: 1 }).where('id', '=', id).execute();
    expect(await found({ game: 'rare-game' })).toEqual({ ids: [], total: 0 });
    expect(await found({ patched: true, key: true })).toEqual({ ids: [id], total: 1 });
    expect((await page({ q: 'qu', game: 'rare-game' }, 100, 0)).ids).not.toContain(id);
    await ctx.db.kysely.deleteFrom('scripts').where('id', '=', id).execute();
    expect(await found({ patched: true })).toEqual({ ids: [], total: 0 });
  });

  it('never finds the index\'s filter tokens as words, in public or staff search', async () => {
    for (const q of ['zk0', 'zv1', 'zu0 zp0', 'zg1z']) {
      expect(await page({ q }, 16, 0), q).toEqual({ ids: [], total: 0 });
      expect(await page({ q, key: false }, 16, 0), q).toEqual({ ids: [], total: 0 });
      expect(await ctx.services.scripts.countStaff({ q }), q).toBe(0);
      expect(await ctx.services.scripts.listStaff({ q }), q).toEqual([]);
    }
  });

  it('documents the filters and sorts in OpenAPI', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/api/scripts/paginated'].get;
    expect(operation.summary).toMatch(/filter/i);
    expect(operation.summary).toMatch(/sort/i);
    const names = operation.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['game', 'universal', 'key', 'patched', 'verified', 'platform', 'executor', 'sort']));
    const sort = operation.parameters.find((parameter: { name: string }) => parameter.name === 'sort');
    expect(sort.description).toMatch(/times \(7 − d\)/);
  });
});

const BAD: [string, string][] = [
  ['sort=best', 'sort'],
  ['sort=', 'sort'],
  ['sort=NEWEST', 'sort'],
  ['key=yes', 'key'],
  ['key=1', 'key'],
  ['universal=TRUE', 'universal'],
  ['patched=', 'patched'],
  ['verified=no', 'verified'],
  ['game=Bad%20Slug', 'game'],
  ['game=blox_fruits', 'game'],
  ['game=-blox', 'game'],
  [`game=${'a'.repeat(81)}`, 'game'],
  ['game=blox%00fruits', 'game'],
  ['q=farm%00', 'q'],
  ['sort=views&sort=trending', 'sort'],
  ['key=true&key=false', 'key'],
  ['game=doors&game=blox-fruits', 'game'],
  ['platform=tablet', 'platform'],
  ['platform=PC', 'platform'],
  ['platform=', 'platform'],
  ['executor=Bad%20Slug', 'executor'],
  ['executor=win%00exec', 'executor'],
  [`executor=${'a'.repeat(61)}`, 'executor'],
  // A well-formed slug no executor has: the API says so (a page shows an empty list instead).
  ['executor=no-such-executor', 'executor'],
  ['executor=win-exec&executor=mac-exec', 'executor'],
];

// A refusal must change nothing: each one snapshots every table and the uploads before and after, so it
// runs on a catalogue of 500 scripts (the same games and executors) rather than reading 8,000 rows
// twice; how many scripts there are plays no part in checking the parameters.
describe.each(dialects)('catalogue parameters refused on %s', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await insertListingFixture(ctx, 500);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it.each(BAD)('refuses %s with 400 { error, code } naming %s, and changes nothing', async (query, field) => {
    const before = await snapshotState(ctx);
    const missesBefore = await ctx.db.kysely.selectFrom('search_misses').selectAll().execute();
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?${query}`, headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(typeof body.error).toBe('string');
    expect(typeof body.code).toBe('string');
    expect(Object.keys(body.fields ?? { [field]: true })).toContain(field);
    expect(ctx.services.views.pendingSearchMisses).toBe(0);
    await ctx.services.views.flush();
    expect(await snapshotState(ctx)).toEqual(before);
    expect(await ctx.db.kysely.selectFrom('search_misses').selectAll().execute()).toEqual(missesBefore);
  });
});

describe('how SQLite reads a filtered or sorted page', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    await insertListingFixture(ctx, 2_000);
  }, 120_000);
  afterAll(async () => ctx?.close());

  async function plan(query: ReturnType<typeof sql>): Promise<string> {
    const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(ctx.db.kysely);
    return rows.map((row) => row.detail).join('\n');
  }

  const INDEX: Record<ScriptSort, string> = { newest: 'created', views: 'views', trending: 'trending', updated: 'updated', rating: 'rating' };

  it.each(SCRIPT_SORTS)('reads sort=%s in its index order, with or without a game and flags, never sorting', async (sort) => {
    const filters: Listing[] = [
      { sort },
      { sort, key: false, patched: false },
      { sort, verified: true, universal: true },
    ];
    for (const listing of filters) {
      const detail = await plan(sql`SELECT s.id FROM scripts AS s WHERE ${filterOnRow('sqlite', listing)} ${orderBy(sort)} LIMIT 16`);
      expect(detail, JSON.stringify(listing)).toContain(`scripts_${INDEX[sort]}_idx`);
      expect(detail, JSON.stringify(listing)).not.toMatch(/TEMP B-TREE/);
    }
    const inGame = await plan(sql`SELECT s.id FROM scripts AS s WHERE ${filterOnRow('sqlite', { sort, game: 'doors', key: false })} ${orderBy(sort)} LIMIT 16`);
    expect(inGame).toContain(`scripts_game_${INDEX[sort]}_idx`);
    expect(inGame).not.toMatch(/TEMP B-TREE/);
  });

  it('reads a rare filter\'s rows through the facets index, seeking each open flag', async () => {
    const listing: Listing = { sort: 'views', verified: true, patched: true };
    const detail = await plan(sql`SELECT scripts.id FROM scripts WHERE ${filterInIndex(listing)}`);
    expect(detail).toMatch(/SEARCH scripts USING (COVERING )?INDEX scripts_facets_idx/);
  });

  it('reads a sort with a platform or an executor in its index order, probing each row\'s executor by key', async () => {
    for (const listing of [{ sort: 'views', platform: 'mobile' }, { sort: 'trending', executor: 'win-exec', key: false }] satisfies Listing[]) {
      const detail = await plan(sql`SELECT s.id FROM scripts AS s WHERE ${filterOnRow('sqlite', listing)} ${orderBy(listing.sort)} LIMIT 16`);
      expect(detail, JSON.stringify(listing)).toContain(`scripts_${INDEX[listing.sort]}_idx`);
      expect(detail, JSON.stringify(listing)).not.toMatch(/TEMP B-TREE/);
      if ('executor' in listing) expect(detail).toMatch(/SEARCH se (EXISTS )?USING INDEX sqlite_autoindex_script_executors_1 \(script_id=\? AND executor_id=\?\)/);
    }
  });

  it('reads an executor\'s few scripts from its own range of script_executors_gather_idx, and a rare platform from the facets index', async () => {
    const executor = await plan(executorRowsInIndex({ sort: 'newest', executor: 'rare-exec', verified: false, platform: 'pc' }));
    // Not a covering read: SQLite reads the row of a table with a generated column (`works`) for each
    // match; the seek still stops at the executor's matches of the flags.
    expect(executor).toMatch(/SEARCH se USING INDEX script_executors_gather_idx \(executor_id=\? AND works=\? AND universal=\? AND key_system=\? AND patched=\? AND verified=\?\)/);
    const platform = await plan(sql`SELECT scripts.id FROM scripts WHERE ${filterInIndex({ sort: 'newest', verified: true, patched: true, platform: 'mobile' })}`);
    expect(platform).toMatch(/SEARCH scripts USING (COVERING )?INDEX scripts_facets_idx/);
  });
});
