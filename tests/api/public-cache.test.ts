import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MAX_AGE_MS } from '../../server/cache/bounded-store.ts';
import { PublicCache } from '../../server/cache/public-cache.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// The public caches under real traffic: counted views drop nothing, a write drops what it changes
// (and the writer sees it at once), concurrent misses share one load, and the bounds hold.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe.each(dialects)('public caches on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  const clock = testClock();

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true, now: clock.now });
    admin = await createAdmin(ctx);
  });
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });

  /** Counts calls of one repository method while `run` runs. */
  async function countingCalls(method: 'findListed' | 'listCards', run: () => Promise<unknown>): Promise<number> {
    const repository = ctx.services.scripts;
    const original = repository[method];
    let calls = 0;
    repository[method] = (async (...args: unknown[]) => {
      calls += 1;
      return (original as (...a: unknown[]) => Promise<unknown>).apply(repository, args);
    }) as never;
    try {
      await run();
    } finally {
      repository[method] = original as never;
    }
    return calls;
  }

  it('keeps answers and pages through a view flush, byte for byte, without loading them again', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Flush survivor' });
    const before = [await get(`/api/scripts/${script.id}`), await get(`/scripts/${script.id}`), await get('/api/scripts/paginated')];
    await ctx.services.views.flush();
    const loads = await countingCalls('findListed', async () => {
      const after = [await get(`/api/scripts/${script.id}`), await get(`/scripts/${script.id}`), await get('/api/scripts/paginated')];
      expect(after.map((answer) => answer.body)).toEqual(before.map((answer) => answer.body));
    });
    expect(loads).toBe(0);
  });

  it('shows a staff edit at once in the API and the page, and keeps other scripts cached', async () => {
    const edited = await insertScript(ctx.services, { playsname: 'Before the edit' });
    const other = await insertScript(ctx.services, { playsname: 'Left alone' });
    await get(`/api/scripts/${edited.id}`);
    await get(`/scripts/${edited.id}`);
    const otherAnswer = await get(`/api/scripts/${other.id}`);
    const otherPage = await get(`/scripts/${other.id}`);
    expect((await get('/api/scripts/paginated')).body).toContain('Before the edit');

    const patch = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${edited.id}`, payload: { playsname: 'After the edit' } });
    expect(patch.statusCode).toBe(200);

    expect((await get(`/api/scripts/${edited.id}`)).json().playsname).toBe('After the edit');
    expect((await get(`/scripts/${edited.id}`)).body).toContain('After the edit');
    expect((await get('/api/scripts/paginated')).body).toContain('After the edit');
    // Another script's cached answer and page survive the edit: they are not loaded again.
    const loads = await countingCalls('findListed', async () => {
      expect((await get(`/api/scripts/${other.id}`)).body).toBe(otherAnswer.body);
      expect((await get(`/scripts/${other.id}`)).body).toBe(otherPage.body);
    });
    expect(loads).toBe(0);
  });

  it("drops a script's data requests and the list's with its page, in either form the client asks for them", async () => {
    const script = await insertScript(ctx.services, { playsname: 'Data before the edit' });
    const urls = [`/scripts/${script.id}.data`, `/scripts/${script.id}/_.data`, '/scripts.data', '/scripts/_.data'];
    const cached = ctx.services.pages.size;
    for (const url of urls) expect((await get(url)).body, url).toContain('Data before the edit');
    expect(ctx.services.pages.size).toBe(cached + urls.length);

    const patch = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${script.id}`, payload: { playsname: 'Data after the edit' } });
    expect(patch.statusCode).toBe(200);
    for (const url of urls) expect((await get(url)).body, url).toContain('Data after the edit');
  });

  it('drops script pages and /subscribe on a site-channel change, and keeps the catalogue lists', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Gated later' });
    await get(`/scripts/${script.id}`);
    await get('/subscribe');
    await get('/api/scripts/paginated');
    const added = await injectAs(ctx, admin, { method: 'POST', url: '/api/site-channels', payload: { name: 'Fresh channel', url: 'https://t.me/fresh_channel' } });
    expect(added.statusCode).toBe(201);
    expect((await get('/subscribe')).body).toContain('Fresh channel');
    expect((await get(`/scripts/${script.id}`)).body).toContain('fresh_channel');
    expect(await countingCalls('listCards', () => get('/api/scripts/paginated'))).toBe(0);
  });

  it('reloads an answer once it is a minute old', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Ages out' });
    await get(`/api/scripts/${script.id}`);
    await ctx.db.kysely.updateTable('scripts').set({ views: 777 }).where('id', '=', script.id).execute();
    expect((await get(`/api/scripts/${script.id}`)).json().views).toBe(0);
    clock.advance(ANSWER_MAX_AGE_MS + 1);
    expect((await get(`/api/scripts/${script.id}`)).json().views).toBe(777);
  });

  it('runs one load for concurrent misses of one key, and one render of one page', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Wanted by many' });
    ctx.services.cache.invalidate();
    const loads = await countingCalls('findListed', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(`/api/scripts/${script.id}`)));
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    });
    expect(loads).toBe(1);
    const renders = await countingCalls('findListed', async () => {
      const pages = await Promise.all(Array.from({ length: 20 }, () => get(`/scripts/${script.id}`)));
      expect(new Set(pages.map((page) => page.body)).size).toBe(1);
    });
    // The page's loader reads the script through the (already warm) answer cache: no load at all.
    expect(renders).toBe(0);
  });
});

describe('the public answer cache on its own', () => {
  it('never keeps a load that began before a change, though it still answers its callers', async () => {
    const cache = new PublicCache(1024 * 1024);
    let release: (value: string) => void = () => undefined;
    const slow = cache.remember('script:1', () => new Promise<string>((resolve) => (release = resolve)));
    cache.changed({ kind: 'script', id: 1 });
    // A request after the change does not join the stale load: it loads afresh.
    const fresh = cache.remember('script:1', async () => 'after the change');
    release('before the change');
    expect((await slow).value).toBe('before the change');
    expect((await fresh).value).toBe('after the change');
    expect(cache.get('script:1')?.value).toBe('after the change');
  });

  it('forgets a failed load, so the next request tries again', async () => {
    const cache = new PublicCache(1024 * 1024);
    await expect(cache.remember('list:1', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect((await cache.remember('list:1', async () => 'recovered')).value).toBe('recovered');
  });

  it('stays within its byte bound, dropping the least recently used first', async () => {
    const cache = new PublicCache(64 * 1024);
    for (let i = 0; i < 200; i += 1) await cache.remember(`script:${i}`, async () => 'x'.repeat(1_000));
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.get('script:199')).toBeDefined();
    expect(cache.get('script:0')).toBeUndefined();
  });
});
