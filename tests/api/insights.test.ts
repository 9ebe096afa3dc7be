import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminInsightsSchema, moderatorInsightsSchema } from '../../contract/index.ts';
import { dayString, utcDay } from '../../server/shared/dates.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// The insights API (docs/decisions/0014-insights-and-empty-searches.md#insights) on fixed data: views per day (30 days, zero-filled,
// oldest first), new scripts per day, the week's top scripts, the week's searches that found nothing,
// and each staff member's own views per day.

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(dialects)('the insights API on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;
  let clock = 1_000_000;
  const today = utcDay(Date.now());
  const ids = { mine: 0, popular: 0, older: 0, edge: 0, outside: 0 };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { now: () => clock });
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
    const noon = (daysAgo: number) => new Date((today - daysAgo) * DAY_MS + 12 * 60 * 60 * 1000);
    // Created: 2 scripts today, 1 three days ago, 1 29 days ago (the window's first day), 1 30 days ago (outside it).
    ids.mine = (await insertScript(ctx.services, { playsname: 'Mine', ownerModeratorId: moderator.id, createdAt: noon(0) })).id;
    ids.popular = (await insertScript(ctx.services, { playsname: 'Popular', createdAt: noon(0) })).id;
    ids.older = (await insertScript(ctx.services, { playsname: 'Older', createdAt: noon(3) })).id;
    ids.edge = (await insertScript(ctx.services, { playsname: 'Edge', createdAt: noon(29) })).id;
    ids.outside = (await insertScript(ctx.services, { playsname: 'Outside', createdAt: noon(30) })).id;
    // Eleven more with a few views each this week, so the top 10 is cut.
    for (let i = 0; i < 11; i += 1) {
      const { id } = await insertScript(ctx.services, { playsname: `Filler ${i}`, createdAt: noon(40 + i) });
      await ctx.db.kysely.insertInto('script_daily_views').values({ script_id: id, day: today - 1, views: 1 }).execute();
    }
    const views = [
      { script_id: ids.mine, day: today, views: 5 },
      { script_id: ids.mine, day: today - 6, views: 7 },
      { script_id: ids.popular, day: today, views: 40 },
      { script_id: ids.popular, day: today - 29, views: 3 },
      // Outside the 30 days: counted nowhere.
      { script_id: ids.popular, day: today - 30, views: 1000 },
      // Outside the week: in the chart, not in the week's top.
      { script_id: ids.older, day: today - 7, views: 500 },
      { script_id: ids.edge, day: today - 2, views: 12 },
    ];
    await ctx.db.kysely.insertInto('script_daily_views').values(views).execute();
    await ctx.db.kysely
      .insertInto('search_misses')
      .values([
        { query: 'adopt me dupe', day: today, searches: 4 },
        { query: 'adopt me dupe', day: today - 6, searches: 3 },
        { query: 'zzz', day: today - 1, searches: 5 },
        { query: 'old miss', day: today - 7, searches: 99 },
        ...Array.from({ length: 55 }, (_, i) => ({ query: `rare ${String(i).padStart(2, '0')}`, day: today, searches: 1 })),
      ])
      .execute();
  }, 60_000);
  afterAll(async () => ctx?.close());

  const overview = async () => {
    const response = await injectAs(ctx, admin, { method: 'GET', url: '/api/insights/overview' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toMatch(/no-store/);
    return adminInsightsSchema.parse(response.json());
  };
  const figure = (list: { day: string; value: number }[], daysAgo: number) => list.find((entry) => entry.day === dayString(today - daysAgo))?.value;

  it('views per day: the last 30 UTC days, oldest first, every day present (0 when none)', async () => {
    const { viewsPerDay } = await overview();
    expect(viewsPerDay.map((entry) => entry.day)).toEqual(Array.from({ length: 30 }, (_, i) => dayString(today - 29 + i)));
    expect(viewsPerDay.every((entry) => /^\d{4}-\d{2}-\d{2}$/.test(entry.day))).toBe(true);
    expect(figure(viewsPerDay, 0)).toBe(45);
    expect(figure(viewsPerDay, 1)).toBe(11);
    expect(figure(viewsPerDay, 2)).toBe(12);
    expect(figure(viewsPerDay, 6)).toBe(7);
    expect(figure(viewsPerDay, 7)).toBe(500);
    expect(figure(viewsPerDay, 29)).toBe(3);
    expect(figure(viewsPerDay, 15)).toBe(0);
    expect(viewsPerDay.reduce((sum, entry) => sum + entry.value, 0)).toBe(45 + 11 + 12 + 7 + 500 + 3);
  });

  it('new scripts per day: the last 30 UTC days by created_at', async () => {
    const { newScriptsPerDay } = await overview();
    expect(newScriptsPerDay).toHaveLength(30);
    expect(newScriptsPerDay[29]).toEqual({ day: dayString(today), value: 2 });
    expect(figure(newScriptsPerDay, 3)).toBe(1);
    expect(newScriptsPerDay[0]).toEqual({ day: dayString(today - 29), value: 1 });
    expect(newScriptsPerDay.reduce((sum, entry) => sum + entry.value, 0)).toBe(4);
  });

  it('top this week: the 10 most viewed scripts of the last 7 days, ties to the newer script', async () => {
    const { topThisWeek } = await overview();
    expect(topThisWeek).toHaveLength(10);
    // Mine and Edge tie at 12: Mine, created today, is the newer.
    expect(topThisWeek.slice(0, 3)).toEqual([
      { id: ids.popular, playsname: 'Popular', views: 40 },
      { id: ids.mine, playsname: 'Mine', views: 12 },
      { id: ids.edge, playsname: 'Edge', views: 12 },
    ]);
    // The fillers tie at 1 view: the newest ones (created most recently) come first.
    expect(topThisWeek.slice(3).map((entry) => entry.playsname)).toEqual(['Filler 0', 'Filler 1', 'Filler 2', 'Filler 3', 'Filler 4', 'Filler 5', 'Filler 6']);
    expect(topThisWeek.map((entry) => entry.id)).not.toContain(ids.older);
  });

  it('empty searches: the last 7 days summed per query, most searched first, at most 50', async () => {
    const { emptySearches } = await overview();
    expect(emptySearches).toHaveLength(50);
    expect(emptySearches.slice(0, 3)).toEqual([
      { query: 'adopt me dupe', searches: 7 },
      { query: 'zzz', searches: 5 },
      { query: 'rare 00', searches: 1 },
    ]);
    expect(emptySearches.map((entry) => entry.query)).not.toContain('old miss');
  });

  it('views per day of a moderator’s own scripts, and of all for the admin', async () => {
    const mine = await injectAs(ctx, moderator, { method: 'GET', url: '/api/insights/views' });
    expect(mine.statusCode, mine.body).toBe(200);
    const { viewsPerDay } = moderatorInsightsSchema.parse(mine.json());
    expect(viewsPerDay).toHaveLength(30);
    expect(viewsPerDay.filter((entry) => entry.value > 0)).toEqual([
      { day: dayString(today - 6), value: 7 },
      { day: dayString(today), value: 5 },
    ]);
    const other = await createModerator(ctx);
    const none = moderatorInsightsSchema.parse((await injectAs(ctx, other, { method: 'GET', url: '/api/insights/views' })).json());
    expect(none.viewsPerDay.every((entry) => entry.value === 0)).toBe(true);
    const all = moderatorInsightsSchema.parse((await injectAs(ctx, admin, { method: 'GET', url: '/api/insights/views' })).json());
    expect(all.viewsPerDay).toEqual((await overview()).viewsPerDay);
  });

  it('keeps an answer at most a minute: new views show once the cached one is a minute old', async () => {
    const before = await overview();
    await ctx.db.kysely.insertInto('script_daily_views').values({ script_id: ids.outside, day: today - 10, views: 9 }).execute();
    expect(await overview()).toEqual(before);
    clock += 61_000;
    expect(figure((await overview()).viewsPerDay, 10)).toBe(9);
  });
});
