import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VIEWS_PER_WRITE } from '../../server/views/view-counter.ts';
import { agentBucket, VIEWS_PER_ADDRESS, visitorHash } from '../../server/visitors/visitor.ts';
import { openDatabase } from '../../server/db/database.ts';
import { ViewRepository } from '../../server/views/repository.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { ANSWER_MAX_AGE_MS } from '../../server/cache/bounded-store.ts';
import { testClock } from '../helpers/clock.ts';
import { insertScript } from '../helpers/factories.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(dialects)('view counting on %s', (dialect) => {
  let ctx: TestContext;
  const clock = testClock();

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { now: clock.now });
  });
  afterAll(async () => ctx?.close());
  // Each test starts with an empty buffer, whatever the previous one left in it.
  afterEach(async () => {
    await ctx.services.views.flush();
  });

  /** Opens a script's detail as a visitor; `ua: null` sends no User-Agent header at all. */
  const open = (id: number, { ip = '203.0.113.10', ua = BROWSER as string | null, headers = {} as Record<string, string> } = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}`, remoteAddress: ip, headers: { 'user-agent': ua ?? undefined, ...headers } });

  async function storedViews(id: number, context: TestContext = ctx): Promise<number> {
    const row = await context.db.kysely.selectFrom('scripts').select('views').where('id', '=', id).executeTakeFirstOrThrow();
    return Number(row.views);
  }

  it('buffers a browser view and writes it only at the flush', async () => {
    const script = await insertScript(ctx.services);
    const response = await open(script.id);
    expect(response.statusCode).toBe(200);

    expect(ctx.services.views.pendingCount).toBe(1);
    expect(await storedViews(script.id)).toBe(0);

    expect(await ctx.services.views.flush()).toBe(1);
    expect(ctx.services.views.pendingCount).toBe(0);
    expect(await storedViews(script.id)).toBe(1);
  });

  it('counts the same visitor once a day, whether the repeat is buffered or already written', async () => {
    const script = await insertScript(ctx.services);
    await open(script.id);
    await open(script.id);
    expect(ctx.services.views.pendingCount).toBe(1);
    await ctx.services.views.flush();
    expect(await storedViews(script.id)).toBe(1);

    await open(script.id);
    expect(await ctx.services.views.flush()).toBe(0);
    expect(await storedViews(script.id)).toBe(1);
  });

  it('counts another address or another browser as another visitor', async () => {
    // The two agents fall in different buckets; otherwise they would count as one (see below).
    expect(agentBucket(PHONE)).not.toBe(agentBucket(BROWSER));
    const script = await insertScript(ctx.services);
    await open(script.id, { ip: '203.0.113.10', ua: BROWSER });
    await open(script.id, { ip: '198.51.100.7', ua: BROWSER });
    await open(script.id, { ip: '203.0.113.10', ua: PHONE });
    expect(await ctx.services.views.flush()).toBe(3);
    expect(await storedViews(script.id)).toBe(3);
  });

  it('counts one address at most a few times a day per script, however many agents it rotates', async () => {
    const script = await insertScript(ctx.services);
    const agents = Array.from({ length: 100 }, (_, i) => BROWSER.replace('Chrome/126.0.0.0', `Chrome/${100 + i}.0.${i}.1`));
    const buckets = new Set(agents.map((agent) => agentBucket(agent)));
    expect(buckets.size).toBe(VIEWS_PER_ADDRESS);
    await Promise.all(agents.map((ua) => open(script.id, { ip: '203.0.113.77', ua })));
    expect(await ctx.services.views.flush()).toBe(VIEWS_PER_ADDRESS);
    // The same rotation again on the same day adds nothing.
    await Promise.all(agents.map((ua) => open(script.id, { ip: '203.0.113.77', ua })));
    expect(await ctx.services.views.flush()).toBe(0);
    expect(await storedViews(script.id)).toBe(VIEWS_PER_ADDRESS);
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 address', async () => {
    const script = await insertScript(ctx.services);
    const sameNetwork = Array.from({ length: 50 }, (_, i) => `2001:db8:1:2:${i.toString(16)}:0:0:${(i * 7).toString(16)}`);
    await Promise.all(sameNetwork.map((ip) => open(script.id, { ip })));
    await open(script.id, { ip: '2001:db8:1:3::1' });
    await open(script.id, { ip: '198.51.100.99' });
    await open(script.id, { ip: '::ffff:198.51.100.99' });
    expect(await ctx.services.views.flush()).toBe(3);
  });

  it('keeps one visitor apart per script', async () => {
    const first = await insertScript(ctx.services);
    const second = await insertScript(ctx.services);
    await open(first.id);
    await open(second.id);
    await ctx.services.views.flush();
    expect([await storedViews(first.id), await storedViews(second.id)]).toEqual([1, 1]);
  });

  it('ignores X-Forwarded-For when the proxy is not trusted (no view inflation by header)', async () => {
    const script = await insertScript(ctx.services);
    for (const forwarded of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      await open(script.id, { headers: { 'x-forwarded-for': forwarded } });
    }
    await ctx.services.views.flush();
    expect(await storedViews(script.id)).toBe(1);
  });

  it('counts the same visitor again once 24 hours have passed', async () => {
    const script = await insertScript(ctx.services);
    const visitor = { ip: '203.0.113.20', userAgent: BROWSER };
    // Real "now" as the start: the counter prunes marks older than a day by the wall clock.
    const start = Date.now();

    ctx.services.views.record(script.id, visitor, start);
    expect(await ctx.services.views.flush()).toBe(1);

    ctx.services.views.record(script.id, visitor, start + DAY_MS - 1_000);
    expect(await ctx.services.views.flush()).toBe(0);
    expect(await storedViews(script.id)).toBe(1);

    ctx.services.views.record(script.id, visitor, start + DAY_MS);
    expect(await ctx.services.views.flush()).toBe(1);
    expect(await storedViews(script.id)).toBe(2);

    ctx.services.views.record(script.id, visitor, start + DAY_MS + 60_000);
    expect(await ctx.services.views.flush()).toBe(0);
    expect(await storedViews(script.id)).toBe(2);
  });

  it('applies the 24-hour rule in the repository from each mark\'s time', async () => {
    const script = await insertScript(ctx.services);
    const mark = (at: number) => [{ visitorHash: visitorHash({ ip: '203.0.113.30', userAgent: BROWSER }), scriptId: script.id, at }];
    const start = Date.UTC(2026, 0, 1);

    expect(await new ViewRepository(ctx.db).applyViews(mark(start))).toEqual(new Map([[script.id, 1]]));
    expect(await new ViewRepository(ctx.db).applyViews(mark(start + 60 * 60 * 1000))).toEqual(new Map());
    expect(await new ViewRepository(ctx.db).applyViews(mark(start + DAY_MS - 1))).toEqual(new Map());
    expect(await new ViewRepository(ctx.db).applyViews(mark(start + DAY_MS))).toEqual(new Map([[script.id, 1]]));
    expect(await storedViews(script.id)).toBe(2);
  });

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['curl', 'curl/8.5.0'],
    ['TelegramBot', 'TelegramBot (like TwitterBot)'],
    ['facebookexternalhit', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['an empty User-Agent', ''],
    ['a blank User-Agent', '   '],
    ['no User-Agent at all', null],
  ])('never counts %s', async (_name, ua) => {
    const script = await insertScript(ctx.services);
    const pendingBefore = ctx.services.views.pendingCount;
    const response = await open(script.id, { ua });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(script.id);
    expect(ctx.services.views.pendingCount).toBe(pendingBefore);
    await ctx.services.views.flush();
    expect(await storedViews(script.id)).toBe(0);
  });

  it('leaves cached answers in place at a flush: the new figure shows once they are a minute old', async () => {
    const script = await insertScript(ctx.services);
    expect((await open(script.id)).json().views).toBe(0);
    const listed = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=100' })).json().scripts.find((s: { id: number }) => s.id === script.id)
        .views;
    expect(await listed()).toBe(0);
    const cached = ctx.services.cache.size;

    await ctx.services.views.flush();
    expect(await storedViews(script.id)).toBe(1);
    // The flush dropped nothing: the same cached answers, still 0.
    expect(ctx.services.cache.size).toBe(cached);
    expect((await open(script.id)).json().views).toBe(0);
    expect(await listed()).toBe(0);
    clock.advance(ANSWER_MAX_AGE_MS + 1);
    expect((await open(script.id)).json().views).toBe(1);
    expect(await listed()).toBe(1);
  });

  it('writes N visitors\' views in one flush, a transaction per slice, exactly N views', async () => {
    const script = await insertScript(ctx.services);
    const visitors = 350; // more than one 300-row insert chunk, and several slices
    for (let i = 0; i < visitors; i += 1) {
      const response = await open(script.id, { ip: `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}` });
      expect(response.statusCode).toBe(200);
    }
    expect(ctx.services.views.pendingCount).toBe(visitors);
    expect(await storedViews(script.id)).toBe(0);

    const transaction = vi.spyOn(ctx.db.kysely, 'transaction');
    try {
      expect(await ctx.services.views.flush()).toBe(visitors);
      expect(transaction).toHaveBeenCalledTimes(Math.ceil(visitors / VIEWS_PER_WRITE));
    } finally {
      transaction.mockRestore();
    }
    expect(await storedViews(script.id)).toBe(visitors);
  });

  it('lets other work run between slices of a big flush (a flush never holds the event loop whole)', async () => {
    const script = await insertScript(ctx.services);
    for (let i = 0; i < 3 * VIEWS_PER_WRITE; i += 1) ctx.services.views.record(script.id, { ip: `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`, userAgent: BROWSER });
    const order: string[] = [];
    const flushed = ctx.services.views.flush().then(() => order.push('flush done'));
    setImmediate(() => order.push('other work'));
    await flushed;
    expect(order).toEqual(['other work', 'flush done']);
    expect(await storedViews(script.id)).toBe(3 * VIEWS_PER_WRITE);
  });

  it('keeps the slices a failed write did not reach, and counts them at the next flush', async () => {
    const script = await insertScript(ctx.services);
    const visitors = 3 * VIEWS_PER_WRITE;
    for (let i = 0; i < visitors; i += 1) ctx.services.views.record(script.id, { ip: `10.8.${Math.floor(i / 250)}.${(i % 250) + 1}`, userAgent: BROWSER });
    const real = ViewRepository.prototype.applyViews;
    let calls = 0;
    // The second slice's transaction fails as a whole, as when the database goes away mid-flush.
    const apply = vi.spyOn(ViewRepository.prototype, 'applyViews').mockImplementation(async function (this: ViewRepository, marks) {
      calls += 1;
      if (calls === 2) throw new Error('database went away');
      return real.call(this, marks);
    });
    try {
      await expect(ctx.services.views.flush()).rejects.toThrow('database went away');
    } finally {
      apply.mockRestore();
    }
    expect(await storedViews(script.id)).toBe(VIEWS_PER_WRITE);
    expect(ctx.services.views.pendingCount).toBe(visitors - VIEWS_PER_WRITE);
    expect(await ctx.services.views.flush()).toBe(visitors - VIEWS_PER_WRITE);
    expect(await storedViews(script.id)).toBe(visitors);
  });

  it('lets concurrent flushes each write their own batch once', async () => {
    const script = await insertScript(ctx.services);
    ctx.services.views.record(script.id, { ip: '192.0.2.1', userAgent: BROWSER });
    const first = ctx.services.views.flush();
    ctx.services.views.record(script.id, { ip: '192.0.2.2', userAgent: BROWSER });
    const second = ctx.services.views.flush();
    const counted = await Promise.all([first, second]);
    expect(counted[0] + counted[1]).toBe(2);
    expect(await storedViews(script.id)).toBe(2);
  });

  it('does not count unknown scripts, and their marks do not break the flush', async () => {
    const script = await insertScript(ctx.services);
    const unknownId = script.id + 100_000;

    const response = await open(unknownId);
    expect(response.statusCode).toBe(404);
    expect(ctx.services.views.pendingCount).toBe(0);

    // A script deleted between the view and the flush: its mark is written but no row changes.
    ctx.services.views.record(unknownId, { ip: '203.0.113.40', userAgent: BROWSER });
    ctx.services.views.record(script.id, { ip: '203.0.113.40', userAgent: BROWSER });
    await expect(ctx.services.views.flush()).resolves.toBeTypeOf('number');
    expect(await storedViews(script.id)).toBe(1);
    const ghost = await ctx.db.kysely.selectFrom('scripts').select('id').where('id', '=', unknownId).executeTakeFirst();
    expect(ghost).toBeUndefined();
  });

  it('flushes on its own timer', async () => {
    const context = await createTestContext(dialect, { env: { VIEW_FLUSH_INTERVAL_MS: '50' } });
    try {
      const script = await insertScript(context.services);
      await context.app.inject({ method: 'GET', url: `/api/scripts/${script.id}`, headers: { 'user-agent': BROWSER } });
      await vi.waitFor(async () => expect(await storedViews(script.id, context)).toBe(1), { timeout: 10_000, interval: 50 });
      expect(context.services.views.pendingCount).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('writes buffered views when the app closes, before the database does', async () => {
    const context = await createTestContext(dialect);
    try {
      const script = await insertScript(context.services);
      await context.app.inject({ method: 'GET', url: `/api/scripts/${script.id}`, headers: { 'user-agent': BROWSER } });
      expect(context.services.views.pendingCount).toBe(1);
      expect(await storedViews(script.id, context)).toBe(0);

      await context.app.close();
      // The database is still open here: the helper's close() closes the app (again, a no-op), then the db.
      expect(await storedViews(script.id, context)).toBe(1);
      expect(context.services.views.pendingCount).toBe(0);
    } finally {
      await context.close();
    }
  });
  // PostgreSQL locks rows; SQLite's writers take the one write lock in turn (and two connections in
  // one thread would only wait on each other's synchronous busy loop).
  if (dialect === 'postgres') {
    it('two processes flushing views of the same scripts at once, in opposite orders, both succeed and count every view', async () => {
      const other = openDatabase(ctx.config.database);
      try {
        const scripts = await Promise.all(Array.from({ length: 40 }, () => insertScript(ctx.services)));
        const ids = scripts.map((script) => script.id);
        const marksFor = (visitor: string, order: number[]) => order.map((scriptId) => ({ visitorHash: `${visitor}-${scriptId}`, scriptId, at: Date.now() }));
        const here = new ViewRepository(ctx.db);
        const there = new ViewRepository(other);
        for (let round = 0; round < 10; round += 1) {
          await Promise.all([here.applyViews(marksFor(`a${round}`, ids)), there.applyViews(marksFor(`b${round}`, [...ids].reverse()))]);
        }
        for (const id of ids) expect(await storedViews(id)).toBe(20);
      } finally {
        await other.close();
      }
    });
  }
});
