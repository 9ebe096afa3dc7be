import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SearchMissRepository } from '../../server/insights/search-misses-repository.ts';
import { utcDay } from '../../server/shared/dates.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// Searches that found nothing (docs/decisions/0014-insights-and-empty-searches.md#empty-searches): counted per folded query and day,
// buffered and written with the view flush, for countable visitors only, through the API and the
// /scripts page (rendered or from the page cache). Needs `npm run build` for the page.

const DAY_MS = 24 * 60 * 60 * 1000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(dialects)('empty searches on %s', (dialect) => {
  let ctx: TestContext;
  const clock = testClock(Date.UTC(2026, 5, 10, 12));
  let address = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true, clock: clock.now });
    await insertScript(ctx.services, { playsname: 'Blox Fruits Auto Farm', description: 'Levels up while you sleep' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.services.views.flush();
    await ctx.db.kysely.deleteFrom('search_misses').execute();
  });

  const nextAddress = () => `203.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  async function get(url: string, { ua = BROWSER as string | null, ip = nextAddress() } = {}) {
    const response = await ctx.app.inject({ method: 'GET', url, remoteAddress: ip, headers: ua === null ? {} : { 'user-agent': ua } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response;
  }

  async function stored(): Promise<{ query: string; day: number; searches: number }[]> {
    const rows = await ctx.db.kysely.selectFrom('search_misses').selectAll().orderBy('query').orderBy('day').execute();
    return rows.map((row) => ({ query: row.query, day: Number(row.day), searches: Number(row.searches) }));
  }

  it('counts an API search that found nothing, folded, once per visitor, written only at the flush', async () => {
    const url = `/api/scripts/paginated?q=${encodeURIComponent('  ZEPHYR   Ёлка ')}`;
    expect((await get(url)).json().total).toBe(0);
    const ip = nextAddress();
    await get(url, { ip });
    // The same visitor again (from the cached answer): still one search.
    await get(url, { ip });
    await get(`/api/scripts/paginated?q=zephyr%20%D0%B5%D0%BB%D0%BA%D0%B0&limit=8`);
    expect(await stored()).toEqual([]);
    expect(ctx.services.views.pendingSearchMisses).toBe(1);
    await ctx.services.views.flush();
    expect(await stored()).toEqual([{ query: 'zephyr елка', day: utcDay(clock.ms), searches: 3 }]);
  });

  it('does not count crawlers, agent-less clients, found scripts, later pages or filtered searches', async () => {
    await get('/api/scripts/paginated?q=nothing-here', { ua: GOOGLEBOT });
    await get('/api/scripts/paginated?q=nothing-here', { ua: null });
    await get('/api/scripts/paginated?q=blox');
    await get('/api/scripts/paginated?q=nothing-here&offset=8');
    await get('/api/scripts/paginated?q=nothing-here&key=false');
    await get('/api/scripts/paginated?q=nothing-here&game=blox-fruits');
    await get('/api/scripts/paginated');
    await ctx.services.views.flush();
    expect(await stored()).toEqual([]);
  });

  it('counts a /scripts search that found nothing, rendered or from the page cache, and its data request', async () => {
    const first = await get('/scripts?q=Nothing%20Here');
    expect(first.body).toContain('Nothing Here');
    // The second request is the cached page: no loader runs, it still counts.
    await get('/scripts?q=Nothing%20Here&utm_source=x');
    await get('/scripts.data?q=Nothing%20Here');
    await get('/scripts?q=Nothing%20Here', { ua: GOOGLEBOT });
    await get('/scripts?q=blox');
    await get('/scripts?q=Nothing%20Here&key=false');
    await ctx.services.views.flush();
    expect(await stored()).toEqual([{ query: 'nothing here', day: utcDay(clock.ms), searches: 3 }]);
  });

  it('adds up days and answers the top misses of a period for the insights, most searched first', async () => {
    const repository = new SearchMissRepository(ctx.db);
    await get('/api/scripts/paginated?q=alpha');
    await get('/api/scripts/paginated?q=alpha');
    await get('/api/scripts/paginated?q=beta');
    await ctx.services.views.flush();
    clock.advance(DAY_MS);
    await get('/api/scripts/paginated?q=beta');
    await get('/api/scripts/paginated?q=beta');
    await get('/api/scripts/paginated?q=gamma');
    await ctx.services.views.flush();
    const today = utcDay(clock.ms);
    expect(await stored()).toEqual([
      { query: 'alpha', day: today - 1, searches: 2 },
      { query: 'beta', day: today - 1, searches: 1 },
      { query: 'beta', day: today, searches: 2 },
      { query: 'gamma', day: today, searches: 1 },
    ]);
    expect(await repository.topMisses(today - 6, 50)).toEqual([
      { query: 'beta', searches: 3 },
      { query: 'alpha', searches: 2 },
      { query: 'gamma', searches: 1 },
    ]);
    expect(await repository.topMisses(today, 2)).toEqual([
      { query: 'beta', searches: 2 },
      { query: 'gamma', searches: 1 },
    ]);
  });
});
