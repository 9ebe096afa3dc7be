import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_SORTS, SEARCH_TOTAL_CAP } from '../../contract/index.ts';
import { scriptPath } from '../../contract/slugs.ts';
import { listingOf } from '../../server/db/listing.ts';
import { SearchRepository } from '../../server/scripts/search-repository.ts';
import type { Principal } from '../../server/policies/policies.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { createAdmin } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { expectedListing, FIXTURE_GAMES, insertListingFixture, type ListedFixture, type ListingQuery, listingUrl } from '../helpers/listing-fixture.ts';
import { BROWSER_AGENT, twoAppsOnOneDatabase } from '../helpers/reports.ts';
import { until } from '../helpers/wait.ts';

// Hidden scripts (docs/decisions/0021-hidden-scripts-and-reports.md#hidden-scripts): every public list, filter, search, total, game
// count and the sitemap leave them out, exactly, and take them back when shown again; staff still
// see them. Checked against the plain definition over a catalogue large enough to take every read path.

const ADMIN: Principal = { role: 'admin', adminId: 1 };
const FILTERS: ListingQuery[] = [{}, { game: 'blox-fruits' }, { game: 'rare-game' }, { key: false }, { verified: true }, { patched: true, universal: true }, { game: 'doors', key: false, patched: false }];
const SEARCHES = ['auto farm', 'blox', 'qz', 'ёлочные', 'fruits e'];
const SEARCH_FILTERS: ListingQuery[] = [{}, { game: 'blox-fruits' }, { key: false }, { verified: true }, { game: 'doors', key: true }];
const label = (query: ListingQuery) => JSON.stringify(query);

describe.each(dialects)('hidden scripts in the catalogue on %s', (dialect) => {
  let ctx: TestContext;
  let fixture: ListedFixture[];
  let hidden: Set<number>;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    fixture = await insertListingFixture(ctx, 3_000);
    // Every 37th script, the newest three and two of the rare game's: in every filter, sort and search.
    const newest = expectedListing(fixture, {}, Infinity).ids.slice(0, 3);
    const rare = fixture.filter((script) => script.game === 'rare-game').slice(0, 2).map((script) => script.id);
    hidden = new Set([...fixture.filter((_, i) => i % 37 === 0).map((script) => script.id), ...newest, ...rare]);
    for (const id of hidden) await ctx.services.visibility.set(ADMIN, id, true);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const visible = () => fixture.filter((script) => !hidden.has(script.id));
  const page = async (query: ListingQuery, limit: number, offset: number) => {
    const response = await ctx.app.inject({ method: 'GET', url: listingUrl(query, limit, offset) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { scripts: { id: number }[]; total: number };
    return { ids: body.scripts.map((script) => script.id), total: body.total };
  };
  const expectPages = async (scripts: ListedFixture[], query: ListingQuery) => {
    const expected = expectedListing(scripts, query, SEARCH_TOTAL_CAP);
    expect(await page(query, 16, 0), label(query)).toEqual({ ids: expected.ids.slice(0, 16), total: expected.total });
    expect(await page(query, 8, 40), label(query)).toEqual({ ids: expected.ids.slice(40, 48), total: expected.total });
  };

  it('leaves them out of every filter and sort, with exact totals', async () => {
    for (const filter of FILTERS) for (const sort of SCRIPT_SORTS) await expectPages(visible(), { ...filter, sort });
  });

  it('leaves them out of searches, filtered or not, through every search path', async () => {
    for (const q of SEARCHES) for (const filter of SEARCH_FILTERS) await expectPages(visible(), { ...filter, q, sort: 'newest' });
    const search = new SearchRepository(ctx.db, { sparseRows: 12, gatherRows: 40, probeRows: 30 });
    for (const q of SEARCHES) {
      for (const filter of [...SEARCH_FILTERS, { verified: false, patched: false }]) {
        for (const sort of ['newest', 'views'] as const) {
          const query = { ...filter, q, sort };
          const expected = expectedListing(visible(), query, SEARCH_TOTAL_CAP);
          const searchFilter = { q, scope: 'public' as const, listing: listingOf(query) };
          const [first, later, total] = await Promise.all([search.pageIds(searchFilter, 16, 0), search.pageIds(searchFilter, 8, 40), search.count(searchFilter, SEARCH_TOTAL_CAP + 1)]);
          expect(first, label(query)).toEqual(expected.ids.slice(0, 16));
          expect(later, label(query)).toEqual(expected.ids.slice(40, 48));
          expect(Math.min(total, SEARCH_TOTAL_CAP), label(query)).toBe(expected.total);
        }
      }
    }
  });

  it('staff lists and staff search still find them, with a Hidden mark', async () => {
    const admin = await createAdmin(ctx);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/scripts?limit=100', headers: { authorization: `Bearer ${admin.token}` } });
    expect(all.json().total).toBe(fixture.length);
    const newest = all.json().items.slice(0, 3) as { id: number; hidden: boolean }[];
    expect(newest.every((item) => item.hidden)).toBe(true);
    const search = new SearchRepository(ctx.db, { sparseRows: 12, gatherRows: 40, probeRows: 30 });
    expect(await search.count({ q: 'auto farm', scope: 'staff' })).toBe(expectedListing(fixture, { q: 'auto farm' }, Infinity).total);
  });

  it('counts only visible scripts per game, and the sitemap lists only them', async () => {
    const games = (await ctx.app.inject({ method: 'GET', url: '/api/games' })).json() as { slug: string; scripts: number }[];
    for (const game of FIXTURE_GAMES) {
      expect(games.find((row) => row.slug === game.slug)?.scripts, game.slug).toBe(visible().filter((script) => script.game === game.slug).length);
    }
    const sitemap = await ctx.services.catalogue.sitemap(0, 5_000);
    expect(sitemap.total).toBe(visible().length);
    expect(sitemap.scripts.map((script) => script.id).sort((a, b) => a - b)).toEqual(visible().map((script) => script.id).sort((a, b) => a - b));
  });

  it('takes them back into every list and total when shown again', async () => {
    for (const id of hidden) await ctx.services.visibility.set(ADMIN, id, false);
    hidden = new Set();
    for (const filter of FILTERS) await expectPages(fixture, { ...filter, sort: 'trending' });
    for (const q of SEARCHES) await expectPages(fixture, { q, key: false });
    expect((await ctx.services.catalogue.sitemap(0, 0)).total).toBe(fixture.length);
  });
});

describe.each(dialects)('hiding reaches another app on one %s database at once', (dialect) => {
  let shared: Awaited<ReturnType<typeof twoAppsOnOneDatabase>>;
  beforeAll(async () => {
    shared = await twoAppsOnOneDatabase(dialect);
  });
  afterAll(async () => shared?.close());

  it('drops the other app’s cached detail, list and count when one hides, and again when it shows', async () => {
    const [writer, reader] = shared.apps;
    const script = await insertScript(writer.services, { playsname: 'Seen by both' });
    const get = (url: string) => reader.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_AGENT } });
    const listed = async () => (await get('/api/scripts/paginated?limit=5')).json() as { scripts: { id: number }[]; total: number };
    // The reader caches both answers first.
    expect((await get(`/api/scripts/${script.id}`)).statusCode).toBe(200);
    expect((await listed()).scripts.map((row) => row.id)).toContain(script.id);

    await writer.services.visibility.set(ADMIN, script.id, true);
    await until('the reader’s 404', async () => (await get(`/api/scripts/${script.id}`)).statusCode, (status) => status === 404, 5_000);
    expect(await listed()).toEqual({ scripts: [], total: 0 });

    await writer.services.visibility.set(ADMIN, script.id, false);
    await until('the reader’s 200', async () => (await get(`/api/scripts/${script.id}`)).statusCode, (status) => status === 200, 5_000);
    expect((await listed()).total).toBe(1);
  });
});

describe.each(dialects)('hidden scripts on the public pages on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true });
    await ctx.services.games.create({ name: 'Blox Fruits' });
  });
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_AGENT, host: 'catalogue.test' } });

  it('answers 404 for its page and data request and leaves the lists, search, game page, feeds and sitemap; all back when shown', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Quietly hidden farm', game: { name: 'Blox Fruits' } });
    const path = scriptPath({ id: script.id, playsname: 'Quietly hidden farm' });
    const lists = ['/scripts', '/scripts?q=quietly', '/games/blox-fruits', '/feed.xml', '/games/blox-fruits/feed.xml', '/sitemap.xml'];
    // Rendered (and cached) while visible.
    expect((await get(path)).statusCode).toBe(200);
    for (const url of lists) expect((await get(url)).body, url).toContain(url === '/sitemap.xml' ? path : 'Quietly hidden farm');

    await ctx.services.visibility.set(ADMIN, script.id, true);
    for (const url of [path, `/scripts/${script.id}`, `${path}.data`]) expect((await get(url)).statusCode, url).toBe(404);
    for (const url of lists) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('Quietly hidden farm');
      expect(response.body, url).not.toContain(path);
    }

    await ctx.services.visibility.set(ADMIN, script.id, false);
    expect((await get(path)).statusCode).toBe(200);
    for (const url of lists) expect((await get(url)).body, url).toContain(url === '/sitemap.xml' ? path : 'Quietly hidden farm');
  });
});
