import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_SORTS } from '../../contract/index.ts';
import { v1ExecutorListSchema, v1GameListSchema, v1ScriptDetailSchema, v1ScriptPageSchema } from '../../contract/integrations.ts';
import type { Principal } from '../../server/policies/policies.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { insertExecutor, setCompatibility } from '../helpers/compatibility.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { expectedListing, insertListingFixture, type ListedFixture, type ListingQuery } from '../helpers/listing-fixture.ts';
import { setFacts } from '../helpers/script-facts.ts';
import { parseStrict } from '../helpers/schema.ts';

// Issue 38 item 1: the integrator API, /api/v1 (docs/decisions/0062-integrator-api.md). Every route and
// parameter against a fixture, cursor walks (each script exactly once, writes between pages), the
// updatedSince sync, bad input, and gated loaders that never leave.

const ADMIN: Principal = { role: 'admin', adminId: 1 };

interface Page {
  scripts: { id: number }[];
  nextCursor: string | null;
}

/** Every page of a v1 list, following nextCursor; `between` runs after each page (writes under the walk). */
async function walk(ctx: TestContext, url: string, between?: (page: number) => Promise<void>): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1_000; page += 1) {
    const response = await ctx.app.inject({ method: 'GET', url: cursor === null ? url : `${url}&cursor=${cursor}` });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    const body = parseStrict(v1ScriptPageSchema, response.body) as Page;
    ids.push(...body.scripts.map((script) => script.id));
    cursor = body.nextCursor;
    if (cursor === null) return ids;
    await between?.(page);
  }
  throw new Error('the walk did not end');
}

const query = (params: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]))).toString();

describe.each(dialects)('GET /api/v1/scripts against the listing fixture on %s', (dialect) => {
  let ctx: TestContext;
  let fixture: ListedFixture[];

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    fixture = await insertListingFixture(ctx, 700);
  });
  afterAll(async () => ctx?.close());

  const cases: ListingQuery[] = [
    ...SCRIPT_SORTS.map((sort) => ({ sort })),
    { game: 'blox-fruits', sort: 'views' },
    { game: 'rare-game' },
    { universal: true, sort: 'trending' },
    { key: false, sort: 'rating' },
    { patched: true },
    { verified: true, sort: 'updated' },
    { platform: 'mobile' },
    { platform: 'pc', game: 'doors', sort: 'rating' },
    { executor: 'mac-exec' },
    { executor: 'rare-exec', sort: 'views' },
    { q: 'auto' },
    { q: 'esp', game: 'doors', sort: 'views' },
    { q: 'ёлоч' },
    { q: 'qz', sort: 'rating' },
    { q: 'teleport', key: true, executor: 'win-exec' },
  ];

  it.each(cases)('walks %o page by page to every match exactly once, in order', async (listing) => {
    const ids = await walk(ctx, `/api/v1/scripts?${query({ ...listing, limit: 50 })}`);
    expect(ids).toEqual(expectedListing(fixture, listing, Number.POSITIVE_INFINITY).ids);
  });

  it('answers 20 scripts by default and at most 50', async () => {
    const first = (await ctx.app.inject({ method: 'GET', url: '/api/v1/scripts' })).json() as Page;
    expect(first.scripts).toHaveLength(20);
    expect(first.scripts.map((script) => script.id)).toEqual(expectedListing(fixture, {}, Infinity).ids.slice(0, 20));
    const most = (await ctx.app.inject({ method: 'GET', url: '/api/v1/scripts?limit=50' })).json() as Page;
    expect(most.scripts).toHaveLength(50);
  });

  it('refuses an executor no one has, as the catalogue does', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/scripts?executor=nobody' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a cursor of another order', async () => {
    const first = (await ctx.app.inject({ method: 'GET', url: '/api/v1/scripts?limit=5&sort=views' })).json() as Page;
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/scripts?limit=5&sort=newest&cursor=${first.nextCursor}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { cursor: expect.any(String) } });
  });
});

describe.each(dialects)('the integrator API on %s', (dialect) => {
  let ctx: TestContext;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  let bloxId: number;
  const ids = { farm: 0, gated: 0, universal: 0, hidden: 0 };
  const GATED_LOADER = 'loadstring(game:HttpGet("https://gated.example/secret-loader-7781"))()';

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { SITE_URL: 'https://catalogue.example' } });
    const blox = await ctx.services.games.create({ name: 'Blox Fruits', placeId: '2753915549' });
    bloxId = blox.id;
    await ctx.services.games.create({ name: 'Doors', placeId: '6516141723' });
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    ids.farm = (await insertScript(ctx.services, { playsname: 'Auto Farm Hub', description: 'Fast farm', loadstring: 'print("farm")', createdAt: at(1) })).id;
    ids.gated = (await insertScript(ctx.services, { playsname: 'Gated Hub', loadstring: GATED_LOADER, channels: [{ name: 'Provider', url: 'https://t.me/provider' }], createdAt: at(2) })).id;
    ids.universal = (await insertScript(ctx.services, { playsname: 'Universal ESP', loadstring: 'print("esp")', createdAt: at(3) })).id;
    ids.hidden = (await insertScript(ctx.services, { playsname: 'Hidden Hub', loadstring: 'print("hidden")', createdAt: at(4) })).id;
    await setFacts(ctx, ids.farm, { gameId: bloxId, keySystem: true, keyLink: 'https://key.example/get' });
    await setFacts(ctx, ids.gated, { gameId: bloxId });
    await setFacts(ctx, ids.universal, { universal: true, verified: true });
    await ctx.services.visibility.set(ADMIN, ids.hidden, true);
    const executor = await insertExecutor(ctx, { name: 'Wave', slug: 'wave', platforms: ['windows'] });
    await setCompatibility(ctx, ids.farm, executor, { tested: true });
    ctx.services.cache.invalidate();
  });
  afterAll(async () => ctx?.close());

  it('answers each script with exactly the fields of the issue, addresses absolute', async () => {
    const body = parseStrict(v1ScriptPageSchema, (await get('/api/v1/scripts')).body);
    expect(body.nextCursor).toBeNull();
    expect(body.scripts.map((script) => script.id)).toEqual([ids.universal, ids.gated, ids.farm]);
    const farm = body.scripts.find((script) => script.id === ids.farm)!;
    expect(Object.keys(farm).sort()).toEqual(
      ['id', 'slug', 'title', 'description', 'game', 'universal', 'keySystem', 'keyLink', 'patched', 'verified', 'gated', 'platforms', 'createdAt', 'updatedAt', 'version', 'views', 'likes', 'dislikes', 'worksYes', 'worksNo', 'runs30d', 'url', 'rawUrl', 'loader'].sort(),
    );
    expect(farm).toMatchObject({
      slug: 'auto-farm-hub',
      title: 'Auto Farm Hub',
      description: 'Fast farm',
      game: { slug: 'blox-fruits', name: 'Blox Fruits', placeId: '2753915549' },
      universal: false,
      keySystem: true,
      keyLink: 'https://key.example/get',
      gated: false,
      platforms: ['windows'],
      version: 1,
      runs30d: 0,
      url: `https://catalogue.example/scripts/${ids.farm}-auto-farm-hub`,
      rawUrl: `https://catalogue.example/raw/${ids.farm}`,
      loader: 'print("farm")',
    });
  });

  it('gives a gated script gated: true and neither loader nor rawUrl', async () => {
    const body = (await get('/api/v1/scripts')).json() as { scripts: Record<string, unknown>[] };
    expect(body.scripts.find((script) => script.id === ids.gated)).toMatchObject({ gated: true, loader: null, rawUrl: null, url: `https://catalogue.example/scripts/${ids.gated}-gated-hub` });
    expect((await get(`/api/v1/scripts/${ids.gated}`)).json()).toMatchObject({ gated: true, loader: null, rawUrl: null });
  });

  it('narrows by place id (the game that has it), by game, and by both when they agree', async () => {
    const byPlace = (await get('/api/v1/scripts?placeId=2753915549')).json() as Page;
    expect(byPlace.scripts.map((script) => script.id)).toEqual([ids.gated, ids.farm]);
    expect(((await get('/api/v1/scripts?game=blox-fruits&placeId=2753915549')).json() as Page).scripts).toHaveLength(2);
    expect(((await get('/api/v1/scripts?game=doors&placeId=2753915549')).json() as Page).scripts).toEqual([]);
    expect(((await get('/api/v1/scripts?placeId=6516141723')).json() as Page).scripts).toEqual([]);
    expect(((await get('/api/v1/scripts?placeId=1234')).json() as Page)).toEqual({ scripts: [], nextCursor: null });
  });

  it('narrows by the catalogue flags, platform, executor and q', async () => {
    const idsOf = async (params: string) => ((await get(`/api/v1/scripts?${params}`)).json() as Page).scripts.map((script) => script.id);
    expect(await idsOf('universal=true')).toEqual([ids.universal]);
    expect(await idsOf('verified=true')).toEqual([ids.universal]);
    expect(await idsOf('key=true')).toEqual([ids.farm]);
    expect(await idsOf('patched=true')).toEqual([]);
    expect(await idsOf('platform=pc')).toEqual([ids.farm]);
    expect(await idsOf('executor=wave')).toEqual([ids.farm]);
    expect(await idsOf('q=farm')).toEqual([ids.farm]);
    expect(await idsOf('q=hub&placeId=2753915549')).toEqual([ids.gated, ids.farm]);
    expect(await idsOf('q=hidden')).toEqual([]);
  });

  it('answers one script with its compatibility, and 404 for an unknown or hidden one', async () => {
    const response = await get(`/api/v1/scripts/${ids.farm}`);
    expect(response.statusCode).toBe(200);
    const body = parseStrict(v1ScriptDetailSchema, response.body);
    expect(body).toMatchObject({ id: ids.farm, loader: 'print("farm")', compatibility: [{ executor: 'wave', name: 'Wave', tested: true, status: 'working' }] });
    for (const id of [ids.hidden, 999_999]) {
      const missing = await get(`/api/v1/scripts/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await get('/api/v1/scripts/abc')).statusCode).toBe(400);
  });

  it('lists games, by place id too, and executors', async () => {
    const games = parseStrict(v1GameListSchema, (await get('/api/v1/games')).body);
    expect(games.games.map((game) => [game.slug, game.placeId, game.scripts])).toEqual([
      ['blox-fruits', '2753915549', 2],
      ['doors', '6516141723', 0],
    ]);
    expect(parseStrict(v1GameListSchema, (await get('/api/v1/games?placeId=6516141723')).body).games.map((game) => game.slug)).toEqual(['doors']);
    expect((await get('/api/v1/games?placeId=x1')).statusCode).toBe(400);
    const executors = parseStrict(v1ExecutorListSchema, (await get('/api/v1/executors')).body);
    expect(executors.executors).toEqual([expect.objectContaining({ slug: 'wave', name: 'Wave', platforms: ['windows'], status: 'working' })]);
  });

  it('syncs with updatedSince: changed after the instant, oldest change first, an edit between pages comes again at the end', async () => {
    const since = '2025-12-31T23:59:00Z';
    const all = await walk(ctx, `/api/v1/scripts?updatedSince=${since}&limit=1`);
    expect(new Set(all)).toEqual(new Set([ids.farm, ids.gated, ids.universal]));
    // Oldest change first: the fixture's edits (setFacts leaves updated_at) keep creation order.
    expect(all).toEqual([ids.farm, ids.gated, ids.universal]);
    const edited = await walk(ctx, `/api/v1/scripts?updatedSince=${since}&limit=1`, async (page) => {
      if (page === 1) await ctx.services.scripts.update(ids.farm, { description: 'Edited farm' });
      ctx.services.cache.invalidate();
    });
    expect(edited).toEqual([ids.farm, ids.gated, ids.universal, ids.farm]);
    // Before 1970 is everything; no year is out of either database's range.
    expect(((await get('/api/v1/scripts?updatedSince=0000-01-01T00:00:00Z&limit=50')).json() as Page).scripts).toHaveLength(3);
    const later = (await get(`/api/v1/scripts?updatedSince=${encodeURIComponent('2026-01-01T00:02:00.000+00:00')}`)).json() as Page;
    expect(later.scripts.map((script) => script.id)).toEqual([ids.universal, ids.farm]);
  });

  it('walks the newest-first list exactly once while scripts are added, edited, hidden and removed between pages', async () => {
    const before = new Set(((await get('/api/v1/scripts?limit=50')).json() as Page).scripts.map((script) => script.id));
    const made: number[] = [];
    for (let i = 0; i < 9; i += 1) made.push((await insertScript(ctx.services, { playsname: `Walk ${i}`, createdAt: new Date(Date.UTC(2026, 0, 2, 0, i)) })).id);
    const present = [...made].reverse().concat([...before]);
    const seen = await walk(ctx, '/api/v1/scripts?limit=2', async (page) => {
      // New scripts land before the cursor; edits leave created_at as it was.
      await insertScript(ctx.services, { playsname: `Added during the walk ${page}`, createdAt: new Date(Date.UTC(2026, 0, 3, page)) });
      await ctx.services.scripts.update(made[0]!, { playsname: `Walk 0 edited ${page}` });
      ctx.services.cache.invalidate();
    });
    expect(seen).toEqual(present);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses bad input with 400 { error, code } before any read', async () => {
    const bad = [
      '/api/v1/scripts?q=a%00b',
      `/api/v1/scripts?q=${'x'.repeat(5_000)}`,
      '/api/v1/scripts?limit=0',
      '/api/v1/scripts?limit=51',
      '/api/v1/scripts?limit=abc',
      '/api/v1/scripts?cursor=%00',
      '/api/v1/scripts?cursor=not-a-cursor',
      `/api/v1/scripts?cursor=${Buffer.from(JSON.stringify(['newest', 'yesterday', 1])).toString('base64url')}`,
      `/api/v1/scripts?cursor=${Buffer.from(JSON.stringify(['newest', '2026-01-01T00:00:00.000Z', 'drop table'])).toString('base64url')}`,
      `/api/v1/scripts?cursor=${'a'.repeat(500)}`,
      `/api/v1/scripts?cursor=${Buffer.from(JSON.stringify(['newest', '2026-01-01T00:00:00.000Z', 1e12])).toString('base64url')}`,
      `/api/v1/scripts?sort=views&cursor=${Buffer.from(JSON.stringify(['views', 1e30, '2026-01-01T00:00:00.000Z', 5])).toString('base64url')}`,
      `/api/v1/scripts?cursor=${Buffer.from(JSON.stringify(['newest', '-271821-04-20T00:00:00.000Z', 5])).toString('base64url')}`,
      `/api/v1/scripts?cursor=${Buffer.from(JSON.stringify(['newest', '2026-01-01T00:00:00.000Z'])).toString('base64url')}`,
      '/api/v1/scripts?updatedSince=yesterday',
      '/api/v1/scripts?updatedSince=2026-13-45T00:00:00Z',
      '/api/v1/scripts?updatedSince=2026-01-01',
      '/api/v1/scripts?updatedSince=2026-01-01T00:00:00Z&sort=views',
      '/api/v1/scripts?updatedSince=2026-01-01T00:00:00Z&q=farm',
      '/api/v1/scripts?placeId=abc',
      '/api/v1/scripts?placeId=0123',
      '/api/v1/scripts?sort=random',
      '/api/v1/scripts?verified=yes',
      '/api/v1/scripts?game=Blox%20Fruits',
      '/api/v1/scripts?platform=xbox',
    ];
    for (const url of bad) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.stringMatching(/^(VALIDATION_FAILED|BAD_REQUEST)$/) }));
    }
  });

  it('never lets a gated loader out: every v1 answer walked for its text', async () => {
    const urls = [
      ...SCRIPT_SORTS.map((sort) => `/api/v1/scripts?sort=${sort}&limit=1`),
      '/api/v1/scripts?placeId=2753915549&limit=1',
      '/api/v1/scripts?q=gated&limit=1',
      '/api/v1/scripts?updatedSince=2000-01-01T00:00:00Z&limit=1',
      '/api/v1/scripts?game=blox-fruits&limit=1',
    ];
    const bodies: string[] = [];
    for (const url of urls) {
      let cursor: string | null = null;
      do {
        const response = await get(cursor === null ? url : `${url}&cursor=${cursor}`);
        expect(response.statusCode, url).toBe(200);
        bodies.push(response.body);
        cursor = (response.json() as Page).nextCursor ?? null;
      } while (cursor !== null);
    }
    const listed = ((await get('/api/v1/scripts?limit=50')).json() as Page).scripts.map((script) => script.id);
    for (const id of [...listed, ids.gated]) bodies.push((await get(`/api/v1/scripts/${id}`)).body);
    bodies.push((await get('/api/v1/games')).body, (await get('/api/v1/executors')).body);
    expect(bodies.length).toBeGreaterThan(20);
    expect(bodies.some((body) => body.includes(`"id":${ids.gated}`))).toBe(true);
    for (const body of bodies) {
      expect(body).not.toContain('secret-loader-7781');
      expect(body).not.toContain(`/raw/${ids.gated}"`);
    }
  });

  it('documents every v1 route under the tag v1', async () => {
    const document = (await get('/api/docs/json')).json() as { tags?: { name: string }[]; paths: Record<string, Record<string, { tags?: string[] }>> };
    expect(document.tags?.map((tag) => tag.name)).toContain('v1');
    for (const path of ['/api/v1/scripts', '/api/v1/scripts/{id}', '/api/v1/games', '/api/v1/executors']) expect(document.paths[path]?.get?.tags, path).toEqual(['v1']);
  });
});
