import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_EXECUTORS_MAX } from '../../contract/index.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { pngImage, snapshot } from '../helpers/staff.ts';

// The executors a script was tested with (docs/decisions/0041-executor-writes-and-tested-marks.md#tested-marks-and-the-scripts-answer): the
// staff forms' `executors` (JSON array, repeated multipart parts) on create and edit, what a save
// writes (tested marks, platforms, the moderation log), the staff shape, the script's answer
// (compatibility rows, noWorkingExecutor) and the cards' platforms; bad lists and unknown slugs
// changing nothing; a key link on a blocked domain refused (docs/decisions/0041-executor-writes-and-tested-marks.md#key-links).

type Transport = 'json' | 'multipart';
type Fields = Record<string, string | boolean | string[]>;

const BASE = { playsname: 'Executor script', description: 'Tested somewhere', loadstring: 'print("tested")' };

/** The form in either type; a list becomes repeated `executors[]` parts in multipart (or `as` parts). */
function body(transport: Transport, fields: Fields, options: { image?: Buffer; as?: string } = {}): unknown {
  if (transport === 'json') return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(name === 'executors' ? (options.as ?? 'executors[]') : name, item);
    else form.append(name, String(value));
  }
  if (options.image) form.append('image', new Blob([new Uint8Array(options.image)], { type: 'image/png' }), 'cover.png');
  return form;
}

const EXECUTORS = [
  // slug, name, platforms bits (1 windows, 2 mac, 4 android, 8 ios), status
  ['nimbus', 'Nimbus', 1, 'working'],
  ['quartz', 'Quartz', 1 | 2, 'working'],
  ['pocket', 'Pocket', 4 | 8, 'working'],
  ['ember', 'Ember', 1, 'updating'],
  ['lumen', 'Lumen', 4, 'patched'],
  ['driftwood', 'Driftwood', 8, 'discontinued'],
] as const;

describe.each(dialects)('tested executors and the script answer on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;
  let other: Account;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
    other = await createModerator(ctx);
    const now = new Date().toISOString();
    for (const [slug, name, platforms, status] of EXECUTORS) {
      const row = await ctx.db.kysely
        .insertInto('executors')
        .values({ name, slug, platforms, status, version: null, website: null, free: 1, status_changed_at: now, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(slug, Number(row.id));
    }
  });
  afterAll(async () => ctx?.close());

  const send = (account: Account, method: 'POST' | 'PATCH', url: string, payload: unknown) => injectAs(ctx, account, { method, url, payload: payload as string });
  const createAs = async (account: Account, transport: Transport, fields: Fields, options: { image?: Buffer; as?: string } = {}) => {
    const url = account === admin ? '/api/ac' : '/api/m';
    const response = await send(account, 'POST', url, body(transport, { ...BASE, ...fields }, options));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const edit = async (id: number, transport: Transport, fields: Fields, options: { as?: string } = {}) => {
    const response = await send(admin, 'PATCH', `/api/update-script/${id}`, body(transport, fields, options));
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const answer = async (id: number) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** The script's rows of script_executors: slug, tested, and the platforms stored on the script. */
  const stored = async (id: number) => {
    const rows = await ctx.db.kysely
      .selectFrom('script_executors as se')
      .innerJoin('executors as e', 'e.id', 'se.executor_id')
      .select(['e.slug', 'se.tested', 'se.platforms'])
      .where('se.script_id', '=', id)
      .orderBy('e.slug')
      .execute();
    const script = await ctx.db.kysely.selectFrom('scripts').select('platforms').where('id', '=', id).executeTakeFirstOrThrow();
    return { rows: rows.map((row) => [row.slug, Number(row.tested)]), platforms: Number(script.platforms), copies: [...new Set(rows.map((row) => Number(row.platforms)))] };
  };
  const auditOf = async (id: number) =>
    (await ctx.db.kysely.selectFrom('audit_log').select(['action', 'changes']).where('object_type', '=', 'script').where('object_id', '=', id).orderBy('id').execute()).map((row) => ({
      action: row.action,
      changes: JSON.parse(row.changes ?? '{}'),
    }));
  /** Everything a refused save must leave alone: the staff tables, the uploads, the executors and their rows. */
  const everything = async () => ({
    ...(await snapshot(ctx)),
    executors: await ctx.db.kysely.selectFrom('executors').selectAll().orderBy('id').execute(),
    scriptExecutors: await ctx.db.kysely.selectFrom('script_executors').selectAll().orderBy('script_id').orderBy('executor_id').execute(),
  });
  const refused = (response: LightMyRequestResponse, field: string, pattern: RegExp) => {
    expect(response.statusCode, response.body).toBe(400);
    const error = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.error).toMatch(pattern);
    expect(error.fields?.[field], response.body).toMatch(pattern);
  };

  describe.each(['json', 'multipart'] as const)('through %s', (transport) => {
    it('a create marks the executors tested, sets the platforms and answers them in the staff shape, for either role', async () => {
      const byAdmin = await createAs(admin, transport, { executors: ['quartz', 'nimbus'] });
      expect(byAdmin.executors).toEqual(['nimbus', 'quartz']);
      expect(byAdmin.platforms).toEqual(['windows', 'mac']);
      expect(await stored(byAdmin.id)).toEqual({ rows: [['nimbus', 1], ['quartz', 1]], platforms: 3, copies: [3] });

      // `executors` is the same name as `executors[]` in multipart.
      const byModerator = await createAs(moderator, transport, { executors: ['pocket', 'lumen'] }, { as: 'executors' });
      expect(byModerator.executors).toEqual(['lumen', 'pocket']);
      expect(byModerator.platforms).toEqual(['android', 'ios']);
      const listed = (await injectAs(ctx, moderator, { method: 'GET', url: '/api/m/scripts' })).json();
      expect(listed.find((script: { id: number }) => script.id === byModerator.id).executors).toEqual(['lumen', 'pocket']);

      // Left out: none.
      const none = await createAs(admin, transport, {});
      expect([none.executors, none.platforms]).toEqual([[], []]);
      expect(await stored(none.id)).toEqual({ rows: [], platforms: 0, copies: [] });

      // The log's creation entry names them.
      expect((await auditOf(byAdmin.id))[0]).toEqual({ action: 'script.create', changes: expect.objectContaining({ executors: { to: ['nimbus', 'quartz'] } }) });
    });

    it('an edit keeps them when left out, replaces them when sent, clears them with an empty list; the log names the change', async () => {
      const { id } = await createAs(admin, transport, { executors: ['nimbus'] });

      expect((await edit(id, transport, { description: 'Changed' })).executors).toEqual(['nimbus']);
      // The same list again changes nothing and logs nothing more.
      const entries = (await auditOf(id)).length;
      await edit(id, transport, { executors: ['nimbus'], description: 'Changed' });
      expect(await auditOf(id)).toHaveLength(entries);

      const replaced = await edit(id, transport, { executors: ['pocket', 'ember'] });
      expect([replaced.executors, replaced.platforms]).toEqual([['ember', 'pocket'], ['windows', 'android', 'ios']]);
      // The untested row with nothing in it is gone; the script's platforms are copied onto its rows.
      expect(await stored(id)).toEqual({ rows: [['ember', 1], ['pocket', 1]], platforms: 13, copies: [13] });
      expect((await auditOf(id)).at(-1)).toEqual({ action: 'script.update', changes: { executors: { from: ['nimbus'], to: ['ember', 'pocket'] } } });

      // A visitor's answers keep an executor's row once its tested mark goes.
      await ctx.db.kysely.updateTable('script_executors').set({ works_yes: 2, works_no: 1 }).where('script_id', '=', id).where('executor_id', '=', ids.get('pocket') as number).execute();
      const cleared = await edit(id, transport, { executors: transport === 'json' ? [] : [''] });
      expect(cleared.executors).toEqual([]);
      // More yes than no on Pocket: it still works there.
      expect(cleared.platforms).toEqual(['android', 'ios']);
      expect(await stored(id)).toEqual({ rows: [['pocket', 0]], platforms: 12, copies: [12] });
      expect((await answer(id)).compatibility).toEqual([{ executor: 'pocket', name: 'Pocket', platforms: ['android', 'ios'], status: 'working', tested: false, worksYes: 2, worksNo: 1 }]);
      expect((await auditOf(id)).at(-1)).toEqual({ action: 'script.update', changes: { executors: { from: ['ember', 'pocket'], to: [] } } });
    });

    it('an unknown slug is a 400 naming it, and nothing is saved: no row, no image, no log entry', async () => {
      const { id } = await createAs(admin, transport, { executors: ['nimbus'] });
      const state = await everything();
      const image = transport === 'multipart' ? { image: await pngImage() } : {};
      const attempts = [
        send(admin, 'POST', '/api/ac', body(transport, { ...BASE, executors: ['nimbus', 'no-such-executor'] }, image)),
        send(moderator, 'POST', '/api/m', body(transport, { ...BASE, executors: ['no-such-executor'] }, image)),
        send(admin, 'PATCH', `/api/update-script/${id}`, body(transport, { description: 'Never saved', executors: ['quartz', 'no-such-executor'] }, image)),
      ];
      for (const response of await Promise.all(attempts)) refused(response, 'executors', /no-such-executor/);
      expect(await everything()).toEqual(state);
    });

    it('refuses repeated, too many, malformed and control-character slugs, changing nothing', async () => {
      const { id } = await createAs(admin, transport, { executors: ['nimbus'] });
      const state = await everything();
      const many = Array.from({ length: SCRIPT_EXECUTORS_MAX + 1 }, (_, i) => `executor-${i}`);
      const cases: [string[], RegExp][] = [
        [['nimbus', 'quartz', 'nimbus'], /nimbus is named twice/],
        [many, new RegExp(`At most ${SCRIPT_EXECUTORS_MAX} executors`)],
        [['Not A Slug'], /executor slug/],
        [['nim\u0000bus'], /executor slug/],
        [['nimbus\u001b'], /executor slug/],
        [['x'.repeat(61)], /at most 60 characters/],
      ];
      for (const [executors, pattern] of cases) {
        refused(await send(admin, 'POST', '/api/ac', body(transport, { ...BASE, executors })), 'executors', pattern);
        refused(await send(admin, 'PATCH', `/api/update-script/${id}`, body(transport, { executors })), 'executors', pattern);
      }
      if (transport === 'json') {
        refused(await send(admin, 'POST', '/api/ac', { ...BASE, executors: 'nimbus' }), 'executors', /list of executor slugs|expected array/i);
        refused(await send(admin, 'PATCH', `/api/update-script/${id}`, { executors: [1] }), 'executors', /expected string|executor/i);
      }
      expect(await everything()).toEqual(state);
    });
  });

  it('the answer carries one row per executor with data, working first then by name, and the platforms on the cards', async () => {
    const script = await createAs(admin, 'json', { playsname: 'Everywhere script', executors: ['driftwood', 'quartz', 'lumen', 'ember', 'nimbus'] });
    const detail = await answer(script.id);
    expect(detail.compatibility.map((row: { executor: string }) => row.executor)).toEqual(['nimbus', 'quartz', 'ember', 'driftwood', 'lumen']);
    expect(detail.compatibility[1]).toEqual({ executor: 'quartz', name: 'Quartz', platforms: ['windows', 'mac'], status: 'working', tested: true, worksYes: 0, worksNo: 0 });
    expect(detail.compatibility[3]).toMatchObject({ executor: 'driftwood', platforms: ['ios'], status: 'discontinued' });
    expect(detail.platforms).toEqual(['windows', 'mac', 'android', 'ios']);
    expect(detail.noWorkingExecutor).toBe(false);

    const page = (await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=100' })).json();
    const card = page.scripts.find((item: { id: number }) => item.id === script.id);
    expect(card.platforms).toEqual(['windows', 'mac', 'android', 'ios']);
    // A save drops the cached answer and cards at once.
    await edit(script.id, 'json', { executors: ['pocket'] });
    expect((await answer(script.id)).compatibility.map((row: { executor: string }) => row.executor)).toEqual(['pocket']);
    const again = (await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=100' })).json();
    expect(again.scripts.find((item: { id: number }) => item.id === script.id).platforms).toEqual(['android', 'ios']);
  });

  it('noWorkingExecutor: true when every executor with data is patched or discontinued, false with none or a usable one, and it follows an executor\'s status', async () => {
    const unusable = await createAs(admin, 'json', { executors: ['lumen', 'driftwood'] });
    expect((await answer(unusable.id)).noWorkingExecutor).toBe(true);
    const none = await createAs(admin, 'json', {});
    expect((await answer(none.id)).noWorkingExecutor).toBe(false);
    // Updating is not unusable: it is expected back.
    const updating = await createAs(admin, 'json', { executors: ['ember', 'lumen'] });
    expect((await answer(updating.id)).noWorkingExecutor).toBe(false);

    // Ember is patched, as the admin's executor write would record it: a change of everything.
    const ember = ids.get('ember') as number;
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('executors').set({ status: 'patched' }).where('id', '=', ember).execute();
      await ctx.db.changes.record(trx, { kind: 'all' });
    });
    ctx.services.cache.changed({ kind: 'all' });
    try {
      expect((await answer(updating.id)).noWorkingExecutor).toBe(true);
      // A usable executor added by staff ends it.
      expect((await edit(updating.id, 'json', { executors: ['ember', 'lumen', 'nimbus'] })).executors).toEqual(['ember', 'lumen', 'nimbus']);
      expect((await answer(updating.id)).noWorkingExecutor).toBe(false);
    } finally {
      await ctx.db.kysely.updateTable('executors').set({ status: 'updating' }).where('id', '=', ember).execute();
      ctx.services.cache.changed({ kind: 'all' });
    }
  });

  it('the staff lists carry each script\'s tested executors, paged or whole', async () => {
    const first = await createAs(other, 'json', { playsname: 'Listed one', executors: ['quartz', 'pocket'] });
    const second = await createAs(other, 'json', { playsname: 'Listed two' });
    const whole = (await injectAs(ctx, other, { method: 'GET', url: '/api/m/scripts' })).json();
    expect(whole.map((script: { id: number; executors: string[] }) => [script.id, script.executors])).toEqual([
      [second.id, []],
      [first.id, ['pocket', 'quartz']],
    ]);
    const page = (await injectAs(ctx, admin, { method: 'GET', url: '/api/scripts?limit=100&offset=0' })).json();
    expect(page.items.find((script: { id: number }) => script.id === first.id).executors).toEqual(['pocket', 'quartz']);
  });

  it('a moderator may not edit a script, its own or another\'s, executors included; nothing changes', async () => {
    const own = await createAs(moderator, 'json', { executors: ['nimbus'] });
    const others = await createAs(other, 'json', { executors: ['nimbus'] });
    const state = await everything();
    for (const id of [own.id, others.id]) {
      const response = await send(moderator, 'PATCH', `/api/update-script/${id}`, { executors: ['quartz'] });
      expect(response.statusCode, response.body).toBe(403);
    }
    // Nor delete another's (404, as today).
    expect((await injectAs(ctx, moderator, { method: 'DELETE', url: `/api/m/${others.id}` })).statusCode).toBe(404);
    expect(await everything()).toEqual(state);
  });

  it('the OpenAPI document describes the form\'s executors and the answer\'s compatibility', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const create = doc.paths['/api/ac'].post.requestBody.content;
    expect(create['application/json'].schema.properties.executors).toMatchObject({ type: 'array', maxItems: SCRIPT_EXECUTORS_MAX });
    expect(create['multipart/form-data'].schema.properties['executors[]']).toMatchObject({ type: 'array' });
    expect(Object.keys(doc.components.schemas.ScriptDetail.properties)).toEqual(expect.arrayContaining(['compatibility', 'noWorkingExecutor', 'platforms']));
    expect(Object.keys(doc.components.schemas.StaffScript.properties)).toContain('executors');
  });

  describe('key links on a blocked domain', () => {
    let blockedId: number;
    beforeAll(async () => {
      const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/blocked-domains', payload: { domain: 'keys.example', trusted: false } });
      expect(response.statusCode, response.body).toBe(201);
      blockedId = response.json().id;
    });
    afterAll(async () => {
      await injectAs(ctx, admin, { method: 'DELETE', url: `/api/blocked-domains/${blockedId}` });
    });

    it('are refused on create and edit, JSON or multipart, either role, the domain and its subdomains, with nothing saved', async () => {
      const existing = await createAs(admin, 'json', { keySystem: true, keyLink: 'https://good.example/key' });
      const links = ['https://keys.example/get', 'https://www.KEYS.example/get?x=1', 'https://cdn.keys.example./k'];
      for (const keyLink of links) {
        const state = await everything();
        const fields = { keySystem: true, keyLink };
        const attempts = [
          send(admin, 'POST', '/api/ac', body('json', { ...BASE, ...fields })),
          send(moderator, 'POST', '/api/m', body('multipart', { ...BASE, ...fields }, { image: await pngImage() })),
          send(admin, 'PATCH', `/api/update-script/${existing.id}`, body('json', { keyLink })),
          send(admin, 'PATCH', `/api/update-script/${existing.id}`, body('multipart', fields, { image: await pngImage() })),
        ];
        for (const response of await Promise.all(attempts)) refused(response, 'keyLink', /keys\.example/);
        expect(await everything(), keyLink).toEqual(state);
      }
      // A look-alike domain is not blocked; a kept link is not checked again on an unrelated edit.
      await createAs(admin, 'json', { keySystem: true, keyLink: 'https://notkeys.example/get' });
      expect((await edit(existing.id, 'json', { description: 'Still fine' })).keyLink).toBe('https://good.example/key');
    });
  });
});
