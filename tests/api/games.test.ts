import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameListSchema, gameSchema } from '../../contract/index.ts';
import type { CatalogueChange } from '../../server/db/catalogue-change.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { imageFiles, pngImage, scriptForm, snapshot } from '../helpers/staff.ts';
import { until } from '../helpers/wait.ts';

// The games API (docs/decisions/0013-games-and-script-facts.md#games): the public list, the admin's create, edit and delete, names
// unique in any case, slugs from names, icons through the image pipeline, shared image files.

interface GameBody {
  id: number;
  name: string;
  slug: string;
  placeId: string | null;
  icon: string | null;
  scripts: number;
}

/** A multipart games form: text fields, then an icon when given. */
function gameForm(fields: Record<string, string>, icon?: { bytes: Buffer; type?: string; field?: string }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (icon) form.append(icon.field ?? 'icon', new Blob([new Uint8Array(icon.bytes)], { type: icon.type ?? 'image/png' }), 'icon.png');
  return form;
}

/** The key of an icon path /uploads/<key>-card.webp. */
function iconKeyOf(icon: string | null): string {
  const match = /^\/uploads\/([a-f0-9]+)-card\.webp$/.exec(icon ?? '');
  if (!match?.[1]) throw new Error(`not an icon path: ${icon}`);
  return match[1];
}

let nameSequence = 0;
const uniqueName = (base: string) => `${base} ${++nameSequence}`;

describe.each(dialects)('the games API on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
  });
  afterAll(async () => ctx?.close());

  const as = (account: Pick<Account, 'token'> | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(ctx, account, { method, url, ...(payload === undefined ? {} : { payload: payload as string }) });
  const create = async (payload: unknown): Promise<GameBody> => {
    const response = await as(admin, 'POST', '/api/games', payload);
    expect(response.statusCode, response.body).toBe(201);
    return gameSchema.parse(response.json());
  };
  const list = async (): Promise<GameBody[]> => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/games' });
    expect(response.statusCode).toBe(200);
    return gameListSchema.parse(response.json());
  };
  const gameRow = (id: number) => ctx.db.kysely.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  const filesExist = (key: string) => imageFiles(ctx, key).map((file) => fs.existsSync(file));

  describe('GET /api/games', () => {
    it('is public and lists games with their script counts, most scripts first', async () => {
      const few = await create({ name: uniqueName('Few scripts') });
      const many = await create({ name: uniqueName('Many scripts'), placeId: '2753915549' });
      for (let i = 0; i < 3; i += 1) await ctx.db.kysely.updateTable('scripts').set({ game_id: many.id }).where('id', '=', (await insertScript(ctx.services)).id).execute();
      await ctx.db.kysely.updateTable('scripts').set({ game_id: few.id }).where('id', '=', (await insertScript(ctx.services)).id).execute();
      ctx.services.cache.invalidate();

      const games = await list();
      const [first, second] = [games.findIndex((g) => g.id === many.id), games.findIndex((g) => g.id === few.id)];
      expect(first).toBeLessThan(second);
      expect(games[first]).toEqual({ id: many.id, name: many.name, slug: many.slug, placeId: '2753915549', icon: null, scripts: 3 });
      expect(games[second]?.scripts).toBe(1);
      for (let i = 1; i < games.length; i += 1) expect((games[i - 1] as GameBody).scripts).toBeGreaterThanOrEqual((games[i] as GameBody).scripts);
    });

    it('shows a new game at once (the cached list is dropped by the write)', async () => {
      await list();
      const game = await create({ name: uniqueName('Fresh game') });
      expect((await list()).map((g) => g.id)).toContain(game.id);
    });
  });

  describe('POST /api/games', () => {
    it('creates from JSON: slug from the name (Cyrillic transliterated), no icon, 0 scripts', async () => {
      const game = await create({ name: '  Тест Игра Ultra  ', placeId: '' });
      expect(game).toEqual({ id: expect.any(Number), name: 'Тест Игра Ultra', slug: 'test-igra-ultra', placeId: null, icon: null, scripts: 0 });
      expect(await gameRow(game.id)).toMatchObject({ name_key: 'тест игра ultra', slug: 'test-igra-ultra' });
    });

    it('gives a taken slug -2, -3… and a name with no letters or digits game-<id>', async () => {
      const first = await create({ name: 'Slug Clash!' });
      const second = await create({ name: 'slug-clash?' });
      const third = await create({ name: 'Slug   Clash.' });
      expect([first.slug, second.slug, third.slug]).toEqual(['slug-clash', 'slug-clash-2', 'slug-clash-3']);
      const symbols = await create({ name: '★★★' });
      expect(symbols.slug).toBe(`game-${symbols.id}`);
    });

    it('refuses a name another game has in any case or spacing with 409 naming name, changing nothing', async () => {
      await create({ name: 'Duplicate Check' });
      for (const name of ['DUPLICATE CHECK', 'duplicate   check', ' Duplicate Check ']) {
        const before = await snapshot(ctx);
        const response = await as(admin, 'POST', '/api/games', gameForm({ name }, { bytes: await pngImage() }));
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json()).toMatchObject({ code: 'CONFLICT', fields: { name: expect.any(String) } });
        // The icon stored for the refused write is gone again.
        expect(await snapshot(ctx)).toEqual(before);
      }
    });

    it('creates from multipart with an icon served from /uploads', async () => {
      const game = await create(gameForm({ name: uniqueName('Icon game'), placeId: '606849621' }, { bytes: await pngImage() }));
      expect(game.placeId).toBe('606849621');
      expect(filesExist(iconKeyOf(game.icon))).toEqual([true, true]);
      const served = await ctx.app.inject({ method: 'GET', url: game.icon as string });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    });

    it.each([
      ['a blank name', { name: '   ' }, 400, 'name'],
      ['no name', { placeId: '1' }, 400, 'name'],
      ['an 81-character name', { name: 'n'.repeat(81) }, 400, 'name'],
      ['a name with a NUL byte', { name: 'Bad\u0000Name' }, 400, 'name'],
      ['letters as place id', { name: 'Place check', placeId: '12ab' }, 400, 'placeId'],
      ['a number as name', { name: 12 }, 400, 'name'],
    ])('refuses %s as JSON (%i naming %s) and changes nothing', async (_label, payload, status, field) => {
      const before = await snapshot(ctx);
      const response = await as(admin, 'POST', '/api/games', payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String), fields: { [field]: expect.any(String) } });
      expect(await snapshot(ctx)).toEqual(before);
    });

    it.each([
      ['a text file as icon', async () => gameForm({ name: 'Icon fault' }, { bytes: Buffer.from('not an image'), type: 'image/png' }), 415, 'icon'],
      ['a file under another field name', async () => gameForm({ name: 'Icon fault' }, { bytes: await pngImage(), field: 'image' }), 400, 'image'],
      ['a NUL byte in the name', async () => gameForm({ name: 'Icon\u0000fault' }), 400, 'name'],
      ['letters as place id', async () => gameForm({ name: 'Icon fault', placeId: 'abc' }), 400, 'placeId'],
    ])('refuses %s as multipart (%i naming %s) and changes nothing', async (_label, payload, status, field) => {
      const before = await snapshot(ctx);
      const response = await as(admin, 'POST', '/api/games', await payload());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().fields).toHaveProperty(field);
      expect(await snapshot(ctx)).toEqual(before);
    });

    it('refuses another content type with 415', async () => {
      const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/games', payload: 'name=x', headers: { 'content-type': 'text/plain' } });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('PATCH /api/games/:id', () => {
    it('renames and keeps the slug (old links keep working); fields left out keep their values', async () => {
      const game = await create({ name: uniqueName('Before rename'), placeId: '42' });
      const response = await as(admin, 'PATCH', `/api/games/${game.id}`, { name: 'After Rename Done' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ...game, name: 'After Rename Done' });
      expect(await gameRow(game.id)).toMatchObject({ name_key: 'after rename done', slug: game.slug, place_id: '42' });
      expect((await list()).find((g) => g.id === game.id)?.name).toBe('After Rename Done');
    });

    it('may change a name’s case; refuses another game’s name with 409, changing nothing', async () => {
      const game = await create({ name: uniqueName('Case change') });
      const other = await create({ name: uniqueName('Taken elsewhere') });
      const recased = await as(admin, 'PATCH', `/api/games/${game.id}`, { name: game.name.toUpperCase() });
      expect(recased.statusCode, recased.body).toBe(200);
      const before = await snapshot(ctx);
      const taken = await as(admin, 'PATCH', `/api/games/${game.id}`, gameForm({ name: other.name.toLowerCase() }, { bytes: await pngImage() }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('CONFLICT');
      expect(await snapshot(ctx)).toEqual(before);
    });

    it('replaces the icon (the old files go) and removeIcon=true drops it', async () => {
      const game = await create(gameForm({ name: uniqueName('Icon swap') }, { bytes: await pngImage() }));
      const oldKey = iconKeyOf(game.icon);
      const swapped = await as(admin, 'PATCH', `/api/games/${game.id}`, gameForm({}, { bytes: await pngImage() }));
      expect(swapped.statusCode, swapped.body).toBe(200);
      const newKey = iconKeyOf(swapped.json().icon);
      expect(newKey).not.toBe(oldKey);
      expect(filesExist(oldKey)).toEqual([false, false]);
      expect(filesExist(newKey)).toEqual([true, true]);

      const removed = await as(admin, 'PATCH', `/api/games/${game.id}`, gameForm({ removeIcon: 'true' }));
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().icon).toBeNull();
      expect(filesExist(newKey)).toEqual([false, false]);
    });

    it('answers 404 for a missing game and 400 for a bad id, changing nothing', async () => {
      const before = await snapshot(ctx);
      expect((await as(admin, 'PATCH', '/api/games/2147483647', { name: 'Nobody' })).statusCode).toBe(404);
      expect((await as(admin, 'PATCH', '/api/games/abc', { name: 'Nobody' })).json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: expect.any(String) } });
      expect((await as(admin, 'PATCH', '/api/games/1', gameForm({ removeIcon: 'maybe' }))).statusCode).toBe(400);
      expect(await snapshot(ctx)).toEqual(before);
    });
  });

  describe('DELETE /api/games/:id', () => {
    it('deletes the game and its icon; its scripts stay, without a game', async () => {
      const game = await create(gameForm({ name: uniqueName('Doomed game') }, { bytes: await pngImage() }));
      const script = await insertScript(ctx.services, { playsname: 'Outlives its game' });
      await ctx.db.kysely.updateTable('scripts').set({ game_id: game.id }).where('id', '=', script.id).execute();
      ctx.services.cache.invalidate();
      expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json().game).toEqual({ id: game.id, name: game.name, slug: game.slug });

      const response = await as(admin, 'DELETE', `/api/games/${game.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: game.id, deleted: true });
      expect(await gameRow(game.id)).toBeUndefined();
      expect(filesExist(iconKeyOf(game.icon))).toEqual([false, false]);
      const detail = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json();
      expect(detail).toMatchObject({ id: script.id, playsname: 'Outlives its game', game: null });
      expect((await list()).map((g) => g.id)).not.toContain(game.id);
      expect((await as(admin, 'DELETE', `/api/games/${game.id}`)).statusCode).toBe(404);
    });
  });

  describe('image files shared by a script and a game', () => {
    it('deleting the script keeps the file the game’s icon uses, and deleting the game then removes it', async () => {
      const bytes = await pngImage();
      const created = await as(admin, 'POST', '/api/ac', scriptForm({ playsname: 'Shares with a game', description: 'd', loadstring: 'l', image: bytes }));
      expect(created.statusCode, created.body).toBe(201);
      const game = await create(gameForm({ name: uniqueName('Shares with a script') }, { bytes }));
      const key = iconKeyOf(game.icon);
      expect(created.json().imageCard).toBe(game.icon);

      expect((await as(admin, 'DELETE', `/api/ad/${created.json().id}`)).statusCode).toBe(200);
      expect(filesExist(key)).toEqual([true, true]);
      expect((await ctx.app.inject({ method: 'GET', url: game.icon as string })).statusCode).toBe(200);

      expect((await as(admin, 'DELETE', `/api/games/${game.id}`)).statusCode).toBe(200);
      expect(filesExist(key)).toEqual([false, false]);
    });

    it('deleting the game keeps the file a script uses', async () => {
      const bytes = await pngImage();
      const game = await create(gameForm({ name: uniqueName('Icon shared the other way') }, { bytes }));
      const created = await as(admin, 'POST', '/api/ac', scriptForm({ playsname: 'Keeps the file', description: 'd', loadstring: 'l', image: bytes }));
      const key = iconKeyOf(game.icon);
      expect((await as(admin, 'DELETE', `/api/games/${game.id}`)).statusCode).toBe(200);
      expect(filesExist(key)).toEqual([true, true]);
      expect((await as(admin, 'DELETE', `/api/ad/${created.json().id}`)).statusCode).toBe(200);
      expect(filesExist(key)).toEqual([false, false]);
    });
  });

  it('each game write reaches other processes through the change feed', async () => {
    const other = openDatabase(ctx.config.database);
    const heard: CatalogueChange[] = [];
    const stop = await other.changes.listen((change) => heard.push(change), () => undefined);
    try {
      const game = await create({ name: uniqueName('Journaled') });
      expect((await as(admin, 'PATCH', `/api/games/${game.id}`, { placeId: '7' })).statusCode).toBe(200);
      expect((await as(admin, 'DELETE', `/api/games/${game.id}`)).statusCode).toBe(200);
      await until('three game changes', () => heard.filter((change) => change.kind === 'games'), (changes) => changes.length >= 3);
    } finally {
      await stop();
      await other.close();
    }
  });

  it('the OpenAPI document describes the games calls, with JSON and multipart bodies', async () => {
    const { paths } = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(paths['/api/games'].get.responses['200']).toBeDefined();
    for (const [name, body] of [
      ['POST', paths['/api/games'].post.requestBody],
      ['PATCH', paths['/api/games/{id}'].patch.requestBody],
    ]) {
      expect(Object.keys(body.content).sort(), name).toEqual(['application/json', 'multipart/form-data']);
      expect(body.content['multipart/form-data'].schema.properties.icon, name).toMatchObject({ type: 'string', format: 'binary' });
      expect(Object.keys(body.content['application/json'].schema.properties), name).toEqual(['name', 'placeId']);
    }
    expect(Object.keys(paths['/api/games'].post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409', '413', '415']));
    expect(paths['/api/games/{id}'].delete).toBeDefined();
  });

  it('answers another method on /api/games with 405 and its Allow list', async () => {
    const response = await as(admin, 'DELETE', '/api/games');
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain('GET');
    expect(response.headers.allow).toContain('POST');
  });

  it('only the admin may write games', async () => {
    const moderator = await createModerator(ctx);
    const before = await snapshot(ctx);
    expect((await as(moderator, 'POST', '/api/games', { name: 'Not yours' })).statusCode).toBe(403);
    expect((await as(undefined, 'POST', '/api/games', { name: 'Not yours' })).statusCode).toBe(401);
    expect(await snapshot(ctx)).toEqual(before);
  });
});
