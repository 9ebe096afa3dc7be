import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColdBudget } from '../../server/cache/cold-budget.ts';
import { COLD_BUDGET_DEFAULTS, ConfigError, loadConfig } from '../../server/shared/config.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects, throwawayDatabase, type ThrowawayDatabase } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { type BuiltServer, startBuiltWorkers } from '../helpers/processes.ts';
import { until } from '../helpers/wait.ts';

// A rate of cold work per address group (docs/decisions/0034-a-rate-of-cold-work-per-address.md): past its
// burst, an address asking for pages and answers nobody has cached is told 429 with Retry-After while
// other addresses, and cached pages, are served; known crawlers wait in their own bucket's queue.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BURST = 3;
/** One request per 100 s: nothing refills while a test runs, so every count is exact. */
const SLOW_RATE = '0.01';
/** What an address may start at once: one at its rate, and its burst. */
const AT_ONCE = BURST + 1;
const random = () => Math.random().toString(36).slice(2);

function expectRefusal(response: { statusCode: number; headers: Record<string, unknown> }, maxSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['cache-control']).toBe('no-store');
  const seconds = Number(response.headers['retry-after']);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
}

describe.each(dialects)('the rate of cold work per address (%s)', (dialect) => {
  let ctx: TestContext;
  let ids: number[];
  let next = 0;
  /** A script page nobody has asked for yet in this file. */
  const coldScript = () => ids[next++]!;
  const get = (url: string, address: string, userAgent = BROWSER) => ctx.app.inject({ method: 'GET', url, remoteAddress: address, headers: { 'user-agent': userAgent } });

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      web: true,
      env: { COLD_REQUESTS_BURST: String(BURST), COLD_REQUESTS_PER_SECOND: SLOW_RATE, CRAWLER_COLD_REQUESTS_PER_SECOND: '1', CRAWLER_QUEUE: '2', COLD_REFUSAL_HOLD_MS: '0' },
    });
    ids = [];
    for (let i = 0; i < 40; i += 1) ids.push((await insertScript(ctx.services, { playsname: `Fair script ${i}` })).id);
  });
  afterAll(async () => ctx?.close());

  it('refuses one address its cold pages and answers past the burst while another address is served', async () => {
    const flooder = '203.0.113.7';
    for (let i = 0; i < AT_ONCE; i += 1) expect((await get(`/scripts/${coldScript()}`, flooder)).statusCode).toBe(200);
    const [page, answer, otherPage, otherAnswer] = await Promise.all([
      get(`/scripts/${coldScript()}`, flooder),
      get(`/api/scripts/${coldScript()}`, flooder),
      get(`/scripts/${coldScript()}`, '198.51.100.9'),
      get(`/api/scripts/${coldScript()}`, '198.51.100.9'),
    ]);
    expectRefusal(page, 300);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The site's error page shape, with its stylesheet, not a render.
    expect(page.body).toContain('<h1 class="text-2xl font-bold">Too many requests</h1>');
    expect(page.body).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
    expectRefusal(answer, 300);
    expect(answer.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(otherPage.statusCode).toBe(200);
    expect(otherAnswer.statusCode).toBe(200);
  });

  it('serves cached pages and answers to an address whose budget is spent', async () => {
    const flooder = '203.0.113.8';
    const warm = coldScript();
    expect((await get(`/scripts/${warm}`, '198.51.100.10')).statusCode).toBe(200);
    expect((await get(`/api/scripts/${warm}`, '198.51.100.10')).statusCode).toBe(200);
    for (let i = 0; i < AT_ONCE; i += 1) expect((await get(`/api/scripts/paginated?q=${random()}`, flooder)).statusCode).toBe(200);
    expect((await get(`/scripts?q=${random()}`, flooder)).statusCode).toBe(429);
    const [page, answer] = await Promise.all([get(`/scripts/${warm}`, flooder), get(`/api/scripts/${warm}`, flooder)]);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Fair script`);
    expect(answer.statusCode).toBe(200);
  });

  it('counts an IPv6 address by its /64', async () => {
    for (let i = 0; i < AT_ONCE; i += 1) expect((await get(`/api/scripts/paginated?q=${random()}`, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(200);
    const [same, next64] = await Promise.all([get(`/api/scripts/paginated?q=${random()}`, '2001:db8:1:2::99'), get(`/api/scripts/paginated?q=${random()}`, '2001:db8:1:3::1')]);
    expectRefusal(same, 300);
    expect(next64.statusCode).toBe(200);
  });

  it('changes nothing with a refusal: no view counted, no page or answer kept', async () => {
    const flooder = '203.0.113.9';
    for (let i = 0; i < AT_ONCE; i += 1) expect((await get(`/api/scripts/paginated?q=${random()}`, flooder)).statusCode).toBe(200);
    const refused = coldScript();
    const views = ctx.services.views.pendingCount;
    const pages = ctx.services.pages.size;
    expect((await get(`/scripts/${refused}`, flooder)).statusCode).toBe(429);
    expect((await get(`/api/scripts/${refused}`, flooder)).statusCode).toBe(429);
    expect(ctx.services.views.pendingCount).toBe(views);
    expect(ctx.services.pages.size).toBe(pages);
    expect(ctx.services.cache.get(`script:${refused}`)).toBeUndefined();
  });

  it('queues a known crawler past its rate and answers it, in a bucket apart from its address', async () => {
    const address = '203.0.113.10';
    // The address's own budget is spent; the crawler's is its own.
    for (let i = 0; i < AT_ONCE; i += 1) expect((await get(`/api/scripts/paginated?q=${random()}`, address)).statusCode).toBe(200);
    // 1 a second, 2 waiting: the first is served at once, the other two a second apart, none refused.
    const crawling = Promise.all(Array.from({ length: 3 }, () => get(`/scripts/${coldScript()}`, address, GOOGLEBOT)));
    await until('the crawler to wait for its rate', () => ctx.services.coldBudget.openCrawlerLanes, (lanes) => lanes === 1);
    const crawled = await crawling;
    expect(crawled.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(ctx.services.coldBudget.openCrawlerLanes).toBe(0);
  });

  it('refuses a flood that claims to be a crawler once its queue is full, and serves the queued ones', async () => {
    const address = '203.0.113.11';
    const crawled = await Promise.all(Array.from({ length: 5 }, () => get(`/scripts/${coldScript()}`, address, GOOGLEBOT)));
    const statuses = crawled.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    const refused = crawled.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(2);
    // Its queue of 2 drains at 1 a second.
    for (const response of refused) expectRefusal(response, 4);
    // A crawler of another name, and the same crawler from another address, have buckets of their own.
    const [bing, elsewhere] = await Promise.all([
      get(`/scripts/${coldScript()}`, address, 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'),
      get(`/scripts/${coldScript()}`, '203.0.113.12', GOOGLEBOT),
    ]);
    expect(bing.statusCode).toBe(200);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('does not limit the machine itself (loopback: a local tool, or a proxy TRUST_PROXY does not name)', async () => {
    for (let i = 0; i < AT_ONCE + 2; i += 1) expect((await get(`/api/scripts/paginated?q=${random()}`, '127.0.0.1')).statusCode).toBe(200);
  });
});

describe.each(dialects)('a refill of the cold budget (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // 1 every half second, and 2 more at once.
    ctx = await createTestContext(dialect, { web: true, env: { COLD_REQUESTS_BURST: '2', COLD_REQUESTS_PER_SECOND: '2', COLD_REFUSAL_HOLD_MS: '0' } });
  });
  afterAll(async () => ctx?.close());

  it('serves the real page, counting its view once, after the bucket refills', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await insertScript(ctx.services, { playsname: `Refill script ${i}` })).id);
    const get = (id: number) => ctx.app.inject({ method: 'GET', url: `/scripts/${id}`, remoteAddress: '203.0.113.20', headers: { 'user-agent': BROWSER } });
    const views = ctx.services.views.pendingCount;
    const answers = await Promise.all(ids.map((id) => get(id)));
    const served = answers.filter((response) => response.statusCode === 200).length;
    const refused = ids.filter((_, i) => answers[i]!.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(served + refused.length).toBe(ids.length);
    expect(ctx.services.views.pendingCount).toBe(views + served);
    const id = refused[0]!;
    const page = await until('the bucket to refill', () => get(id), (response) => response.statusCode !== 429, 10_000);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Refill script ${ids.indexOf(id)}`);
    expect(ctx.services.views.pendingCount).toBe(views + served + 1);
  });
});

describe.each(dialects)('the rate of cold work on the built server (%s)', (dialect) => {
  const ADMIN = { username: 'fairadmin', password: 'correct horse battery staple' };
  let throwaway: ThrowawayDatabase;
  let running: BuiltServer | undefined;

  beforeAll(async () => {
    throwaway = await throwawayDatabase(dialect);
    // One process: each has its own buckets.
    running = await startBuiltWorkers(throwaway.env, ADMIN, {
      WORKERS: '1',
      TRUST_PROXY: 'true',
      COLD_REQUESTS_BURST: String(BURST),
      COLD_REQUESTS_PER_SECOND: SLOW_RATE,
    });
  });
  afterAll(async () => {
    await running?.kill();
    await throwaway?.drop();
  });

  it('refuses all but what one address may start at once of 20 cold pages sent at once from one address, and serves another', async () => {
    const base = running!.base;
    // Each answer read whole, so no connection is left half-read.
    const get = async (path: string, address: string) => {
      const response = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': address, 'user-agent': BROWSER } });
      return { status: response.status, headers: response.headers, body: await response.text() };
    };
    const flood = await Promise.all(Array.from({ length: 20 }, () => get(`/scripts?q=${random()}`, '203.0.113.30')));
    const statuses = flood.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(AT_ONCE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - AT_ONCE);
    const refused = flood.find((response) => response.status === 429)!;
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.body).toContain('Too many requests');
    const [answer, other] = await Promise.all([get(`/api/scripts/paginated?q=${random()}`, '203.0.113.30'), get(`/scripts?q=${random()}`, '198.51.100.30')]);
    expect(answer.status).toBe(429);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(other.status).toBe(200);
  });
});

describe('a refusal held before it is sent', () => {
  it('answers a refused request only after the hold, while another address is admitted meanwhile', async () => {
    const budget = new ColdBudget({ perSecond: 0.1, burst: 1, crawlerPerSecond: 1, crawlerQueue: 0, refusalHoldMs: 300 });
    const flooder = { key: '203.0.113.40', crawler: false };
    // One at its rate, one of its burst.
    expect(await budget.take(flooder)).toBeUndefined();
    expect(await budget.take(flooder)).toBeUndefined();
    const order: string[] = [];
    const started = performance.now();
    const refused = budget.take(flooder).then((wait) => {
      order.push('refused');
      return { wait, ms: performance.now() - started };
    });
    const admitted = budget.take({ key: '198.51.100.40', crawler: false }).then((wait) => {
      order.push('admitted');
      return wait;
    });
    expect(await admitted).toBeUndefined();
    const { wait, ms } = await refused;
    expect(order).toEqual(['admitted', 'refused']);
    expect(wait).toBeGreaterThanOrEqual(1);
    // A timer never fires before its delay (a millisecond of rounding aside).
    expect(ms).toBeGreaterThanOrEqual(299);
  });
});

describe('the cold budget settings', () => {
  it('default to the documented rate and read good values', () => {
    expect(loadConfig({}).coldBudget).toEqual(COLD_BUDGET_DEFAULTS);
    expect(loadConfig({ COLD_REQUESTS_PER_SECOND: '0', CRAWLER_QUEUE: '0', COLD_REQUESTS_BURST: '5' }).coldBudget).toMatchObject({ perSecond: 0, crawlerQueue: 0, burst: 5 });
    expect(loadConfig({ COLD_REQUESTS_PER_SECOND: '0.5' }).coldBudget.perSecond).toBe(0.5);
  });

  it.each([
    ['COLD_REQUESTS_PER_SECOND', '-1'],
    ['COLD_REQUESTS_PER_SECOND', 'fast'],
    ['COLD_REQUESTS_BURST', '0'],
    ['COLD_REQUESTS_BURST', '2.5'],
    ['CRAWLER_COLD_REQUESTS_PER_SECOND', '0'],
    ['CRAWLER_QUEUE', '-3'],
    ['COLD_REFUSAL_HOLD_MS', '-1'],
    ['COLD_REFUSAL_HOLD_MS', '20000'],
  ])('refuses %s=%s by name', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
