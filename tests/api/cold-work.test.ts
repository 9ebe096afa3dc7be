import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColdWork, type ColdLane } from '../../server/cache/cold-work.ts';
import { COLD_WORK_DEFAULTS, ConfigError, loadConfig } from '../../server/shared/config.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { until } from '../helpers/wait.ts';

// The fair share of cold work (docs/decisions.md#fair-share-of-cold-work): one address group flooding
// uncached pages and API answers is refused 429 past its bound while others are served; known
// crawlers queue in a small shared lane; the limiter tracks only lanes with work open.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const FLOODER = '203.0.113.7';
const OTHER = '198.51.100.9';
const CRAWLERS: ColdLane = { key: 'crawlers', crawler: true };
const random = () => Math.random().toString(36).slice(2);

/** Work that stays in its slot until released: a render or load the client has in flight. */
function hold(coldWork: ColdWork, lane: ColdLane, count: number): () => Promise<void> {
  const releases: (() => void)[] = [];
  const running = Array.from({ length: count }, () => coldWork.run(lane, () => new Promise<void>((resolve) => releases.push(resolve))));
  return async () => {
    for (const release of releases) release();
    await Promise.all(running);
  };
}

describe.each(dialects)('the fair share of cold work (%s)', (dialect) => {
  let ctx: TestContext;
  let scriptIds: number[];
  const get = (url: string, address: string, userAgent = BROWSER) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address, 'user-agent': userAgent } });

  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      web: true,
      env: { TRUST_PROXY: 'true', COLD_IN_FLIGHT_PER_CLIENT: '2', COLD_QUEUE_PER_CLIENT: '0', CRAWLER_COLD_IN_FLIGHT: '1', CRAWLER_QUEUE: '4' },
    });
    scriptIds = [];
    for (let i = 0; i < 3; i += 1) scriptIds.push((await insertScript(ctx.services, { playsname: `Fair script ${i}` })).id);
  });
  afterAll(async () => ctx?.close());

  it('answers the flooding address 429 with Retry-After for cold pages and API answers while another address is served', async () => {
    const release = hold(ctx.services.coldWork, { key: FLOODER, crawler: false }, 2);
    const [flood, others, api] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => get(`/scripts?q=${random()}`, FLOODER))),
      Promise.all([get(`/scripts?q=${random()}`, OTHER), get(`/api/scripts/paginated?q=${random()}`, OTHER)]),
      get(`/api/scripts/paginated?q=${random()}`, FLOODER),
    ]);
    for (const response of flood) {
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Too many requests');
    }
    expect(api.statusCode).toBe(429);
    expect(api.headers['retry-after']).toBe('1');
    expect(api.json()).toMatchObject({ code: 'RATE_LIMITED', error: expect.any(String) });
    expect(others.map((response) => response.statusCode)).toEqual([200, 200]);
    await release();
    expect((await get(`/scripts?q=${random()}`, FLOODER)).statusCode).toBe(200);
  });

  it('never lets one address run more cold requests at once than its bound, and forgets it when they end', async () => {
    ctx.services.coldWork.peakPerLane = 0;
    const [flood, other] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, (_, i) => get(i % 2 ? `/scripts?q=${random()}` : `/api/scripts/paginated?q=${random()}`, FLOODER))),
      get(`/scripts?q=${random()}`, OTHER),
    ]);
    for (const response of flood) expect([200, 429]).toContain(response.statusCode);
    expect(other.statusCode).toBe(200);
    expect(ctx.services.coldWork.peakPerLane).toBeGreaterThan(0);
    expect(ctx.services.coldWork.peakPerLane).toBeLessThanOrEqual(2);
    expect(ctx.services.coldWork.trackedLanes).toBe(0);
  });

  it('serves cached pages and answers to an address whose cold work is at its bound', async () => {
    const page = `/scripts/${scriptIds[0]}`;
    const answer = `/api/scripts/${scriptIds[0]}`;
    expect((await get(page, OTHER)).statusCode).toBe(200);
    expect((await get(answer, OTHER)).statusCode).toBe(200);
    const release = hold(ctx.services.coldWork, { key: FLOODER, crawler: false }, 2);
    const [hotPage, hotAnswer] = await Promise.all([get(page, FLOODER), get(answer, FLOODER)]);
    expect(hotPage.statusCode).toBe(200);
    expect(hotAnswer.statusCode).toBe(200);
    await release();
  });

  it('queues a known crawler in its own lane and serves it, never an error, while the lane has room', async () => {
    // The flooder's own slots are full: a crawler is not counted as its address.
    const releaseFlooder = hold(ctx.services.coldWork, { key: FLOODER, crawler: false }, 2);
    const releaseCrawler = hold(ctx.services.coldWork, CRAWLERS, 1);
    const pages = [`/scripts/${scriptIds[1]}`, `/scripts/${scriptIds[2]}`, `/games?x=${random()}`, `/scripts?q=${random()}`];
    const crawled = Promise.all(pages.map((page, i) => get(page, i === 0 ? FLOODER : `192.0.2.${i}`, GOOGLEBOT)));
    await until('the crawlers to queue', () => ctx.services.coldWork.waiting('crawlers'), (waiting) => waiting === 4);
    await releaseCrawler();
    for (const response of await crawled) expect(response.statusCode).toBe(200);
    await releaseFlooder();
  });

  it('holds every agent that calls itself a crawler to the one small crawler lane', async () => {
    ctx.services.coldWork.peakPerLane = 0;
    const release = hold(ctx.services.coldWork, CRAWLERS, 1);
    const crawled = Promise.all(Array.from({ length: 4 }, (_, i) => get(`/scripts?q=${random()}`, `192.0.2.${10 + i}`, GOOGLEBOT)));
    await until('the crawler queue to fill', () => ctx.services.coldWork.waiting('crawlers'), (waiting) => waiting === 4);
    // Past the shared lane's queue, a fake (or real) crawler is told to slow down, and the visitors are not touched.
    const [beyond, visitor] = await Promise.all([get(`/api/scripts/paginated?q=${random()}`, '192.0.2.99', GOOGLEBOT), get(`/scripts?q=${random()}`, OTHER)]);
    expect(beyond.statusCode).toBe(429);
    expect(beyond.headers['retry-after']).toBe('1');
    expect(visitor.statusCode).toBe(200);
    await release();
    for (const response of await crawled) expect(response.statusCode).toBe(200);
    expect(ctx.services.coldWork.peakPerLane).toBe(1);
  });

  it('counts an IPv6 client by its /64', async () => {
    const release = hold(ctx.services.coldWork, { key: '2001:db8:1:2::/64', crawler: false }, 2);
    const [same, next] = await Promise.all([get(`/api/scripts/paginated?q=${random()}`, '2001:db8:1:2::99'), get(`/api/scripts/paginated?q=${random()}`, '2001:db8:1:3::1')]);
    expect(same.statusCode).toBe(429);
    expect(next.statusCode).toBe(200);
    await release();
  });

  it('tracks no address once its requests end, however many addresses asked', async () => {
    for (let batch = 0; batch < 5; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => get(`/api/scripts/paginated?q=${random()}`, `10.${batch}.${i}.${1 + (i % 200)}`)));
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      expect(ctx.services.coldWork.trackedLanes).toBe(0);
    }
  });

  it.each(['garbage', ' , ', '999.1.1.1', '::::', 'unknown', '1.2.3.4, evil', `${'9'.repeat(4000)}`, '[::1]:80', '2001:db8::1%eth0'])(
    'answers an odd X-Forwarded-For %j without a server error',
    async (forwarded) => {
      const page = await get(`/scripts?q=${random()}`, forwarded);
      const answer = await get(`/api/scripts/paginated?q=${random()}`, forwarded);
      expect(page.statusCode).toBeLessThan(500);
      expect(answer.statusCode).toBeLessThan(500);
    },
  );
});

describe('the cold-work lanes', () => {
  const lane: ColdLane = { key: '203.0.113.1', crawler: false };
  const limits = { perClient: 1, perClientQueue: 1, perClientWaitMs: 60_000, crawlers: 1, crawlerQueue: 0, crawlerWaitMs: 60_000 };

  it('hands a freed slot to the queued request, refuses past the queue, and forgets the lane after', async () => {
    const coldWork = new ColdWork(limits);
    const release = hold(coldWork, lane, 1);
    const order: string[] = [];
    const queued = coldWork.run(lane, async () => order.push('queued'));
    expect(coldWork.waiting(lane!.key)).toBe(1);
    await expect(coldWork.run(lane, async () => order.push('refused'))).rejects.toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    await release();
    await queued;
    expect(order).toEqual(['queued']);
    expect(coldWork.trackedLanes).toBe(0);
  });

  it('runs the loads inside held work in its slot, so a page never waits on its own loaders', async () => {
    const coldWork = new ColdWork(limits);
    const inner = await new Promise<number>((resolve, reject) => {
      coldWork.enter(lane, () => {
        coldWork.run(lane, () => coldWork.gate(async () => coldWork.running(lane!.key))).then(resolve, reject);
      });
    });
    expect(inner).toBe(1);
  });

  it('does not limit work outside any request, or with the limit off', async () => {
    const off = new ColdWork({ ...limits, perClient: 0 });
    const release = hold(off, lane, 3);
    expect(off.trackedLanes).toBe(0);
    await release();
    const on = new ColdWork(limits);
    expect(await on.gate(async () => 'loaded')).toBe('loaded');
  });
});

describe('the cold-work settings', () => {
  it('default to the documented bounds and read good values', () => {
    expect(loadConfig({}).coldWork).toEqual(COLD_WORK_DEFAULTS);
    expect(loadConfig({ COLD_IN_FLIGHT_PER_CLIENT: '0', COLD_QUEUE_PER_CLIENT: '0', CRAWLER_QUEUE: '0' }).coldWork).toMatchObject({ perClient: 0, perClientQueue: 0, crawlerQueue: 0 });
  });

  it.each([
    ['COLD_IN_FLIGHT_PER_CLIENT', '-1'],
    ['COLD_QUEUE_PER_CLIENT', 'many'],
    ['COLD_QUEUE_WAIT_MS', '0'],
    ['CRAWLER_COLD_IN_FLIGHT', '0'],
    ['CRAWLER_QUEUE', '1.5'],
    ['CRAWLER_QUEUE_WAIT_MS', '-5'],
  ])('refuses %s=%s by name', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
