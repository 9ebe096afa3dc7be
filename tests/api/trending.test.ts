import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_VIEWS_KEPT_DAYS, TRENDING_DAYS } from '../../contract/index.ts';
import { openDatabase } from '../../server/db/database.ts';
import { ViewRepository } from '../../server/views/repository.ts';
import { utcDay } from '../../server/shared/dates.ts';
import { trendingScore } from '../../server/views/trending.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// Views per day and the trending score (docs/decisions/0011-trending.md), written by the view flush with
// a clock the tests move across days.

const DAY_MS = 24 * 60 * 60 * 1000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe.each(dialects)('views per day and trending on %s', (dialect) => {
  let ctx: TestContext;
  // Noon UTC, so a few hours either way stay on the same day.
  const clock = testClock(Date.UTC(2026, 5, 10, 12));
  let visitor = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { clock: clock.now });
  });
  afterAll(async () => ctx?.close());

  /** `count` views of a script, each by another visitor. */
  async function view(id: number, count: number) {
    for (let i = 0; i < count; i += 1) {
      visitor += 1;
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/scripts/${id}`,
        remoteAddress: `198.51.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
        headers: { 'user-agent': BROWSER },
      });
      expect(response.statusCode).toBe(200);
    }
  }

  const nextDays = (days: number) => clock.advance(days * DAY_MS);
  const today = () => utcDay(clock.ms);

  async function dailyViews(id: number): Promise<[number, number][]> {
    const rows = await ctx.db.kysely.selectFrom('script_daily_views').select(['day', 'views']).where('script_id', '=', id).orderBy('day').execute();
    return rows.map((row) => [Number(row.day), Number(row.views)]);
  }

  async function stored(id: number): Promise<number> {
    const row = await ctx.db.kysely.selectFrom('scripts').select('trending').where('id', '=', id).executeTakeFirstOrThrow();
    return Number(row.trending);
  }

  /** The score the published formula gives from the script's stored views per day, as stored (the stored one is exact: whole-number weights). */
  async function formula(id: number): Promise<number> {
    return trendingScore(await dailyViews(id), today());
  }

  async function trendingOrder(ids: number[]): Promise<number[]> {
    ctx.services.cache.invalidate();
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?sort=trending&limit=100' })).json() as { scripts: { id: number }[] };
    return body.scripts.map((script) => script.id).filter((id) => ids.includes(id));
  }

  it('writes views per day at the flush only, one row per script and day', async () => {
    await ctx.services.views.flush();
    const script = await insertScript(ctx.services);
    await view(script.id, 3);
    expect(await dailyViews(script.id)).toEqual([]);
    expect(await ctx.services.views.flush()).toBe(3);
    expect(await dailyViews(script.id)).toEqual([[today(), 3]]);
    nextDays(1);
    await view(script.id, 2);
    expect(await dailyViews(script.id)).toEqual([[today() - 1, 3]]);
    await ctx.services.views.flush();
    expect(await dailyViews(script.id)).toEqual([
      [today() - 1, 3],
      [today(), 2],
    ]);
  });

  it('puts views buffered on either side of midnight on their own days, and none for a script deleted meanwhile', async () => {
    await ctx.services.views.flush();
    const kept = await insertScript(ctx.services);
    const deleted = await insertScript(ctx.services);
    // 23:59:30 UTC, then 23:59:30 plus a minute: two days in one flush.
    clock.ms = (today() + 1) * DAY_MS - 30_000;
    await view(kept.id, 2);
    await view(deleted.id, 1);
    clock.advance(60_000);
    await view(kept.id, 1);
    await ctx.db.kysely.deleteFrom('scripts').where('id', '=', deleted.id).execute();
    expect(await ctx.services.views.flush()).toBe(3);
    expect(await dailyViews(kept.id)).toEqual([
      [today() - 1, 2],
      [today(), 1],
    ]);
    expect(await dailyViews(deleted.id)).toEqual([]);
    // Rolled to the new day first, then weighted: yesterday 2 × 6, today 1 × 7.
    expect(await stored(kept.id)).toBe(2 * 6 + 1 * 7);
    clock.ms = today() * DAY_MS + DAY_MS / 2;
  });

  it('keeps each score to the formula as views come in day after day, rolls it when the day changes, and ties go to the newer script', async () => {
    await ctx.services.views.flush();
    const [a, b, c, d, e] = [await insertScript(ctx.services), await insertScript(ctx.services), await insertScript(ctx.services), await insertScript(ctx.services), await insertScript(ctx.services)];
    const ids = [a, b, c, d, e].map((script) => script.id);
    const start = today();
    await view(a.id, 6);
    await view(b.id, 1);
    await ctx.services.views.flush();
    nextDays(1);
    await view(b.id, 3);
    await view(c.id, 2);
    await ctx.services.views.flush();
    nextDays(2);
    await view(c.id, 1);
    await view(d.id, 4);
    await view(e.id, 4);
    await ctx.services.views.flush();

    // Day start+3: a = 6·4/7, b = 1·4/7 + 3·5/7, c = 2·5/7 + 1, d = e = 4 (times 7 as stored).
    expect(today()).toBe(start + 3);
    expect(await Promise.all(ids.map(stored))).toEqual([24, 19, 17, 28, 28]);
    for (const id of ids) expect(await stored(id)).toBeCloseTo(await formula(id), 9);
    // d and e tie: e, added later, first.
    expect(await trendingOrder(ids)).toEqual([e.id, d.id, a.id, b.id, c.id]);

    // A week after its views, a's window is empty: the roll at the next flush zeroes it.
    nextDays(TRENDING_DAYS - 3);
    expect(await ctx.services.views.flush()).toBe(0);
    expect(await new ViewRepository(ctx.db).trendingDay()).toBe(today());
    expect(await stored(a.id)).toBe(0);
    for (const id of ids) expect(await stored(id)).toBeCloseTo(await formula(id), 9);
    expect(await Promise.all(ids.map(stored))).toEqual([0, 3, 5, 12, 12]);
    expect(await trendingOrder(ids)).toEqual([e.id, d.id, c.id, b.id, a.id]);

    nextDays(TRENDING_DAYS);
    await ctx.services.views.flush();
    expect(await Promise.all(ids.map(stored))).toEqual([0, 0, 0, 0, 0]);
  });

  it('rolls once when two processes roll at the same time, and either way ends with the formula', async () => {
    const script = await insertScript(ctx.services);
    const day = today();
    await ctx.db.kysely
      .insertInto('script_daily_views')
      .values([
        { script_id: script.id, day: day - 1, views: 5 },
        { script_id: script.id, day, views: 2 },
      ])
      .execute();
    await ctx.db.kysely.updateTable('catalogue_counts').set({ value: day - 1 }).where('name', '=', 'trending_day').execute();
    const other = openDatabase(ctx.config.database);
    try {
      const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
      const rolled = await Promise.all([new ViewRepository(ctx.db).rollTrending(day, pause), new ViewRepository(other).rollTrending(day, pause)]);
      expect(rolled.filter(Boolean)).toHaveLength(1);
    } finally {
      await other.close();
    }
    expect(await stored(script.id)).toBe(5 * 6 + 2 * 7);
    expect(await new ViewRepository(ctx.db).trendingDay()).toBe(day);
  });

  it(`prunes views per day and empty searches older than ${DAILY_VIEWS_KEPT_DAYS} days with the view marks`, async () => {
    const script = await insertScript(ctx.services);
    const day = today();
    const days = [day - 100, day - DAILY_VIEWS_KEPT_DAYS, day - DAILY_VIEWS_KEPT_DAYS + 1];
    await ctx.db.kysely.insertInto('script_daily_views').values(days.map((d) => ({ script_id: script.id, day: d, views: 1 }))).execute();
    await ctx.db.kysely.insertInto('search_misses').values(days.map((d) => ({ query: 'old miss', day: d, searches: 1 }))).execute();
    // The prune runs with a flush that writes views, at most every ten minutes.
    clock.advance(11 * 60 * 1000);
    await view(script.id, 1);
    await ctx.services.views.flush();
    expect((await dailyViews(script.id)).map(([d]) => d)).toEqual([day - DAILY_VIEWS_KEPT_DAYS + 1, day]);
    const misses = await ctx.db.kysely.selectFrom('search_misses').select('day').where('query', '=', 'old miss').execute();
    expect(misses.map((row) => Number(row.day))).toEqual([day - DAILY_VIEWS_KEPT_DAYS + 1]);
  });
});
