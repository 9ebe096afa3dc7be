import v8 from 'node:v8';
import { listingKey, listingOf } from '../../server/db/listing.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeapGuard } from '../../server/cache/heap-guard.ts';
import { PublicCache, SHAPES_PER_LIST } from '../../server/cache/public-cache.ts';
import { ViewCounter } from '../../server/views/view-counter.ts';
import { VoteBuffer } from '../../server/votes/vote-buffer.ts';
import { ViewRepository } from '../../server/views/repository.ts';
import { VoteRepository } from '../../server/votes/repository.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { insertScript } from '../helpers/factories.ts';
import { until } from '../helpers/wait.ts';

// Issue 24: every cache and buffer a visitor fills is bounded by entries, by what it costs in the
// heap and by the variety of its keys, and a heap near its limit sheds the caches and writes the
// buffers (docs/decisions/0024-memory-that-cannot-be-exhausted-from-outside.md). Real answers from a real
// database through HTTP; the bounds read back from the caches themselves.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const RUSSIAN = 'Автофарм, телепорт и бесконечные деньги для любой игры. '.repeat(35);
const LOADER = `loadstring(game:HttpGet("https://example.com/s.lua"))()\n${'local padding = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"\n'.repeat(350)}`;

describe('the public answer cache under visitor-made variety', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // 8 MB: a bound a few hundred list pages go far past.
    ctx = await createTestContext('sqlite', { env: { CACHE_MB: '8' } });
    for (let i = 0; i < 20; i += 1) await insertScript(ctx.services, { playsname: `Скрипт ${i}`, description: RUSSIAN, loadstring: LOADER });
  });
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });

  it('keeps the answers as JSON bytes outside the heap, and the API sends exactly them', async () => {
    ctx.services.cache.invalidate();
    const response = await get('/api/scripts/paginated?limit=16');
    const cached = ctx.services.cache.get<{ total: number }>(`list:16:0:${listingKey(listingOf({}))}:`);
    expect(Buffer.isBuffer(cached?.json)).toBe(true);
    expect(response.rawPayload.equals(cached?.json as Buffer)).toBe(true);
    expect(cached?.value.total).toBe(20);
    // What it counts in the heap is its key and entry, not its 300 KB of JSON.
    expect(ctx.services.cache.heapBytes).toBeLessThan(4 * 1024);
    expect(ctx.services.cache.bytes).toBeGreaterThan(cached?.json.length as number);
  });

  it(`keeps at most ${SHAPES_PER_LIST} limits and offsets of one list, the most recently used, within every bound`, async () => {
    ctx.services.cache.invalidate();
    const cache = ctx.services.cache;
    for (let i = 0; i < 80; i += 1) {
      const response = await get(`/api/scripts/paginated?sort=views&limit=${1 + (i % 8)}&offset=${Math.floor(i / 8)}`);
      expect(response.statusCode).toBe(200);
      // The site's own first page, asked for all along, stays.
      expect((await get('/api/scripts/paginated?sort=views')).statusCode).toBe(200);
      expect(cache.familySize(`list:${listingKey(listingOf({ sort: 'views' }))}`)).toBeLessThanOrEqual(SHAPES_PER_LIST);
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
      expect(cache.heapBytes).toBeLessThanOrEqual(cache.maxHeapBytes);
    }
    expect(cache.familySize(`list:${listingKey(listingOf({ sort: 'views' }))}`)).toBe(SHAPES_PER_LIST);
    expect(cache.get(`list:16:0:${listingKey(listingOf({ sort: 'views' }))}:`)).toBeDefined();
  });

  it('lets unknown ids and searches take only their share of the entries', async () => {
    ctx.services.cache.invalidate();
    const cache = ctx.services.cache;
    const known = (await get('/api/scripts/1')).statusCode;
    expect(known).toBe(200);
    for (let i = 0; i < 300; i += 1) {
      expect((await get(`/api/scripts/${1_000_000 + i}`)).statusCode).toBe(404);
      expect((await get(`/api/scripts/paginated?q=${encodeURIComponent(`нет такого ${i}`)}`)).statusCode).toBe(200);
    }
    // 8 MB: 2,048 entries; unknown ids a sixteenth (128), searches (pages and counts) a quarter (512).
    expect(cache.maxEntries).toBe(2_048);
    expect(cache.familySize('nothing')).toBe(128);
    expect(cache.familySize('search')).toBe(512);
    expect(cache.get('script:1')).toBeDefined();
  });
});

describe('the public answer cache on its own', () => {
  it('holds no more entries than its entry bound, however small the answers', async () => {
    const cache = new PublicCache(64 * 1024 * 1024, { maxEntries: 100 });
    for (let i = 0; i < 1_000; i += 1) await cache.remember(`games:${i}`, async () => i);
    expect(cache.size).toBe(100);
    expect(cache.get('games:999')?.value).toBe(999);
  });

  it('counts long keys in the heap and stays within its heap share', async () => {
    const cache = new PublicCache(1024 * 1024);
    const long = 'ж'.repeat(2_000);
    for (let i = 0; i < 500; i += 1) await cache.remember(`channels:${i}:${long}`, async () => [i]);
    // A quarter of 1 MB; every key costs 4 KB (two bytes a character) plus its entry.
    expect(cache.heapBytes).toBeLessThanOrEqual(256 * 1024);
    expect(cache.size).toBeLessThan(64);
    expect(cache.size).toBeGreaterThan(50);
  });
});

describe('the heap guard', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { web: false });
  });
  afterAll(async () => ctx?.close());

  it('sheds nothing below three quarters of the limit', () => {
    const used = v8.getHeapStatistics().used_heap_size;
    expect(ctx.services.heap.check(used * 4)).toBe(false);
  });

  it("near the limit drops the caches and writes the buffered views, in the app's own wiring", async () => {
    const script = await insertScript(ctx.services, { playsname: 'Viewed before the shed' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}`, headers: { 'user-agent': BROWSER } })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated' });
    expect(ctx.services.cache.size).toBeGreaterThan(0);
    expect(ctx.services.views.pendingCount).toBe(1);
    const sheds = ctx.services.heap.sheds;
    // A limit just above what the heap holds now: past three quarters of it.
    expect(ctx.services.heap.check(v8.getHeapStatistics().used_heap_size + 1)).toBe(true);
    expect(ctx.services.heap.sheds).toBe(sheds + 1);
    expect(ctx.services.cache.size).toBe(0);
    expect(ctx.services.pages.size).toBe(0);
    // The flush interval is an hour here: only the shed can have written the view.
    await until('the view written', async () => (await ctx.services.scripts.findListed(script.id))?.views, (views) => Number(views) === 1, 5_000);
  });

  it('warns once per episode, not at every check', () => {
    const warnings: string[] = [];
    let shed = 0;
    const guard = new HeapGuard({ shed: () => (shed += 1), warn: (message) => warnings.push(message) });
    const near = () => v8.getHeapStatistics().used_heap_size + 1;
    expect([guard.check(near()), guard.check(near()), guard.check(near())]).toEqual([true, true, true]);
    expect(shed).toBe(3);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^heap at \d+ of \d+ MB: dropped the caches/);
    // Calm again (below half the limit), then near it: a new episode, a new warning.
    expect(guard.check(v8.getHeapStatistics().used_heap_size * 4)).toBe(false);
    guard.check(near());
    expect(warnings).toHaveLength(2);
  });
});

describe('buffers keyed by visitor', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(async () => ctx?.close());

  const visitor = (i: number) => ({ ip: `10.${Math.floor(i / 250) % 250}.${i % 250}.1`, userAgent: BROWSER });

  it('views: at most maxPending buffered, the rest not counted, and a flush starts on its own at flushAt', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Viewed by many' });
    const views = new ViewCounter(new ViewRepository(ctx.db), { flushIntervalMs: 3_600_000, maxPending: 30, flushAt: 10 });
    const counted = Array.from({ length: 40 }, (_, i) => views.record(script.id, visitor(i)));
    expect(counted.filter(Boolean)).toHaveLength(30);
    expect(views.pendingCount).toBe(30);
    // The timer never started: the flush began when the buffer reached flushAt.
    await until('the early flush', () => views.pendingCount, (pending) => pending === 0, 5_000);
    await until('the views written', async () => (await ctx.services.scripts.findListed(script.id))?.views, (written) => Number(written) === 30, 5_000);
  });

  it('votes: past maxPending answered 503 with Retry-After, and a flush starts on its own at flushAt', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Voted by many' });
    const capped = new VoteBuffer(new VoteRepository(ctx.db), { flushIntervalMs: 5_000, maxPending: 5, flushAt: 1_000 });
    for (let i = 0; i < 5; i += 1) await capped.change(script.id, visitor(i), 'vote', 1);
    await expect(capped.change(script.id, visitor(5), 'vote', 1)).rejects.toMatchObject({ statusCode: 503 });
    expect(capped.pendingCount).toBe(5);

    const early = new VoteBuffer(new VoteRepository(ctx.db), { flushIntervalMs: 3_600_000, flushAt: 3 });
    for (let i = 10; i < 13; i += 1) await early.change(script.id, visitor(i), 'vote', -1);
    await until('the early flush', () => early.pendingCount, (pending) => pending === 0, 5_000);
    await until('the votes written', async () => (await ctx.services.scripts.findListed(script.id))?.dislikes, (dislikes) => Number(dislikes) === 3, 5_000);
  });
});
