import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { imageFiles, imageKeyOf, pngImage, type ScriptFormInput, scriptForm, snapshot, uploadsListing } from '../helpers/staff.ts';

// Ownership (docs/product.md#ownership), the staff lists with paging and search
// (docs/product.md#staff-list-paging), the channels text (docs/product.md#channels-text), image files on
// create/edit/delete (docs/product.md#images), site channels (docs/product.md#site-channels) and
// moderator management.

interface StaffScriptBody {
  id: number;
  playsname: string;
  description: string;
  loadstring: string;
  image: string | null;
  imageCard: string | null;
  createdAt: string;
  views: number;
  channels: { id: number; name: string; url: string }[];
  ownerModeratorId: number | null;
  updatedAt: string;
}

const STAFF_SCRIPT_KEYS = [
  'channels',
  'createdAt',
  'description',
  'dislikes',
  'executors',
  'game',
  'hidden',
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
  'ownerModeratorId',
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
];
const FACTS = ['game', 'universal', 'keySystem', 'keyLink', 'patched', 'verified'];

describe.each(dialects)('staff script management on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
  });
  afterAll(async () => ctx?.close());

  const as = (account: Pick<Account, 'token'> | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(ctx, account, { method, url, ...(payload === undefined ? {} : { payload: payload as string }) });
  const createAs = async (account: Account, path: '/api/m' | '/api/ac', input: ScriptFormInput) => {
    const response = await as(account, 'POST', path, scriptForm({ playsname: 'Unnamed', description: 'Some text', loadstring: 'print(1)', ...input }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as StaffScriptBody;
  };
  const channelsOf = (scriptId: number) =>
    ctx.db.kysely.selectFrom('script_channels').select(['name', 'url']).where('script_id', '=', scriptId).orderBy('position').execute();
  const scriptRow = (id: number) => ctx.db.kysely.selectFrom('scripts').selectAll().where('id', '=', id).executeTakeFirst();
  const filesExist = (key: string) => imageFiles(ctx, key).map((file) => fs.existsSync(file));

  describe('GET /api/m/scripts (the moderator’s own)', () => {
    it('lists only the caller’s scripts, each with its channels, as an array', async () => {
      const mine = await createModerator(ctx);
      const theirs = await createModerator(ctx);
      const first = await createAs(mine, '/api/m', { playsname: 'Mine one', channels: ['@mine_a, mine_b'] });
      const second = await createAs(mine, '/api/m', { playsname: 'Mine two' });
      await createAs(theirs, '/api/m', { playsname: 'Theirs' });
      await createAs(admin, '/api/ac', { playsname: 'The admin’s' });

      const response = await as(mine, 'GET', '/api/m/scripts');
      expect(response.statusCode).toBe(200);
      const body = response.json() as StaffScriptBody[];
      expect(Array.isArray(body)).toBe(true);
      expect(body.map((s) => s.id)).toEqual([second.id, first.id]);
      expect(Object.keys(body[0] as object).sort()).toEqual(STAFF_SCRIPT_KEYS);
      expect(body.every((s) => s.ownerModeratorId === mine.id)).toBe(true);
      expect(body[1]?.channels.map(({ name, url }) => ({ name, url }))).toEqual([
        { name: 'mine_a', url: 'https://t.me/mine_a' },
        { name: 'mine_b', url: 'https://t.me/mine_b' },
      ]);
      expect(body[0]?.channels).toEqual([]);
    });

    it('pages with limit/offset as { items, total }, 10 to a page by default', async () => {
      const mod = await createModerator(ctx);
      const start = Date.UTC(2026, 1, 1);
      const rows = [];
      for (let i = 0; i < 13; i += 1) {
        rows.push(await insertScript(ctx.services, { playsname: `Paged ${i}`, ownerModeratorId: mod.id, createdAt: new Date(start + i * 1000) }));
      }
      await insertScript(ctx.services, { playsname: 'Paged but not mine' });
      const newestFirst = rows.map((row) => row.id).reverse();

      const first = (await as(mod, 'GET', '/api/m/scripts?offset=0')).json();
      expect(first.total).toBe(13);
      expect(first.items.map((s: StaffScriptBody) => s.id)).toEqual(newestFirst.slice(0, 10));
      expect(first.items[0].channels).toEqual([]);
      const second = (await as(mod, 'GET', '/api/m/scripts?offset=10')).json();
      expect(second).toMatchObject({ total: 13 });
      expect(second.items.map((s: StaffScriptBody) => s.id)).toEqual(newestFirst.slice(10));
      const window = (await as(mod, 'GET', '/api/m/scripts?limit=4&offset=3')).json();
      expect(window.items.map((s: StaffScriptBody) => s.id)).toEqual(newestFirst.slice(3, 7));
      expect(window.total).toBe(13);
    });

    it.each([
      ['АВТОФАРМ', ['Автофарм деревни']],
      ['телепорт', ['Plain name']],
      ['СЕКРЕТ', ['Loader only']],
      ['httpget', ['Loader only']],
      ['Example.COM', ['Loader only']],
      ['ЁЛКИ', ['Plain name']],
      ['nothing-like-this', []],
    ])('q=%s searches name, description and loader text case-insensitively: %j', async (q, names) => {
      const mod = await createModerator(ctx);
      const other = await createModerator(ctx);
      await insertScript(ctx.services, { playsname: 'Автофарм деревни', description: 'Farms', loadstring: 'print(1)', ownerModeratorId: mod.id });
      await insertScript(ctx.services, { playsname: 'Plain name', description: 'Быстрый ТЕЛЕПОРТ у елки', loadstring: 'print(2)', ownerModeratorId: mod.id });
      await insertScript(ctx.services, {
        playsname: 'Loader only',
        description: 'Nothing to see',
        loadstring: 'loadstring(game:HttpGet("https://EXAMPLE.com/Секрет.lua"))()',
        ownerModeratorId: mod.id,
      });
      // Another moderator's matching script never shows.
      await insertScript(ctx.services, { playsname: 'Автофарм телепорт секрет', loadstring: 'HttpGet example.com', ownerModeratorId: other.id });

      const response = await as(mod, 'GET', `/api/m/scripts?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.items.map((s: StaffScriptBody) => s.playsname).sort()).toEqual([...names].sort());
      expect(body.total).toBe(names.length);
    });
  });

  describe('DELETE /api/m/:id', () => {
    it('deletes the caller’s own script, its channels and its image files', async () => {
      const mod = await createModerator(ctx);
      const script = await createAs(mod, '/api/m', { channels: ['@gone'], image: await pngImage() });
      const key = imageKeyOf(script.image);
      expect(filesExist(key)).toEqual([true, true]);
      const response = await as(mod, 'DELETE', `/api/m/${script.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: script.id, deleted: true });
      expect(await scriptRow(script.id)).toBeUndefined();
      expect(await channelsOf(script.id)).toEqual([]);
      expect(filesExist(key)).toEqual([false, false]);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).statusCode).toBe(404);
    });

    it.each(['another moderator’s', 'the admin’s', 'a missing'])('is 404 for %s script and changes nothing', async (whose) => {
      const owner = await createModerator(ctx);
      const intruder = await createModerator(ctx);
      let id = 999_999;
      if (whose === 'another moderator’s') id = (await createAs(owner, '/api/m', { channels: ['@kept'], image: await pngImage() })).id;
      if (whose === 'the admin’s') id = (await createAs(admin, '/api/ac', { channels: ['@kept'], image: await pngImage() })).id;
      const before = await snapshot(ctx);
      const response = await as(intruder, 'DELETE', `/api/m/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      expect(await snapshot(ctx)).toEqual(before);
    });
  });

  describe('POST /api/m (multipart)', () => {
    it('creates with repeated and comma-separated channels[] of every accepted form, 201 with the object, public at once', async () => {
      const mod = await createModerator(ctx);
      const response = await as(
        mod,
        'POST',
        '/api/m',
        scriptForm({
          playsname: 'Fresh multipart script',
          description: 'Описание нового скрипта',
          loadstring: 'loadstring(game:HttpGet("https://example.com/fresh.lua"))()',
          channels: ['@alpha, beta', 't.me/gamma', ' https://example.com/c/delta , ', 'https://t.me/epsilon'],
          image: await pngImage(),
        }),
      );
      expect(response.statusCode).toBe(201);
      const body = response.json() as StaffScriptBody;
      expect(Object.keys(body).sort()).toEqual(STAFF_SCRIPT_KEYS);
      expect(body).toMatchObject({
        playsname: 'Fresh multipart script',
        description: 'Описание нового скрипта',
        loadstring: 'loadstring(game:HttpGet("https://example.com/fresh.lua"))()',
        ownerModeratorId: mod.id,
        views: 0,
      });
      expect(body.id).toBeGreaterThan(0);
      expect(body.image).toMatch(/^\/uploads\/[a-f0-9]+\.webp$/);
      const expectedChannels = [
        { name: 'alpha', url: 'https://t.me/alpha' },
        { name: 'beta', url: 'https://t.me/beta' },
        { name: 'gamma', url: 'https://t.me/gamma' },
        { name: 'delta', url: 'https://example.com/c/delta' },
        { name: 'epsilon', url: 'https://t.me/epsilon' },
      ];
      expect(body.channels.map(({ name, url }) => ({ name, url }))).toEqual(expectedChannels);
      expect(await channelsOf(body.id)).toEqual(expectedChannels);

      const catalogue = (await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated' })).json();
      expect(catalogue.scripts[0]).toMatchObject({ id: body.id, playsname: 'Fresh multipart script', image: body.image });
      const detail = await ctx.app.inject({ method: 'GET', url: `/api/scripts/${body.id}` });
      expect(detail.json()).toMatchObject({ id: body.id, loadstring: body.loadstring });
      const channels = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${body.id}/channels` })).json();
      expect(channels.map(({ name, url }: { name: string; url: string }) => ({ name, url }))).toEqual(expectedChannels);
    });

    it.each([
      ['a missing playsname', { description: 'd', loadstring: 'l' }, 400, 'playsname'],
      ['a blank loadstring', { playsname: 'p', description: 'd', loadstring: '   ' }, 400, 'loadstring'],
      ['an http: channel', { playsname: 'p', description: 'd', loadstring: 'l', channels: ['http://t.me/insecure'] }, 400, 'channels'],
      ['a javascript: channel', { playsname: 'p', description: 'd', loadstring: 'l', channels: ['ok_one, javascript:alert(1)'] }, 400, 'channels'],
      ['a text file as image', { playsname: 'p', description: 'd', loadstring: 'l', image: Buffer.from('not an image at all'), imageType: 'image/png' }, 415, 'image'],
    ] as const)('refuses %s (%i naming %s) and changes nothing', async (_name, input, status, field) => {
      const mod = await createModerator(ctx);
      const before = await snapshot(ctx);
      const response = await as(mod, 'POST', '/api/m', scriptForm(input as ScriptFormInput));
      expect(response.statusCode).toBe(status);
      expect(response.json().fields).toHaveProperty(field);
      expect(await snapshot(ctx)).toEqual(before);
    });
  });

  describe('the script form’s contract', () => {
    it('a fault answers with its first field in front, and a channel’s fault as the sentence it is', async () => {
      const mod = await createModerator(ctx);
      const missing = await as(mod, 'POST', '/api/m', scriptForm({ description: 'd', loadstring: 'l', channels: ['http://t.me/x'] }));
      // The text fields are checked first: the channels wait until they are right.
      expect(missing.json()).toEqual({ error: 'playsname: Script Name is required', code: 'VALIDATION_FAILED', fields: { playsname: 'Script Name is required' } });
      const insecure = await as(mod, 'POST', '/api/m', { playsname: 'p', description: 'd', loadstring: 'l', channels: 'ok_one, http://t.me/x' });
      const message = 'Channel "http://t.me/x" must use https://';
      expect(insecure.json()).toEqual({ error: message, code: 'VALIDATION_FAILED', fields: { channels: message } });
      const wrongType = await as(mod, 'POST', '/api/m', [{ playsname: 'p' }]);
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().fields).toHaveProperty('form');
    });

    it('a caller the route does not let in is 401 or 403 before its body is read', async () => {
      const mod = await createModerator(ctx);
      const broken = { 'content-type': 'multipart/form-data; boundary=x' };
      expect((await injectAs(ctx, undefined, { method: 'POST', url: '/api/m', headers: broken, payload: 'not multipart' })).statusCode).toBe(401);
      expect((await injectAs(ctx, mod, { method: 'POST', url: '/api/ac', headers: broken, payload: 'not multipart' })).statusCode).toBe(403);
      expect((await injectAs(ctx, mod, { method: 'POST', url: '/api/m', headers: broken, payload: 'not multipart' })).statusCode).toBe(400);
    });

    it('the OpenAPI document describes the create and edit bodies for multipart and JSON', async () => {
      const { paths } = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      type Body = { content: Record<string, { schema: { properties: Record<string, { type?: string; format?: string }>; required?: string[] } }> };
      const bodies: [string, Body][] = [
        ['POST /api/m', paths['/api/m'].post.requestBody],
        ['POST /api/ac', paths['/api/ac'].post.requestBody],
        ['PATCH /api/update-script/{id}', paths['/api/update-script/{id}'].patch.requestBody],
      ];
      for (const [name, body] of bodies) {
        expect(Object.keys(body.content).sort(), name).toEqual(['application/json', 'multipart/form-data']);
        const multipart = body.content['multipart/form-data']?.schema;
        const json = body.content['application/json']?.schema;
        expect(Object.keys(multipart?.properties ?? {}), name).toEqual(['playsname', 'description', 'loadstring', 'channels[]', 'executors[]', 'types[]', 'image', ...FACTS]);
        expect(multipart?.properties.image, name).toMatchObject({ type: 'string', format: 'binary' });
        expect(Object.keys(json?.properties ?? {}), name).toEqual(['playsname', 'description', 'loadstring', 'channels', 'executors', 'types', ...FACTS]);
        const required = name.startsWith('PATCH') ? undefined : ['playsname', 'description', 'loadstring'];
        expect(multipart?.required, name).toEqual(required);
        expect(json?.required, name).toEqual(required);
      }
    });
  });

  describe('admin scripts', () => {
    it('GET /api/scripts lists every script as an array, and pages as { items, total }', async () => {
      const mod = await createModerator(ctx);
      const moderatorScript = await createAs(mod, '/api/m', { playsname: 'Listed for the admin' });
      const adminScript = await createAs(admin, '/api/ac', { playsname: 'Admin listed' });
      const total = Number(
        (await ctx.db.kysely.selectFrom('scripts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      );

      const all = await as(admin, 'GET', '/api/scripts');
      expect(all.statusCode).toBe(200);
      const list = all.json() as StaffScriptBody[];
      expect(Array.isArray(list)).toBe(true);
      expect(list).toHaveLength(total);
      expect(list.map((s) => s.id)).toEqual(expect.arrayContaining([moderatorScript.id, adminScript.id]));
      expect(list.find((s) => s.id === moderatorScript.id)?.ownerModeratorId).toBe(mod.id);

      const page = (await as(admin, 'GET', '/api/scripts?offset=0')).json();
      expect(page.total).toBe(total);
      expect(page.items).toHaveLength(Math.min(10, total));
      expect(page.items.map((s: StaffScriptBody) => s.id)).toEqual(list.slice(0, 10).map((s) => s.id));
      // Words in any order: "Listed for the admin" holds both words too, newest first.
      const searched = (await as(admin, 'GET', '/api/scripts?q=ADMIN%20LISTED')).json();
      expect(searched.items.map((s: StaffScriptBody) => s.id)).toEqual([adminScript.id, moderatorScript.id]);
      expect(searched.total).toBe(2);
    });

    it('POST /api/ac creates a script the admin owns (owner null)', async () => {
      const script = await createAs(admin, '/api/ac', { playsname: 'Admin made', channels: ['@admin_chan'], image: await pngImage() });
      expect(script.ownerModeratorId).toBeNull();
      expect((await scriptRow(script.id))?.owner_moderator_id).toBeNull();
      expect(script.channels.map((c) => c.name)).toEqual(['admin_chan']);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).statusCode).toBe(200);
    });

    it('PATCH with only playsname keeps the other fields, the image and the channels', async () => {
      const mod = await createModerator(ctx);
      const script = await createAs(mod, '/api/m', {
        playsname: 'Before edit',
        description: 'Kept description',
        loadstring: 'print("kept")',
        channels: ['@kept_one, kept_two'],
        image: await pngImage(),
      });
      const response = await as(admin, 'PATCH', `/api/update-script/${script.id}`, scriptForm({ playsname: 'After edit' }));
      expect(response.statusCode).toBe(200);
      const edited = response.json() as StaffScriptBody;
      // A change moves updatedAt on; everything else stays.
      expect(edited).toEqual({ ...script, playsname: 'After edit', updatedAt: expect.any(String) });
      expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(script.updatedAt));
      expect(filesExist(imageKeyOf(script.image))).toEqual([true, true]);
      expect(await channelsOf(script.id)).toEqual([
        { name: 'kept_one', url: 'https://t.me/kept_one' },
        { name: 'kept_two', url: 'https://t.me/kept_two' },
      ]);
      // The owner stays the moderator.
      expect((await scriptRow(script.id))?.owner_moderator_id).toBe(mod.id);
      const detail = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json();
      expect(detail.playsname).toBe('After edit');
    });

    it('PATCH with channels[] replaces the channels', async () => {
      const script = await createAs(admin, '/api/ac', { channels: ['@old_one, old_two'] });
      const response = await as(admin, 'PATCH', `/api/update-script/${script.id}`, scriptForm({ channels: ['new_one', 'https://example.com/x/new_two'] }));
      expect(response.statusCode).toBe(200);
      const expected = [
        { name: 'new_one', url: 'https://t.me/new_one' },
        { name: 'new_two', url: 'https://example.com/x/new_two' },
      ];
      expect(response.json().channels.map(({ name, url }: { name: string; url: string }) => ({ name, url }))).toEqual(expected);
      expect(await channelsOf(script.id)).toEqual(expected);
      expect(response.json()).toMatchObject({ playsname: script.playsname, description: script.description, loadstring: script.loadstring });
    });

    it('PATCH with channels[] keeps the ids of channels that stay, so visitors need not subscribe again', async () => {
      const script = await createAs(admin, '/api/ac', { channels: ['@stays, goes, @moves'] });
      const before = new Map(script.channels.map((c) => [c.name, c.id]));
      const response = await as(admin, 'PATCH', `/api/update-script/${script.id}`, scriptForm({ channels: ['moves, @stays, fresh'] }));
      expect(response.statusCode).toBe(200);
      const after = (response.json() as StaffScriptBody).channels;
      expect(after.map((c) => c.name)).toEqual(['moves', 'stays', 'fresh']);
      expect(after[0]?.id).toBe(before.get('moves'));
      expect(after[1]?.id).toBe(before.get('stays'));
      expect([...before.values()]).not.toContain(after[2]?.id);
      const publicChannels = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}/channels` })).json();
      expect(publicChannels).toEqual(after.map(({ id, name, url }) => ({ id, name, url })));
    });

    it('PATCH with a new image replaces the files: the old ones go, the new ones are served immutable', async () => {
      const script = await createAs(admin, '/api/ac', { image: await pngImage() });
      const oldKey = imageKeyOf(script.image);
      const response = await as(admin, 'PATCH', `/api/update-script/${script.id}`, scriptForm({ image: await pngImage() }));
      expect(response.statusCode).toBe(200);
      const edited = response.json() as StaffScriptBody;
      const newKey = imageKeyOf(edited.image);
      expect(newKey).not.toBe(oldKey);
      expect(edited.imageCard).toBe(`/uploads/${newKey}-card.webp`);
      expect(filesExist(oldKey)).toEqual([false, false]);
      expect(filesExist(newKey)).toEqual([true, true]);
      expect((await ctx.app.inject({ method: 'GET', url: script.image as string })).statusCode).toBe(404);
      for (const url of [edited.image as string, edited.imageCard as string]) {
        const served = await ctx.app.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(String(served.headers['cache-control'])).toContain('immutable');
        expect(served.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
      }
      expect(edited).toMatchObject({ playsname: script.playsname, channels: script.channels });
    });

    it.each([
      ['a missing script', 'missing', {}, 404],
      ['a blank playsname', 'existing', { playsname: '  ' }, 400],
      ['an http: channel', 'existing', { channels: ['http://example.com/c'] }, 400],
      ['a non-image', 'existing', { image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), imageType: 'image/svg+xml' }, 415],
    ] as const)('PATCH refuses %s (%s) with %i and changes nothing', async (_name, target, input, status) => {
      const script = await createAs(admin, '/api/ac', { channels: ['@unchanged'], image: await pngImage() });
      const before = await snapshot(ctx);
      const id = target === 'missing' ? 999_999 : script.id;
      const response = await as(admin, 'PATCH', `/api/update-script/${id}`, scriptForm(input as ScriptFormInput));
      expect(response.statusCode).toBe(status);
      expect(await snapshot(ctx)).toEqual(before);
    });

    it('DELETE /api/ad/:id removes the row, its channels and its image files', async () => {
      const mod = await createModerator(ctx);
      const script = await createAs(mod, '/api/m', { channels: ['@doomed_one, doomed_two'], image: await pngImage() });
      const key = imageKeyOf(script.image);
      expect(await channelsOf(script.id)).toHaveLength(2);
      const filesBefore = uploadsListing(ctx);
      const response = await as(admin, 'DELETE', `/api/ad/${script.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: script.id, deleted: true });
      expect(await scriptRow(script.id)).toBeUndefined();
      expect(await channelsOf(script.id)).toEqual([]);
      expect(filesExist(key)).toEqual([false, false]);
      expect(uploadsListing(ctx)).toEqual(filesBefore.filter((file) => !file.startsWith(key)));
      expect((await as(admin, 'DELETE', `/api/ad/${script.id}`)).statusCode).toBe(404);
    });

    it('two scripts with the same image share the files; deleting one keeps them for the other', async () => {
      const mod = await createModerator(ctx);
      const bytes = await pngImage();
      const first = await createAs(admin, '/api/ac', { playsname: 'Shares an image', image: bytes });
      const second = await createAs(mod, '/api/m', { playsname: 'Shares it too', image: bytes });
      expect(second.image).toBe(first.image);
      const key = imageKeyOf(first.image);

      expect((await as(admin, 'DELETE', `/api/ad/${first.id}`)).statusCode).toBe(200);
      expect(filesExist(key)).toEqual([true, true]);
      expect((await ctx.app.inject({ method: 'GET', url: second.image as string })).statusCode).toBe(200);

      expect((await as(mod, 'DELETE', `/api/m/${second.id}`)).statusCode).toBe(200);
      expect(filesExist(key)).toEqual([false, false]);
    });

    it('replacing a shared image on one script keeps the files the other still uses', async () => {
      const bytes = await pngImage();
      const first = await createAs(admin, '/api/ac', { image: bytes });
      const second = await createAs(admin, '/api/ac', { image: bytes });
      const key = imageKeyOf(first.image);
      expect((await as(admin, 'PATCH', `/api/update-script/${first.id}`, scriptForm({ image: await pngImage() }))).statusCode).toBe(200);
      expect(filesExist(key)).toEqual([true, true]);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${second.id}` })).json().image).toBe(second.image);
    });
  });

  describe('site channels', () => {
    it('POST adds one (201), GET /api/site-channels lists it, DELETE removes it', async () => {
      const created = await as(admin, 'POST', '/api/site-channels', { name: 'Main channel', url: 'https://t.me/main_channel' });
      expect(created.statusCode).toBe(201);
      const channel = created.json();
      expect(channel).toEqual({ id: expect.any(Number), name: 'Main channel', url: 'https://t.me/main_channel' });

      const listed = await ctx.app.inject({ method: 'GET', url: '/api/site-channels' });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toContainEqual(channel);

      const removed = await as(admin, 'DELETE', `/api/site-channels/${channel.id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ id: channel.id, deleted: true });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/site-channels' })).json()).not.toContainEqual(channel);
      expect((await as(admin, 'DELETE', `/api/site-channels/${channel.id}`)).statusCode).toBe(404);
    });

    it.each([
      ['an http: url', { name: 'Insecure', url: 'http://t.me/insecure' }, 'url'],
      ['a javascript: url', { name: 'Evil', url: 'javascript:alert(1)' }, 'url'],
      ['a blank name', { name: '  ', url: 'https://t.me/x' }, 'name'],
    ])('POST refuses %s with 400 naming %s and changes nothing', async (_name, payload, field) => {
      const before = await snapshot(ctx);
      const response = await as(admin, 'POST', '/api/site-channels', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty(field);
      expect(await snapshot(ctx)).toEqual(before);
    });
  });

  describe('moderators', () => {
    it('GET /api/moderators lists { id, UserName, createdAt } and never a hash, paged or not', async () => {
      const mod = await createModerator(ctx);
      const response = await as(admin, 'GET', '/api/moderators');
      expect(response.statusCode).toBe(200);
      const list = response.json() as Record<string, unknown>[];
      expect(Array.isArray(list)).toBe(true);
      expect(list.length).toBeGreaterThan(0);
      for (const item of list) expect(Object.keys(item).sort()).toEqual(['UserName', 'createdAt', 'id']);
      expect(list).toContainEqual({ id: mod.id, UserName: mod.username, createdAt: expect.any(String) });

      const paged = await as(admin, 'GET', `/api/moderators?limit=10&q=${mod.username.toUpperCase()}`);
      expect(paged.json()).toEqual({ items: [{ id: mod.id, UserName: mod.username, createdAt: expect.any(String) }], total: 1 });
      for (const body of [response.body, paged.body]) {
        expect(body).not.toMatch(/hash|argon2|password/i);
      }
    });

    it('POST /api/createModerator creates one that can log in (201)', async () => {
      const response = await as(admin, 'POST', '/api/createModerator', { UserName: 'Created_Mod', Password: 'created-password-1' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ id: expect.any(Number), UserName: 'Created_Mod', createdAt: expect.any(String) });
      expect(response.body).not.toContain('created-password-1');
      const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { UserName: 'created_mod', Password: 'created-password-1' }, remoteAddress: '198.51.100.7' });
      expect(login.statusCode).toBe(200);
    });

    it.each([
      ['a taken username in another case', { UserName: 'DUPLICATE_name', Password: 'another-password-1' }, 409, 'UserName'],
      ['a short username', { UserName: 'ab', Password: 'long-enough-password' }, 400, 'UserName'],
      ['a username with spaces', { UserName: 'bad name', Password: 'long-enough-password' }, 400, 'UserName'],
      ['a short password', { UserName: 'valid_name_x', Password: 'short' }, 400, 'Password'],
      ['no password', { UserName: 'valid_name_y' }, 400, 'Password'],
    ])('POST /api/createModerator refuses %s with %i naming the field, changing nothing', async (_name, payload, status, field) => {
      // The taken name is the payload's in lower case.
      if (status === 409) await createModerator(ctx, payload.UserName.toLowerCase());
      const before = await snapshot(ctx);
      const response = await as(admin, 'POST', '/api/createModerator', payload);
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED');
      expect(response.json().fields).toHaveProperty(field);
      expect(response.json().error).toMatch(status === 409 ? /username/i : new RegExp(field, 'i'));
      expect(await snapshot(ctx)).toEqual(before);
    });
  });
});
