import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../server/policies/policies.ts';
import { utcDay } from '../../server/shared/dates.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { twoAppsOnOneDatabase } from '../helpers/reports.ts';

// Issue 38 item 4: GET /raw/{id} answers a script's current loader as text (404 unknown or hidden, 403
// naming the page of a gated one), and each fetch by a new address is a run of the day, counted once
// per address across processes and instances, read back as runs30d (docs/decisions/0062-integrator-api.md).

const ADMIN: Principal = { role: 'admin', adminId: 1 };
const EXECUTOR_AGENT = 'Roblox/WinInet';
const DAY_MS = 86_400_000;

describe.each(dialects)('raw loaders on %s', (dialect) => {
  let ctx: TestContext;
  let now = Date.UTC(2026, 5, 1, 12);
  const ids = { open: 0, gated: 0, hidden: 0, counted: 0 };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { SITE_URL: 'https://catalogue.example' }, clock: () => now });
    ids.open = (await insertScript(ctx.services, { playsname: 'Open Hub', loadstring: 'loadstring(game:HttpGet("https://cdn.example/hub.lua"))()\n-- ünïcode' })).id;
    ids.gated = (await insertScript(ctx.services, { playsname: 'Gated Hub', loadstring: 'print("gated-secret-4412")', channels: [{ name: 'Provider', url: 'https://t.me/provider' }] })).id;
    ids.hidden = (await insertScript(ctx.services, { playsname: 'Hidden Hub', loadstring: 'print("hidden")' })).id;
    ids.counted = (await insertScript(ctx.services, { playsname: 'Counted Hub', loadstring: 'print("counted")' })).id;
    await ctx.services.visibility.set(ADMIN, ids.hidden, true);
  });
  afterAll(async () => ctx?.close());

  const fetchRaw = (id: number | string, address = '203.0.113.7', agent: string | undefined = EXECUTOR_AGENT, method: 'GET' | 'HEAD' = 'GET') =>
    ctx.app.inject({ method, url: `/raw/${id}`, remoteAddress: address, headers: agent === undefined ? {} : { 'user-agent': agent } });

  const runs30d = async (id: number) => {
    await ctx.services.runs.flush();
    ctx.services.cache.invalidate();
    return ((await ctx.app.inject({ method: 'GET', url: `/api/v1/scripts/${id}` })).json() as { runs30d: number }).runs30d;
  };

  it('answers the loader as UTF-8 text', async () => {
    const response = await fetchRaw(ids.open);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('loadstring(game:HttpGet("https://cdn.example/hub.lua"))()\n-- ünïcode');
  });

  it('answers a gated script 403 with a line naming its page, never its loader', async () => {
    const response = await fetchRaw(ids.gated);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain(`https://catalogue.example/scripts/${ids.gated}-gated-hub`);
    expect(response.body).not.toContain('gated-secret-4412');
    expect(response.body.length).toBeLessThan(300);
  });

  it('answers 404 for an unknown or hidden script and 400 for what is no id', async () => {
    for (const id of [ids.hidden, 999_999]) {
      const response = await fetchRaw(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.body).not.toContain('hidden")');
    }
    for (const id of ['abc', '07', '0', '%00']) expect((await fetchRaw(id)).statusCode, id).toBe(400);
  });

  it('counts one run per address a day: repeats, HEAD and crawlers add nothing; the next day counts again', async () => {
    await fetchRaw(ids.counted, '198.51.100.1');
    await fetchRaw(ids.counted, '198.51.100.1');
    await fetchRaw(ids.counted, '198.51.100.1', 'another agent');
    await fetchRaw(ids.counted, '198.51.100.2', undefined);
    await fetchRaw(ids.counted, '2001:db8:1:2::1');
    // The same /64: the same address group.
    await fetchRaw(ids.counted, '2001:db8:1:2::99');
    await fetchRaw(ids.counted, '198.51.100.3', EXECUTOR_AGENT, 'HEAD');
    await fetchRaw(ids.counted, '198.51.100.4', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await fetchRaw(ids.gated, '198.51.100.5');
    await fetchRaw(999_999, '198.51.100.5');
    expect(await runs30d(ids.counted)).toBe(3);
    expect(await runs30d(ids.gated)).toBe(0);
    // A flush that finds the marks already stored (another process wrote them) adds nothing.
    await fetchRaw(ids.counted, '198.51.100.1');
    expect(await runs30d(ids.counted)).toBe(3);
    now += DAY_MS;
    await fetchRaw(ids.counted, '198.51.100.1');
    expect(await runs30d(ids.counted)).toBe(4);
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/v1/scripts' })).json() as { scripts: { id: number; runs30d: number }[] };
    expect(listed.scripts.find((script) => script.id === ids.counted)?.runs30d).toBe(4);
  });

  it('reads runs of the last 30 days only', async () => {
    const day = utcDay(now);
    await ctx.db.kysely.insertInto('script_runs_daily').values([
      { script_id: ids.open, day: day - 29, runs: 5 },
      { script_id: ids.open, day: day - 30, runs: 100 },
    ]).execute();
    expect(await runs30d(ids.open)).toBe(5 + 1);
  });
});

describe.each(dialects)('runs across two instances on one database on %s', (dialect) => {
  it('counts an address once a day whichever instance it reached, however the flushes interleave', async () => {
    const { apps, close } = await twoAppsOnOneDatabase(dialect);
    try {
      const [first, second] = apps;
      const id = (await first.services.scripts.insert({ playsname: 'Shared Hub', description: '', loadstring: 'print("shared")', imageKey: null, ownerModeratorId: null, channels: [] })).id;
      const fetch = (app: typeof first, address: string) => app.app.inject({ method: 'GET', url: `/raw/${id}`, remoteAddress: address, headers: { 'user-agent': EXECUTOR_AGENT } });
      for (const response of await Promise.all([fetch(first, '192.0.2.1'), fetch(second, '192.0.2.1'), fetch(second, '192.0.2.2'), fetch(first, '192.0.2.3')])) {
        expect(response.statusCode).toBe(200);
      }
      // Both flush at once: the marks of 192.0.2.1 meet in the database.
      await Promise.all([first.services.runs.flush(), second.services.runs.flush()]);
      const read = async (app: typeof first) => {
        app.services.cache.invalidate();
        return ((await app.app.inject({ method: 'GET', url: `/api/v1/scripts/${id}` })).json() as { runs30d: number }).runs30d;
      };
      expect(await read(first)).toBe(3);
      expect(await read(second)).toBe(3);
    } finally {
      await close();
    }
  });
});

describe('the script page’s always-latest line (server-rendered)', () => {
  let ctx: TestContext;
  let open: number;
  let gated: number;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { web: true, env: { SITE_URL: 'https://catalogue.example' } });
    open = (await insertScript(ctx.services, { playsname: 'Open Page Hub', loadstring: 'print("open page")' })).id;
    gated = (await insertScript(ctx.services, { playsname: 'Gated Page Hub', loadstring: 'print("gated page")', channels: [{ name: 'Provider', url: 'https://t.me/provider' }] })).id;
  });
  afterAll(async () => ctx?.close());

  const html = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/scripts/${id}` })).body;

  it('is on an ungated script’s page, naming SITE_URL; never on a gated one’s', async () => {
    expect(await html(open)).toContain(`https://catalogue.example/raw/${open}`);
    expect(await html(gated)).not.toContain(`/raw/${gated}`);
  });
});
