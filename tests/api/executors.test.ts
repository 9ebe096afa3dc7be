import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, executorDetailSchema, executorListSchema, executorSchema } from '../../contract/index.ts';
import { type CompatibilityRowData, writeCompatibility } from '../helpers/compatibility.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// The executors API (docs/decisions/0039-executors-and-compatibility.md): the public list and each one's
// counts, the admin's create, edit and delete (moderators 403, no token 401), slugs from names and
// unique, statusChangedAt set by the server, bad input refused with nothing changed, every write in the
// moderation log, and an executor's platforms reaching the scripts that work on it.

let sequence = 0;
const unique = (base: string) => `${base} ${++sequence}`;

type Body = Record<string, unknown>;
const valid = (overrides: Body = {}): Body => ({ name: unique('Valid executor'), platforms: ['windows'], status: 'working', ...overrides });

describe.each(dialects)('the executors API on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;
  // The epoch clock the server stamps writes with; tests move it forward instead of waiting.
  let epoch = Date.UTC(2026, 5, 1, 12);

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { clock: () => epoch });
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
  });
  afterAll(async () => ctx?.close());

  const as = (account: Pick<Account, 'token'> | undefined, method: InjectOptions['method'], url: string, payload?: unknown) =>
    injectAs(ctx, account, { method, url, ...(payload === undefined ? {} : { payload: payload as string }) });
  const create = async (body: Body = valid()): Promise<Executor> => {
    const response = await as(admin, 'POST', '/api/executors', body);
    expect(response.statusCode, response.body).toBe(201);
    return executorSchema.parse(response.json());
  };
  const list = async (): Promise<Executor[]> => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/executors' });
    expect(response.statusCode).toBe(200);
    return executorListSchema.parse(response.json());
  };
  /** What a refused call must leave as it was: the executors (as the public and the database see them) and the log. */
  const state = async () => ({
    list: await list(),
    rows: await ctx.db.kysely.selectFrom('executors').selectAll().orderBy('id').execute(),
    log: await ctx.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute(),
  });
  const platformsOfScript = async (id: number) => Number((await ctx.db.kysely.selectFrom('scripts').select('platforms').where('id', '=', id).executeTakeFirstOrThrow()).platforms);
  /** Marks scripts tested with an executor, or gives them works answers, as the staff saves and the vote flush would. */
  const compatibility = (rows: CompatibilityRowData[]) => writeCompatibility(ctx.db, rows);

  describe('create, read, edit, delete', () => {
    it('creates with a slug from the name, lists it, answers it by slug, edits and deletes it', async () => {
      const made = await create({ name: 'Delta Ümlaut X', platforms: ['android', 'windows'], status: 'updating', version: ' 2.1 ', website: 'https://delta.example/get', free: true });
      expect(made).toEqual({
        id: made.id,
        name: 'Delta Ümlaut X',
        slug: 'delta-umlaut-x',
        platforms: ['windows', 'android'],
        status: 'updating',
        version: '2.1',
        website: 'https://delta.example/get',
        free: true,
        statusChangedAt: new Date(epoch).toISOString(),
        updatedAt: new Date(epoch).toISOString(),
      });
      expect(await list()).toContainEqual(made);
      const detail = await ctx.app.inject({ method: 'GET', url: '/api/executors/delta-umlaut-x' });
      expect(detail.statusCode).toBe(200);
      expect(executorDetailSchema.parse(detail.json())).toEqual({ ...made, scripts: 0, tested: 0 });

      // Left out: false, no version, no website.
      const plain = await create({ name: unique('Plain'), slug: unique('plain').replace(' ', '-'), platforms: ['mac'], status: 'working' });
      expect(plain).toMatchObject({ free: false, version: null, website: null });

      const edited = await as(admin, 'PATCH', `/api/executors/${made.id}`, { name: 'Delta Renamed', version: '', website: '', free: false });
      expect(edited.statusCode, edited.body).toBe(200);
      // The slug stays: links to it keep working.
      expect(edited.json()).toEqual({ ...made, name: 'Delta Renamed', version: null, website: null, free: false });
      // The cached list was dropped by the write.
      expect((await list()).find((executor) => executor.id === made.id)?.name).toBe('Delta Renamed');

      const deleted = await as(admin, 'DELETE', `/api/executors/${made.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ id: made.id, deleted: true });
      expect((await list()).some((executor) => executor.id === made.id)).toBe(false);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/executors/delta-umlaut-x' })).statusCode).toBe(404);
      expect((await as(admin, 'DELETE', `/api/executors/${made.id}`)).statusCode).toBe(404);
      expect((await as(admin, 'PATCH', `/api/executors/${made.id}`, { name: 'Gone' })).statusCode).toBe(404);
    });

    it('answers an unknown slug 404 and a malformed one 400, in the error shape', async () => {
      const unknown = await ctx.app.inject({ method: 'GET', url: '/api/executors/no-such-executor' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
      for (const slug of ['Bad_Slug', 'a'.repeat(61), '-dash', '%00nul']) {
        const bad = await ctx.app.inject({ method: 'GET', url: `/api/executors/${slug}` });
        expect(bad.statusCode, slug).toBe(400);
        expect(bad.json(), slug).toMatchObject({ code: expect.stringMatching(/^(VALIDATION_FAILED|BAD_REQUEST)$/) });
      }
    });

    it('lists working executors first, then by name', async () => {
      const made = [
        await create(valid({ name: unique('zz patched'), status: 'patched' })),
        await create(valid({ name: unique('Aa updating'), status: 'updating' })),
        await create(valid({ name: unique('mm working'), status: 'working' })),
        await create(valid({ name: unique('bb working'), status: 'working' })),
        await create(valid({ name: unique('Ab discontinued'), status: 'discontinued' })),
      ];
      const ids = new Set(made.map((executor) => executor.id));
      const order = (await list()).filter((executor) => ids.has(executor.id)).map((executor) => executor.name);
      expect(order).toEqual([made[3]!.name, made[2]!.name, made[1]!.name, made[4]!.name, made[0]!.name]);
      const all = await list();
      const firstOther = all.findIndex((executor) => executor.status !== 'working');
      expect(all.slice(firstOther).every((executor) => executor.status !== 'working')).toBe(true);
    });
  });

  it('the OpenAPI document describes every executor call, and another method is 405 with its Allow list', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    expect(paths['/api/executors'].get.responses['200']).toBeDefined();
    expect(paths['/api/executors/{slug}'].get.responses['200']).toBeDefined();
    const created = paths['/api/executors'].post;
    expect(Object.keys(created.requestBody.content)).toEqual(['application/json']);
    expect(Object.keys(created.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409', '413']));
    expect(paths['/api/executors/{id}'].patch.requestBody).toBeDefined();
    expect(paths['/api/executors/{id}'].delete).toBeDefined();
    const wrong = await as(admin, 'PUT', '/api/executors/1', valid());
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toContain('PATCH');
    expect(wrong.headers.allow).toContain('GET');
  });

  describe('who may write', () => {
    const writes: ['POST' | 'PATCH' | 'DELETE', (id: number) => string, () => Body | undefined][] = [
      ['POST', () => '/api/executors', () => valid()],
      ['PATCH', (id) => `/api/executors/${id}`, () => ({ status: 'patched' })],
      ['DELETE', (id) => `/api/executors/${id}`, () => undefined],
    ];
    it.each(writes)('%s: no token 401, a bad token 401, a moderator 403, nothing changed; the admin may', async (method, url, body) => {
      const target = await create();
      const before = await state();
      for (const [account, status, code] of [
        [undefined, 401, 'UNAUTHORIZED'],
        [{ token: 'x'.repeat(40) }, 401, 'UNAUTHORIZED'],
        [moderator, 403, 'FORBIDDEN'],
      ] as const) {
        const response = await as(account, method, url(target.id), body());
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json()).toMatchObject({ code });
      }
      expect(await state()).toEqual(before);
      const allowed = await as(admin, method, url(target.id), body());
      expect(allowed.statusCode, allowed.body).toBe(method === 'POST' ? 201 : 200);
      expect(allowed.headers['cache-control']).toBe('no-store');
    });
  });

  describe('bad input changes nothing', () => {
    /** The fields of a 400 naming `field` or one of its items (`platforms.1`). */
    const fieldsNamed = (body: { fields?: Record<string, string> }, field: string) => Object.keys(body.fields ?? {}).filter((key) => key === field || key.startsWith(`${field}.`));
    const invalid = (field?: string) => ({ status: 400, code: 'VALIDATION_FAILED', field });
    const cases: [string, () => unknown, { status: number; code: string; field?: string | undefined }][] = [
      ['an unknown platform', () => valid({ platforms: ['windows', 'linux'] }), invalid('platforms')],
      ['no platform', () => valid({ platforms: [] }), invalid('platforms')],
      ['a platform twice', () => valid({ platforms: ['mac', 'mac'] }), invalid('platforms')],
      ['platforms as a string', () => valid({ platforms: 'windows' }), invalid('platforms')],
      ['an unknown status', () => valid({ status: 'broken' }), invalid('status')],
      ['a status as a number', () => valid({ status: 1 }), invalid('status')],
      ['a javascript: website', () => valid({ website: 'javascript:alert(1)' }), invalid('website')],
      ['an http: website', () => valid({ website: 'http://executor.example' }), invalid('website')],
      ['a website that is no URL', () => valid({ website: 'executor dot example' }), invalid('website')],
      ['a NUL byte in the name', () => valid({ name: 'Del\u0000ta' }), invalid('name')],
      ['a control character in the name', () => valid({ name: 'Del\u001bta' }), invalid('name')],
      ['a line feed in the name', () => valid({ name: 'Del\nta' }), invalid('name')],
      ['a NUL byte in the version', () => valid({ version: '1.0\u0000' }), invalid('version')],
      ['a control character in the version', () => valid({ version: '1.\u00070' }), invalid('version')],
      ['a lone surrogate in the name', () => valid({ name: 'Del\ud800ta' }), invalid('name')],
      ['an empty name', () => valid({ name: '   ' }), invalid('name')],
      ['a name over 60 characters', () => valid({ name: 'n'.repeat(61) }), invalid('name')],
      ['a version over 40 characters', () => valid({ version: 'v'.repeat(41) }), invalid('version')],
      ['a name as a number', () => valid({ name: 5 }), invalid('name')],
      ['free as a string', () => valid({ free: 'yes' }), invalid('free')],
      ['a slug that is no slug', () => valid({ slug: 'Not A Slug' }), invalid('slug')],
      ['an unknown field', () => valid({ owner: 'me' }), invalid()],
      ['an array body', () => [valid()], invalid()],
      ['a body of 20 KB', () => valid({ name: 'n'.repeat(20_000) }), { status: 413, code: 'PAYLOAD_TOO_LARGE' }],
    ];

    it.each(cases)('POST with %s', async (_label, body, expected) => {
      const before = await state();
      const response = await as(admin, 'POST', '/api/executors', body());
      expect(response.statusCode, response.body).toBe(expected.status);
      expect(response.json()).toMatchObject({ code: expected.code });
      if (expected.field) expect(fieldsNamed(response.json(), expected.field), response.body).not.toEqual([]);
      expect(await state()).toEqual(before);
    });

    it.each(cases.filter(([label]) => !['an unknown field', 'an array body'].includes(label)))('PATCH with %s', async (_label, body, expected) => {
      const target = await create();
      const before = await state();
      const response = await as(admin, 'PATCH', `/api/executors/${target.id}`, body());
      expect(response.statusCode, response.body).toBe(expected.status);
      expect(response.json()).toMatchObject({ code: expected.code });
      if (expected.field) expect(fieldsNamed(response.json(), expected.field), response.body).not.toEqual([]);
      expect(await state()).toEqual(before);
    });

    it('refuses malformed JSON, a wrong media type, an empty body and a bad id', async () => {
      const target = await create();
      const before = await state();
      const raw = (method: 'POST' | 'PATCH', url: string, payload: string, type = 'application/json') =>
        injectAs(ctx, admin, { method, url, payload, headers: { 'content-type': type } });
      const answers = [
        [await raw('POST', '/api/executors', '{"name": "Broken'), 400],
        [await raw('POST', '/api/executors', 'name=Form', 'application/x-www-form-urlencoded'), 415],
        [await raw('POST', '/api/executors', ''), 400],
        [await raw('PATCH', `/api/executors/${target.id}`, 'null'), 400],
        [await raw('PATCH', '/api/executors/not-a-number', '{"name":"x"}'), 400],
        [await raw('PATCH', '/api/executors/99999999', '{"name":"x"}'), 404],
        [await as(admin, 'DELETE', '/api/executors/-1'), 400],
      ] as const;
      for (const [response, status] of answers) {
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json()).toHaveProperty('code');
        expect(response.json()).toHaveProperty('error');
      }
      expect(await state()).toEqual(before);
    });

    it('refuses a slug another executor has, given or made from the name (409 naming slug)', async () => {
      const first = await create(valid({ name: unique('Taken Name') }));
      const other = await create();
      const before = await state();
      const attempts = [
        await as(admin, 'POST', '/api/executors', valid({ slug: first.slug })),
        await as(admin, 'POST', '/api/executors', valid({ name: first.name.toUpperCase() })),
        await as(admin, 'PATCH', `/api/executors/${other.id}`, { slug: first.slug, status: 'patched' }),
      ];
      for (const response of attempts) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json()).toMatchObject({ code: 'CONFLICT', fields: { slug: expect.any(String) } });
      }
      // A name with no letters or digits makes no slug: one must be given.
      const noSlug = await as(admin, 'POST', '/api/executors', valid({ name: '!!! ???' }));
      expect(noSlug.statusCode).toBe(400);
      expect(noSlug.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { slug: expect.any(String) } });
      expect(await state()).toEqual(before);
      // Its own slug is no conflict.
      expect((await as(admin, 'PATCH', `/api/executors/${first.id}`, { slug: first.slug })).statusCode).toBe(200);
    });
  });

  describe('what the server keeps', () => {
    it('moves statusChangedAt only when the status changes; updatedAt on every change', async () => {
      const made = await create(valid({ status: 'working' }));
      const created = new Date(epoch).toISOString();
      epoch += 60_000;
      const version = await as(admin, 'PATCH', `/api/executors/${made.id}`, { version: '3.0', status: 'working' });
      expect(version.json()).toMatchObject({ statusChangedAt: created, updatedAt: new Date(epoch).toISOString() });
      epoch += 60_000;
      const patched = await as(admin, 'PATCH', `/api/executors/${made.id}`, { status: 'patched' });
      const changedAt = new Date(epoch).toISOString();
      expect(patched.json()).toMatchObject({ status: 'patched', statusChangedAt: changedAt, updatedAt: changedAt });
      epoch += 60_000;
      // Nothing changed: nothing written, not even updatedAt.
      const same = await as(admin, 'PATCH', `/api/executors/${made.id}`, { status: 'patched', version: '3.0' });
      expect(same.json()).toMatchObject({ statusChangedAt: changedAt, updatedAt: changedAt });
      // A client cannot set it.
      const sent = await as(admin, 'PATCH', `/api/executors/${made.id}`, { statusChangedAt: '2020-01-01T00:00:00.000Z' });
      expect(sent.statusCode).toBe(400);
      expect((await list()).find((executor) => executor.id === made.id)?.statusChangedAt).toBe(changedAt);
    });

    it('records every write in the moderation log, and a change of nothing not at all', async () => {
      const made = await create(valid({ name: unique('Logged'), platforms: ['ios'], website: 'https://logged.example' }));
      await as(admin, 'PATCH', `/api/executors/${made.id}`, { status: 'discontinued', platforms: ['ios', 'android'] });
      await as(admin, 'PATCH', `/api/executors/${made.id}`, { status: 'discontinued' });
      await as(admin, 'DELETE', `/api/executors/${made.id}`);
      const rows = await ctx.db.kysely.selectFrom('audit_log').selectAll().where('object_type', '=', 'executor').where('object_id', '=', made.id).orderBy('id').execute();
      expect(rows.map((row) => [row.action, row.actor_role, row.actor_id, row.object_label])).toEqual([
        ['executor.create', 'admin', admin.id, made.name],
        ['executor.update', 'admin', admin.id, made.name],
        ['executor.delete', 'admin', admin.id, made.name],
      ]);
      expect(JSON.parse(rows[0]!.changes!)).toMatchObject({ name: { to: made.name }, slug: { to: made.slug }, platforms: { to: ['ios'] }, status: { to: 'working' }, website: { to: 'https://logged.example' }, free: { to: false } });
      expect(JSON.parse(rows[1]!.changes!)).toEqual({ platforms: { from: ['ios'], to: ['android', 'ios'] }, status: { from: 'working', to: 'discontinued' } });
      expect(JSON.parse(rows[2]!.changes!)).toMatchObject({ name: { from: made.name }, status: { from: 'discontinued' } });
      // The admin's Log filter takes the new codes.
      const filtered = await as(admin, 'GET', '/api/audit-log?action=executor.update');
      expect(filtered.statusCode).toBe(200);
      expect(filtered.json().items.some((entry: { object: { id: number } }) => entry.object.id === made.id)).toBe(true);
    });
  });

  describe('scripts that work on an executor', () => {
    it('counts visible scripts that work on it and were tested with it, and a script change reaches the counts', async () => {
      const executor = await create(valid({ name: unique('Counted'), platforms: ['windows'] }));
      const [tested, answered, hiddenTested, refused] = [await insertScript(ctx.services), await insertScript(ctx.services), await insertScript(ctx.services), await insertScript(ctx.services)];
      await compatibility([
        { scriptId: tested.id, executorId: executor.id, tested: 1 },
        { scriptId: answered.id, executorId: executor.id, yes: 2, no: 1 },
        { scriptId: hiddenTested.id, executorId: executor.id, tested: 1 },
        { scriptId: refused.id, executorId: executor.id, yes: 1, no: 1 },
      ]);
      const hide = await as(admin, 'POST', `/api/scripts/${hiddenTested.id}/visibility`, { hidden: true });
      expect(hide.statusCode, hide.body).toBe(200);
      const detail = async () => executorDetailSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/executors/${executor.slug}` })).json());
      expect(await detail()).toMatchObject({ id: executor.id, scripts: 2, tested: 1 });
      // Unhiding goes through the staff route, whose change drops the cached counts.
      expect((await as(admin, 'POST', `/api/scripts/${hiddenTested.id}/visibility`, { hidden: false })).statusCode).toBe(200);
      expect(await detail()).toMatchObject({ scripts: 3, tested: 2 });
    });

    it("a change of platforms changes the platforms of the scripts that work on it, and only theirs", async () => {
      const windows = await create(valid({ name: unique('Moves'), platforms: ['windows'] }));
      const android = await create(valid({ name: unique('Stays'), platforms: ['android'] }));
      const [only, both, notWorking, none] = [await insertScript(ctx.services), await insertScript(ctx.services), await insertScript(ctx.services), await insertScript(ctx.services)];
      await compatibility([
        { scriptId: only.id, executorId: windows.id, tested: 1 },
        { scriptId: both.id, executorId: windows.id, yes: 1 },
        { scriptId: both.id, executorId: android.id, tested: 1 },
        { scriptId: notWorking.id, executorId: windows.id, no: 2 },
      ]);
      expect([await platformsOfScript(only.id), await platformsOfScript(both.id), await platformsOfScript(notWorking.id), await platformsOfScript(none.id)]).toEqual([1, 5, 0, 0]);

      const moved = await as(admin, 'PATCH', `/api/executors/${windows.id}`, { platforms: ['mac', 'ios'] });
      expect(moved.statusCode, moved.body).toBe(200);
      expect([await platformsOfScript(only.id), await platformsOfScript(both.id), await platformsOfScript(notWorking.id), await platformsOfScript(none.id)]).toEqual([10, 14, 0, 0]);
      // Each script_executors row's copy of its script's platforms follows (the filters read it).
      const copies = await ctx.db.kysely.selectFrom('script_executors').select(['script_id', 'platforms']).where('script_id', 'in', [only.id, both.id]).execute();
      for (const row of copies) expect(Number(row.platforms)).toBe(await platformsOfScript(Number(row.script_id)));
    });

    it('a delete removes its compatibility rows, votes and counts, and makes its scripts’ platforms again', async () => {
      const doomed = await create(valid({ name: unique('Doomed'), platforms: ['windows', 'mac'] }));
      const kept = await create(valid({ name: unique('Kept'), platforms: ['ios'] }));
      const [only, both] = [await insertScript(ctx.services), await insertScript(ctx.services)];
      await compatibility([
        { scriptId: only.id, executorId: doomed.id, tested: 1 },
        { scriptId: both.id, executorId: doomed.id, yes: 1 },
        { scriptId: both.id, executorId: kept.id, tested: 1 },
      ]);
      await ctx.db.kysely.insertInto('script_executor_votes').values({ script_id: both.id, executor_id: doomed.id, visitor_hash: 'v'.repeat(64), works: 1, works_at: epoch }).execute();
      expect([await platformsOfScript(only.id), await platformsOfScript(both.id)]).toEqual([3, 11]);
      const facets = (id: number) => ctx.db.kysely.selectFrom('executor_facets').select('scripts').where('executor_id', '=', id).where('scripts', '<>', 0).execute();
      expect((await facets(doomed.id)).length).toBeGreaterThan(0);

      expect((await as(admin, 'DELETE', `/api/executors/${doomed.id}`)).statusCode).toBe(200);
      const left = (table: 'script_executors' | 'script_executor_votes') => ctx.db.kysely.selectFrom(table).select('script_id').where('executor_id', '=', doomed.id).execute();
      expect(await left('script_executors')).toEqual([]);
      expect(await left('script_executor_votes')).toEqual([]);
      expect(await facets(doomed.id)).toEqual([]);
      expect([await platformsOfScript(only.id), await platformsOfScript(both.id)]).toEqual([0, 8]);
      // The other executor's row is untouched.
      const keptRows = await ctx.db.kysely.selectFrom('script_executors').select(['script_id', 'tested']).where('executor_id', '=', kept.id).execute();
      expect(keptRows.map((row) => [Number(row.script_id), Number(row.tested)])).toEqual([[both.id, 1]]);
    });
  });
});
