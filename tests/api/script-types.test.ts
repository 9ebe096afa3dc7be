import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_TYPE_LIMITS, type ScriptType, scriptTypeDetailSchema, scriptTypeListSchema, scriptTypeSchema } from '../../contract/index.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// Script types (docs/decisions/0063-script-types.md): the public list and each one's count, the admin's
// create, edit and delete (moderators 403, no token 401), slugs from names and unique, bad input
// refused with nothing changed, every write in the moderation log; a script's `types` through the staff
// forms (JSON and multipart), at most five, unknown slugs refused with nothing saved; `types` on every
// script in the answers; the counts through script and type writes.

type Body = Record<string, unknown>;
let sequence = 0;
const unique = (base: string) => `${base} ${++sequence}`;
const valid = (overrides: Body = {}): Body => ({ name: unique('Valid type'), nameRu: 'Тип', ...overrides });

describe.each(dialects)('the script types API on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
  });
  afterAll(async () => ctx?.close());

  const as = (account: Pick<Account, 'token'> | undefined, method: InjectOptions['method'], url: string, payload?: unknown) =>
    injectAs(ctx, account, { method, url, ...(payload === undefined ? {} : { payload: payload as string }) });
  const create = async (body: Body = valid()): Promise<ScriptType> => {
    const response = await as(admin, 'POST', '/api/types', body);
    expect(response.statusCode, response.body).toBe(201);
    return scriptTypeSchema.parse(response.json());
  };
  const list = async (): Promise<ScriptType[]> => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/types' });
    expect(response.statusCode).toBe(200);
    return scriptTypeListSchema.parse(response.json());
  };
  const count = async (slug: string): Promise<number> => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/types/${slug}` });
    expect(response.statusCode, response.body).toBe(200);
    return scriptTypeDetailSchema.parse(response.json()).scripts;
  };
  const state = async () => ({
    list: await list(),
    types: await ctx.db.kysely.selectFrom('script_types').selectAll().orderBy('id').execute(),
    links: await ctx.db.kysely.selectFrom('script_type_links').selectAll().orderBy('script_id').orderBy('type_id').execute(),
    scripts: await ctx.db.kysely.selectFrom('scripts').select(['id', 'playsname', 'updated_at']).orderBy('id').execute(),
    log: await ctx.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute(),
  });
  const typesOfScript = async (id: number): Promise<string[]> => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { types: string[] }).types;
  };

  describe('create, read, edit, delete', () => {
    it('creates with a slug from the name and the English name from the name, edits, deletes, and logs each write', async () => {
      const made = await create({ name: 'Auto Farm Ü', nameRu: 'Автофарм' });
      expect(made).toEqual({ id: made.id, slug: 'auto-farm-u', name: 'Auto Farm Ü', nameEn: 'Auto Farm Ü', nameRu: 'Автофарм', position: made.position });
      expect(await list()).toContainEqual(made);
      expect(await count('auto-farm-u')).toBe(0);

      const edited = await as(admin, 'PATCH', `/api/types/${made.id}`, { nameEn: 'Auto farm', slug: 'auto-farm', position: 0 });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ slug: 'auto-farm', nameEn: 'Auto farm', name: 'Auto Farm Ü', position: 0 });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/types/auto-farm-u' })).statusCode).toBe(404);

      const removed = await as(admin, 'DELETE', `/api/types/${made.id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ id: made.id, deleted: true });
      expect((await list()).some((type) => type.id === made.id)).toBe(false);
      const actions = (await ctx.db.kysely.selectFrom('audit_log').select(['action', 'object_id']).where('object_type', '=', 'script-type').where('object_id', '=', made.id).orderBy('id').execute()).map((row) => row.action);
      expect(actions).toEqual(['script-type.create', 'script-type.update', 'script-type.delete']);
    });

    it('lists by position, then by name', async () => {
      const late = await create(valid({ name: 'Zz last', position: 9000 }));
      const early = await create(valid({ name: 'Aa first', position: 8999 }));
      const slugs = (await list()).map((type) => type.slug);
      expect(slugs.indexOf(early.slug)).toBeLessThan(slugs.indexOf(late.slug));
    });

    it('answers 409 for a taken slug and 404 for a missing type, changing nothing', async () => {
      const taken = await create(valid({ slug: 'taken-slug' }));
      const before = await state();
      expect((await as(admin, 'POST', '/api/types', valid({ slug: 'taken-slug' }))).statusCode).toBe(409);
      const other = await create(valid());
      const after = await state();
      expect((await as(admin, 'PATCH', `/api/types/${other.id}`, { slug: taken.slug })).statusCode).toBe(409);
      expect(await state()).toEqual(after);
      expect((await as(admin, 'PATCH', '/api/types/999999', { name: 'x' })).statusCode).toBe(404);
      expect((await as(admin, 'DELETE', '/api/types/999999')).statusCode).toBe(404);
      expect(await state()).toEqual(after);
      expect(before.types.length + 1).toBe(after.types.length);
    });
  });

  describe('who may write', () => {
    it('refuses visitors (401) and moderators (403), changing nothing', async () => {
      const type = await create();
      const before = await state();
      for (const account of [undefined, moderator]) {
        const status = account ? 403 : 401;
        expect((await as(account, 'POST', '/api/types', valid())).statusCode).toBe(status);
        expect((await as(account, 'PATCH', `/api/types/${type.id}`, { name: 'Taken over' })).statusCode).toBe(status);
        expect((await as(account, 'DELETE', `/api/types/${type.id}`)).statusCode).toBe(status);
      }
      expect(await state()).toEqual(before);
    });
  });

  describe('bad input', () => {
    it('refuses bad names, slugs, fields and bodies with { error, code }, changing nothing', async () => {
      const type = await create();
      const before = await state();
      const long = 'x'.repeat(SCRIPT_TYPE_LIMITS.nameMax + 1);
      const bad: Body[] = [
        {},
        { name: 'No russian' },
        { name: 'Nul\u0000name', nameRu: 'Тип' },
        { name: long, nameRu: 'Тип' },
        { name: 'Ok', nameRu: long },
        { name: 'Ok', nameRu: 'Тип', slug: 'Bad Slug' },
        { name: 'Ok', nameRu: 'Тип', slug: 'x'.repeat(SCRIPT_TYPE_LIMITS.slugMax + 1) },
        { name: 'Ok', nameRu: 'Тип', extra: true },
        { name: '!!!', nameRu: 'Тип' },
        { name: 'Ok', nameRu: 'Тип', position: -1 },
      ];
      for (const body of bad) {
        const response = await as(admin, 'POST', '/api/types', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
      }
      for (const body of [{ name: '' }, { slug: '-' }, { nameEn: 'a\u0007b' }]) {
        const response = await as(admin, 'PATCH', `/api/types/${type.id}`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const huge = await as(admin, 'POST', '/api/types', { name: 'Huge', nameRu: 'x'.repeat(20_000) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ code: expect.any(String) });
      expect((await as(admin, 'PATCH', '/api/types/not-a-number', { name: 'x' })).statusCode).toBe(400);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/types/Bad_Slug' })).statusCode).toBe(400);
      expect(await state()).toEqual(before);
    });
  });

  describe("a script's types", () => {
    let slugs: string[];
    beforeAll(async () => {
      slugs = [];
      for (let i = 0; i < 7; i += 1) slugs.push((await create(valid({ slug: `kind-${dialect}-${i}` }))).slug);
    });

    const form = (fields: Record<string, string | string[]>, part = 'types[]'): FormData => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (Array.isArray(value)) for (const item of value) data.append(name === 'types' ? part : name, item);
        else data.append(name, value);
      }
      return data;
    };
    const base = { playsname: 'Typed script', description: 'Has types', loadstring: 'print("typed")' };

    it('saves up to five from JSON and multipart, in order, repeated ones once, and answers them on every script answer', async () => {
      const json = await as(moderator, 'POST', '/api/m', { ...base, types: [slugs[2], slugs[0], slugs[2]] });
      expect(json.statusCode, json.body).toBe(201);
      const id = (json.json() as { id: number; types: string[] }).id;
      expect(json.json()).toMatchObject({ types: [slugs[2], slugs[0]] });
      expect(await typesOfScript(id)).toEqual([slugs[2], slugs[0]]);

      const multipart = await as(admin, 'POST', '/api/ac', form({ ...base, types: slugs.slice(0, 5) }, 'types'));
      expect(multipart.statusCode, multipart.body).toBe(201);
      const second = (multipart.json() as { id: number }).id;
      expect(await typesOfScript(second)).toEqual(slugs.slice(0, 5));
      const page = await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=100' });
      const listed = (page.json() as { scripts: { id: number; types: string[] }[] }).scripts;
      expect(listed.find((script) => script.id === second)?.types).toEqual(slugs.slice(0, 5));
      expect(listed.every((script) => Array.isArray(script.types))).toBe(true);

      // An edit replaces them (the order too); one empty part, or [], removes them all; left out keeps them.
      const edit = await as(admin, 'PATCH', `/api/update-script/${id}`, form({ types: [slugs[1]!, slugs[2]!] }));
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await typesOfScript(id)).toEqual([slugs[1], slugs[2]]);
      expect((await as(admin, 'PATCH', `/api/update-script/${id}`, { playsname: 'Renamed typed' })).statusCode).toBe(200);
      expect(await typesOfScript(id)).toEqual([slugs[1], slugs[2]]);
      expect((await as(admin, 'PATCH', `/api/update-script/${id}`, form({ types: [''] }))).statusCode).toBe(200);
      expect(await typesOfScript(id)).toEqual([]);
      const log = await ctx.db.kysely.selectFrom('audit_log').select('changes').where('object_type', '=', 'script').where('object_id', '=', id).where('action', '=', 'script.update').orderBy('id').execute();
      expect(log.some((row) => String(row.changes).includes('types'))).toBe(true);
    });

    it('refuses six types, an unknown slug and a bad slug with 400 on create and edit, saving nothing', async () => {
      const made = await as(admin, 'POST', '/api/ac', { ...base, types: [slugs[0]] });
      const id = (made.json() as { id: number }).id;
      const before = await state();
      const bodies: unknown[] = [
        { ...base, types: slugs.slice(0, 6) },
        { ...base, types: [slugs[0], 'no-such-type'] },
        { ...base, types: ['Bad Slug'] },
        { ...base, types: 'auto-farm' },
        form({ ...base, types: slugs.slice(0, 6) }),
        form({ ...base, types: ['no-such-type'] }),
      ];
      for (const payload of bodies) {
        const created = await as(admin, 'POST', '/api/ac', payload);
        expect(created.statusCode, created.body).toBe(400);
        expect(created.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
        const { playsname: _, description: __, loadstring: ___, ...patch } = (payload instanceof FormData ? {} : payload) as Body;
        const edited = await as(admin, 'PATCH', `/api/update-script/${id}`, payload instanceof FormData ? payload : patch);
        expect(edited.statusCode, edited.body).toBe(400);
      }
      const unknown = await as(admin, 'POST', '/api/ac', { ...base, types: ['no-such-type'] });
      expect(unknown.json()).toMatchObject({ fields: { types: 'Unknown type: no-such-type' } });
      expect(await state()).toEqual(before);
    });

    it('keeps each type\'s count through script creates, edits, hiding, deletes and the type\'s delete', async () => {
      const slug = (await create(valid({ slug: `counted-${dialect}` }))).slug;
      expect(await count(slug)).toBe(0);
      const a = await as(admin, 'POST', '/api/ac', { ...base, types: [slug] });
      const b = await as(moderator, 'POST', '/api/m', { ...base, types: [slugs[0], slug] });
      const [idA, idB] = [a, b].map((response) => (response.json() as { id: number }).id) as [number, number];
      expect(await count(slug)).toBe(2);
      // A change of facts moves the links' copies, not the count.
      expect((await as(admin, 'PATCH', `/api/update-script/${idA}`, { patched: true, universal: true })).statusCode).toBe(200);
      expect(await count(slug)).toBe(2);
      expect((await as(admin, 'PATCH', `/api/update-script/${idB}`, { types: [slugs[0]] })).statusCode).toBe(200);
      expect(await count(slug)).toBe(1);
      expect((await as(admin, 'POST', `/api/scripts/${idA}/visibility`, { hidden: true })).statusCode).toBe(200);
      expect(await count(slug)).toBe(0);
      expect((await as(admin, 'POST', `/api/scripts/${idA}/visibility`, { hidden: false })).statusCode).toBe(200);
      expect(await count(slug)).toBe(1);
      expect((await as(admin, 'PATCH', `/api/update-script/${idB}`, { types: [slug] })).statusCode).toBe(200);
      expect(await count(slug)).toBe(2);
      expect((await as(admin, 'DELETE', `/api/ad/${idB}`)).statusCode).toBe(200);
      expect(await count(slug)).toBe(1);
      const facets = async () => Number((await ctx.db.kysely.selectFrom('type_facets').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('scripts'), eb.lit(0)).as('n')).executeTakeFirstOrThrow()).n);
      const visibleLinks = async () => Number((await ctx.db.kysely.selectFrom('script_type_links').select((eb) => eb.fn.countAll<number>().as('n')).where('hidden', '=', 0).executeTakeFirstOrThrow()).n);
      expect(await facets()).toBe(await visibleLinks());

      // The type's delete takes it off its scripts, in every answer at once.
      const type = (await list()).find((item) => item.slug === slug) as ScriptType;
      expect(await typesOfScript(idA)).toEqual([slug]);
      expect((await as(admin, 'DELETE', `/api/types/${type.id}`)).statusCode).toBe(200);
      expect(await typesOfScript(idA)).toEqual([]);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/types/${slug}` })).statusCode).toBe(404);
      expect(await facets()).toBe(await visibleLinks());
    });

    it('answers types on scripts made by the repository too (empty when none)', async () => {
      const row = await insertScript(ctx.services, { types: [slugs[3]!] });
      expect(await typesOfScript(row.id)).toEqual([slugs[3]]);
      const plain = await insertScript(ctx.services);
      expect(await typesOfScript(plain.id)).toEqual([]);
    });
  });
});
