import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { snapshot } from '../helpers/staff.ts';

// The script forms' facts (docs/decisions/0013-games-and-script-facts.md#script-facts): game by name, slug or a new name (created
// once, even by forms racing), universal, key system and key link, patched, and verified (the admin's
// alone), through JSON and multipart, for both roles; the rules between facts against stored values.

type Transport = 'json' | 'multipart';
type Facts = Record<string, string | boolean>;

const BASE = { playsname: 'Facts script', description: 'Has facts', loadstring: 'print("facts")' };

/** The body in either of the form's types: multipart sends flags as the strings true/false. */
function body(transport: Transport, fields: Facts): unknown {
  if (transport === 'json') return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  return form;
}

let sequence = 0;
const unique = (base: string) => `${base} ${++sequence}`;

describe.each(dialects)('the script forms’ facts on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
  });
  afterAll(async () => ctx?.close());

  const send = (account: Account, method: 'POST' | 'PATCH', url: string, payload: unknown) => injectAs(ctx, account, { method, url, payload: payload as string });
  const createAs = async (role: 'admin' | 'moderator', transport: Transport, fields: Facts) => {
    const response = await send(role === 'admin' ? admin : moderator, 'POST', role === 'admin' ? '/api/ac' : '/api/m', body(transport, { ...BASE, ...fields }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const edit = async (id: number, transport: Transport, fields: Facts) => {
    const response = await send(admin, 'PATCH', `/api/update-script/${id}`, body(transport, fields));
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const newGame = async (name: string) => ctx.services.games.create({ name });
  const gamesNamed = (key: string) => ctx.db.kysely.selectFrom('games').selectAll().where('name_key', '=', key).execute();
  const row = (id: number) => ctx.db.kysely.selectFrom('scripts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe.each(['json', 'multipart'] as const)('through %s', (transport) => {
    describe.each(['moderator', 'admin'] as const)('created by the %s', (role) => {
      it('a game by its name in another case, and by its slug', async () => {
        const game = await newGame(unique('Named Game'));
        const byName = await createAs(role, transport, { game: `  ${game.name.toUpperCase()} ` });
        expect(byName.game).toEqual({ id: game.id, name: game.name, slug: game.slug });
        const bySlug = await createAs(role, transport, { game: game.slug });
        expect(bySlug.game).toEqual({ id: game.id, name: game.name, slug: game.slug });
        expect((await row(bySlug.id)).game_id).toBe(game.id);
        expect(await gamesNamed(game.name.toLowerCase())).toHaveLength(1);
      });

      it('a new game name creates the game, listed at once by GET /api/games', async () => {
        await ctx.app.inject({ method: 'GET', url: '/api/games' });
        const name = unique('Brand New Game');
        const script = await createAs(role, transport, { game: name });
        expect(script.game).toMatchObject({ name, slug: name.toLowerCase().replace(/ /g, '-') });
        expect(await gamesNamed(name.toLowerCase())).toHaveLength(1);
        const games = (await ctx.app.inject({ method: 'GET', url: '/api/games' })).json();
        expect(games).toContainEqual({ ...script.game, placeId: null, icon: null, scripts: 1 });
        const detail = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json();
        expect(detail.game).toEqual(script.game);
      });

      it('universal, a key system with its https key link, patched', async () => {
        const script = await createAs(role, transport, { universal: true, keySystem: true, keyLink: 'https://example.com/get-key', patched: true });
        expect(script).toMatchObject({ game: null, universal: true, keySystem: true, keyLink: 'https://example.com/get-key', patched: true, verified: false });
        expect(await row(script.id)).toMatchObject({ universal: 1, key_system: 1, key_link: 'https://example.com/get-key', patched: 1, verified: 0, game_id: null });
      });

      it('left out, every fact is off', async () => {
        const script = await createAs(role, transport, {});
        expect(script).toMatchObject({ game: null, universal: false, keySystem: false, keyLink: null, patched: false, verified: false });
      });
    });

    it('the admin sets verified on create and on edit', async () => {
      const script = await createAs('admin', transport, { verified: true });
      expect(script.verified).toBe(true);
      expect((await edit(script.id, transport, { verified: false })).verified).toBe(false);
      expect((await row(script.id)).verified).toBe(0);
    });

    it('a moderator sending verified gets 403 and nothing changes', async () => {
      for (const verified of [true, false]) {
        const before = await snapshot(ctx);
        const response = await send(moderator, 'POST', '/api/m', body(transport, { ...BASE, game: unique('Not Made'), verified }));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.stringMatching(/verified/) });
        expect(await snapshot(ctx)).toEqual(before);
      }
    });

    it('an edit sets each fact; universal=true clears the game; keySystem=false clears the key link', async () => {
      const game = await newGame(unique('Edited Game'));
      const script = await createAs('admin', transport, {});
      const withGame = await edit(script.id, transport, { game: game.slug, keySystem: true, keyLink: 'https://example.com/key', patched: true });
      expect(withGame).toMatchObject({ game: { id: game.id }, universal: false, keySystem: true, keyLink: 'https://example.com/key', patched: true });
      const universal = await edit(script.id, transport, { universal: true, keySystem: false });
      expect(universal).toMatchObject({ game: null, universal: true, keySystem: false, keyLink: null, patched: true });
      expect(await row(script.id)).toMatchObject({ game_id: null, universal: 1, key_system: 0, key_link: null });
      const back = await edit(script.id, transport, { universal: false, game: game.name, patched: false });
      expect(back).toMatchObject({ game: { id: game.id }, universal: false, patched: false });
      const cleared = await edit(script.id, transport, { game: '' });
      expect(cleared.game).toBeNull();
    });

    it('an edit resending the stored facts writes nothing; changing one fact is a change', async () => {
      const game = await newGame(unique('Kept Game'));
      const script = await createAs('admin', transport, { game: game.name, keySystem: true, keyLink: 'https://example.com/k' });
      const before = await snapshot(ctx);
      const same = await edit(script.id, transport, { game: game.slug, universal: false, keySystem: true, keyLink: 'https://example.com/k', patched: false, verified: false });
      expect(same.updatedAt).toBe(script.updatedAt);
      expect(await snapshot(ctx)).toEqual(before);

      const patched = await edit(script.id, transport, { patched: true });
      expect(patched.patched).toBe(true);
      expect((await row(script.id)).patched).toBe(1);
      expect(await snapshot(ctx)).not.toEqual(before);
    });

    it('against the stored values: a game for a universal script, a key link without a key system are 400, nothing changed', async () => {
      const script = await createAs('admin', transport, { universal: true });
      for (const [fields, field] of [
        [{ game: unique('Refused Game') }, 'game'],
        [{ keyLink: 'https://example.com/key' }, 'keyLink'],
      ] as const) {
        const before = await snapshot(ctx);
        const response = await send(admin, 'PATCH', `/api/update-script/${script.id}`, body(transport, fields));
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String), fields: { [field]: expect.any(String) } });
        expect(await snapshot(ctx)).toEqual(before);
      }
      // With universal=false in the same body the game is taken.
      expect((await edit(script.id, transport, { universal: false, game: unique('Accepted Game') })).universal).toBe(false);
    });
  });

  it('forms racing to name one new game make one game', async () => {
    const name = unique('Racing Game');
    const variants = [name, name.toUpperCase(), name.toLowerCase(), ` ${name} `, name, name.toUpperCase()];
    const responses = await Promise.all(
      variants.map((game, index) =>
        index % 2 === 0
          ? send(moderator, 'POST', '/api/m', body('json', { ...BASE, game }))
          : send(admin, 'POST', '/api/ac', body('multipart', { ...BASE, game })),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const games = await gamesNamed(name.toLowerCase());
    expect(games).toHaveLength(1);
    expect(new Set(responses.map((response) => response.json().game.id))).toEqual(new Set([games[0]?.id]));
  });
});
