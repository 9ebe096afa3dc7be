import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginatedScriptsSchema, scriptDetailSchema } from '../../contract/index.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript, insertScripts } from '../helpers/factories.ts';
import { parseStrict } from '../helpers/schema.ts';

describe.each(dialects)('public catalogue API on %s', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  describe('GET /api/scripts/paginated', () => {
    let ids: number[];

    beforeAll(async () => {
      const rows = await insertScripts(ctx.services, 30);
      ids = rows.map((row) => row.id);
    });

    it('answers the first 16 newest first with the total', async () => {
      const response = await get('/api/scripts/paginated?limit=16&offset=0');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total).toBe(30);
      expect(body.scripts).toHaveLength(16);
      expect(body.scripts.map((s: { id: number }) => s.id)).toEqual([...ids].reverse().slice(0, 16));
      // The seed's Script fields (loadstring included), issue 14's facts, issue 15's votes, issue 27's platforms and issue 37's types.
      expect(Object.keys(body.scripts[0]).sort()).toEqual([
        'createdAt',
        'description',
        'dislikes',
        'game',
        'id',
        'image',
        'imageCard',
        'keyLink',
        'keySystem',
        'likes',
        'loaderChangedAt',
        'loaderWarning',
        'loadstring',
        'mayBePatched',
        'patched',
        'platforms',
        'playsname',
        'types',
        'universal',
        'updateAddedHigh',
        'updatedAt',
        'verified',
        'version',
        'views',
        'worksNo',
        'worksYes',
      ]);
      expect(body.scripts[0]).toMatchObject({ game: null, universal: false, keySystem: false, keyLink: null, patched: false, verified: false });
      expect(body.scripts[0]).toMatchObject({ likes: 0, dislikes: 0, worksYes: 0, worksNo: 0, mayBePatched: false, platforms: [], types: [] });
      expect(body.scripts[0].loadstring).toMatch(/^print\(/);
    });

    it('defaults to 16 items at offset 0', async () => {
      const body = (await get('/api/scripts/paginated')).json();
      expect(body.scripts).toHaveLength(16);
      expect(body.scripts[0].id).toBe(ids.at(-1));
    });

    it('pages on by 8 with a stable total and no overlap', async () => {
      const first = (await get('/api/scripts/paginated?limit=16&offset=0')).json();
      const second = (await get('/api/scripts/paginated?limit=8&offset=16')).json();
      const third = (await get('/api/scripts/paginated?limit=8&offset=24')).json();
      expect([second.total, third.total]).toEqual([30, 30]);
      expect(second.scripts).toHaveLength(8);
      expect(third.scripts).toHaveLength(6);
      const seen = [...first.scripts, ...second.scripts, ...third.scripts].map((s: { id: number }) => s.id);
      expect(new Set(seen).size).toBe(30);
      expect(seen).toEqual([...ids].reverse());
    });

    it('treats blank q as no search', async () => {
      for (const q of ['', '%20%20', '%09']) {
        const body = (await get(`/api/scripts/paginated?q=${q}`)).json();
        expect(body.total).toBe(30);
      }
    });

    it('answers the same bytes for a repeated page (a cache hit) as for the first (a miss), in the contract’s shape', async () => {
      ctx.services.cache.invalidate();
      const first = await get('/api/scripts/paginated?limit=5&offset=3');
      const second = await get('/api/scripts/paginated?limit=5&offset=3');
      expect(second.statusCode).toBe(200);
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
      expect(second.body).toBe(first.body);
      // Same bytes prove nothing if both are wrong: the answer is exactly the response schema's shape.
      expect(parseStrict(paginatedScriptsSchema, first.body).scripts.map((script) => script.id)).toEqual([...ids].reverse().slice(3, 8));
      // A cached good answer never stands in for a bad request to the same route.
      expect((await get('/api/scripts/paginated?limit=5&offset=-3')).statusCode).toBe(400);
    });

    it('shows a new script at once (the cache drops on write)', async () => {
      await get('/api/scripts/paginated');
      const row = await insertScript(ctx.services, { playsname: 'Fresh arrival' });
      const body = (await get('/api/scripts/paginated')).json();
      expect(body.scripts[0]).toMatchObject({ id: row.id, playsname: 'Fresh arrival' });
      expect(body.total).toBe(31);
    });

    it.each([
      ['limit=-1', 'limit'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-5', 'offset'],
      ['offset=ten', 'offset'],
      [`q=${'a'.repeat(201)}`, 'q'],
    ])('rejects %s with 400 naming %s', async (query, field) => {
      const response = await get(`/api/scripts/paginated?${query}`);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(typeof body.error).toBe('string');
      expect(body.fields).toHaveProperty(field);
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    });
  });

  describe('search', () => {
    let context: TestContext;

    beforeAll(async () => {
      context = await createTestContext(dialect);
      await insertScript(context.services, { playsname: 'Blox Fruits Auto Farm', description: 'Levels up while you sleep' });
      await insertScript(context.services, { playsname: 'Adopt Me! Pet Helper', description: 'Collects eggs and trades' });
      await insertScript(context.services, { playsname: 'Автофарм для Brookhaven', description: 'Быстрый и безопасный скрипт' });
      await insertScript(context.services, { playsname: 'Pet Simulator X Ёлка', description: '' });
      await insertScript(context.services, { playsname: '50% off_deal', description: 'literal percent' });
    });
    afterAll(async () => context?.close());

    const search = async (q: string) => {
      const response = await context.app.inject({ method: 'GET', url: `/api/scripts/paginated?q=${encodeURIComponent(q)}` });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      return { total: body.total as number, names: (body.scripts as { playsname: string }[]).map((s) => s.playsname) };
    };

    it.each([
      ['fruits', ['Blox Fruits Auto Farm']],
      ['FRUITS', ['Blox Fruits Auto Farm']],
      ['uto fa', ['Blox Fruits Auto Farm']],
      ['sleep', ['Blox Fruits Auto Farm']],
      ['pet', ['Pet Simulator X Ёлка', 'Adopt Me! Pet Helper']],
      ['автофарм', ['Автофарм для Brookhaven']],
      ['АВТОФАРМ', ['Автофарм для Brookhaven']],
      ['безопасн', ['Автофарм для Brookhaven']],
      ['БЕЗ', ['Автофарм для Brookhaven']],
      ['елка', ['Pet Simulator X Ёлка']],
      ['ёлка', ['Pet Simulator X Ёлка']],
      ['%', ['50% off_deal']],
      ['f_d', ['50% off_deal']],
      ['zzz-nothing', []],
    ])('q=%s matches %j', async (q, expected) => {
      const { total, names } = await search(q);
      expect(names).toEqual(expected);
      expect(total).toBe(expected.length);
    });

    it('matches short (1–2 character) queries by scan', async () => {
      const { names } = await search('Ав');
      expect(names).toEqual(['Автофарм для Brookhaven']);
    });

    it('keeps the index in step with deletes', async () => {
      const row = await insertScript(context.services, { playsname: 'Temporary Unicorn' });
      expect((await search('unicorn')).total).toBe(1);
      await context.db.kysely.deleteFrom('scripts').where('id', '=', row.id).execute();
      context.services.cache.invalidate();
      expect((await search('unicorn')).total).toBe(0);
    });
  });

  describe('GET /api/scripts/:id', () => {
    it('answers the script with its loader text', async () => {
      const row = await insertScript(ctx.services, { playsname: 'Detail me', loadstring: 'print("hello")' });
      const response = await get(`/api/scripts/${row.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: row.id, playsname: 'Detail me', loadstring: 'print("hello")', views: 0, image: null });
      expect(new Date(response.json().createdAt).toISOString()).toBe(response.json().createdAt);
    });

    it('answers 404 for an unknown id, from the database and again from the cache', async () => {
      for (let round = 0; round < 2; round++) {
        const response = await get('/api/scripts/999999');
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ error: 'Script not found', code: 'NOT_FOUND' });
      }
    });

    it('answers the same bytes from the cache as from the database, and the fresh script after an edit', async () => {
      const row = await insertScript(ctx.services, { playsname: 'Cached twice' });
      const first = await get(`/api/scripts/${row.id}`);
      const second = await get(`/api/scripts/${row.id}`);
      expect(second.statusCode).toBe(200);
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
      expect(second.body).toBe(first.body);
      expect(parseStrict(scriptDetailSchema, first.body)).toMatchObject({ id: row.id, playsname: 'Cached twice', analysis: { domains: [], findings: [] } });
      await ctx.services.staffScripts.update({ role: 'admin', adminId: 1 }, row.id, { fields: { playsname: 'Renamed' }, channels: undefined, image: undefined });
      expect((await get(`/api/scripts/${row.id}`)).json().playsname).toBe('Renamed');
    });

    it.each(['abc', '0', '-3', '1.5', '99999999999999999999', '1e3'])('answers 400 for id %s', async (id) => {
      const response = await get(`/api/scripts/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    });
  });

  describe('GET /api/scripts/:id/channels', () => {
    it('lists the channels in order', async () => {
      const row = await insertScript(ctx.services, {
        channels: [
          { name: 'first', url: 'https://t.me/first' },
          { name: 'second', url: 'https://t.me/second' },
        ],
      });
      const response = await get(`/api/scripts/${row.id}/channels`);
      expect(response.statusCode).toBe(200);
      const channels = response.json();
      expect(channels.map((c: { name: string; url: string }) => [c.name, c.url])).toEqual([
        ['first', 'https://t.me/first'],
        ['second', 'https://t.me/second'],
      ]);
      expect(typeof channels[0].id).toBe('number');
    });

    it('answers an empty list for a script without channels', async () => {
      const row = await insertScript(ctx.services);
      expect((await get(`/api/scripts/${row.id}/channels`)).json()).toEqual([]);
    });

    it('answers 404 for an unknown script and 400 for a bad id', async () => {
      expect((await get('/api/scripts/999999/channels')).statusCode).toBe(404);
      expect((await get('/api/scripts/x/channels')).statusCode).toBe(400);
    });
  });

  describe('other public endpoints', () => {
    it('GET /api/site-channels answers the stored list', async () => {
      expect((await get('/api/site-channels')).json()).toEqual([]);
    });

    it('GET /api/health answers 200 while the database answers', async () => {
      const response = await get('/api/health');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: dialect });
    });

    it('unknown API paths answer a JSON 404', async () => {
      const response = await get('/api/nope');
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    });

    it('serves the OpenAPI document with the public paths', async () => {
      const response = await get('/api/docs/json');
      expect(response.statusCode).toBe(200);
      const paths = Object.keys(response.json().paths);
      expect(paths).toEqual(expect.arrayContaining(['/api/scripts/paginated', '/api/scripts/{id}', '/api/scripts/{id}/channels']));
    });
  });
});
