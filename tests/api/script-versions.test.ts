import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateToLatest } from '../../server/db/migrate.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { scriptForm } from '../helpers/staff.ts';

/**
 * Loader versions (issue 28, docs/decisions/0044-loader-versions.md): only a save that changes the loader's
 * text makes a version, each carrying its analysis's difference from the one before; parallel edits
 * never share a number nor lose one; the public history hides nothing a script's answer shows and
 * nothing of a hidden script; staff see who saved each and restore one through the save's rules.
 */

const HUB = 'loadstring(game:HttpGet("https://raw.githubusercontent.com/demo/hub.lua"))()';
const PASTE = 'loadstring(game:HttpGet("https://pastebin.com/raw/demo0000"))()';
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/1/demo", Method = "POST", Body = "stats" })';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe.each(dialects)('loader versions on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;
  let other: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx, `versions_admin_${dialect}`);
    moderator = await createModerator(ctx, `versions_mod_${dialect}`);
    other = await createModerator(ctx);
  });
  afterAll(async () => ctx?.close());

  const create = async (loadstring: string, as: Account = admin) => {
    const response = await injectAs(ctx, as, { method: 'POST', url: as === admin ? '/api/ac' : '/api/m', payload: { playsname: 'Versioned', description: 'A sample', loadstring } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const edit = (id: number, fields: Record<string, string>) => injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${id}`, payload: scriptForm(fields) });
  const history = async (id: number, query = '') => ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}/versions${query}` });
  const versionRows = async (id: number) => ctx.db.kysely.selectFrom('script_versions').select(['version', 'saved_by']).where('script_id', '=', id).orderBy('version').execute();
  const staffHistory = (id: number, as: Account) => injectAs(ctx, as, { method: 'GET', url: `/api/staff/scripts/${id}/versions` });
  const restore = (id: number, version: number, as: Account = admin) => injectAs(ctx, as, { method: 'POST', url: `/api/staff/scripts/${id}/versions/${version}/restore` });

  it('makes version 1 on create and one more only for a save that changes the loader: not other edits, views or votes', async () => {
    const id = await create(HUB);
    expect(await versionRows(id)).toEqual([{ version: 1, saved_by: `versions_admin_${dialect}` }]);
    expect((await edit(id, { playsname: 'Renamed', description: 'Other words' })).statusCode).toBe(200);
    expect((await edit(id, { loadstring: HUB })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}`, headers: { 'user-agent': BROWSER }, remoteAddress: '198.51.100.7' });
    await ctx.app.inject({ method: 'POST', url: `/api/scripts/${id}/vote`, payload: { value: 'like' }, headers: { 'user-agent': BROWSER }, remoteAddress: '198.51.100.7' });
    await ctx.services.views.flush();
    await ctx.services.votes.flush();
    expect(await versionRows(id)).toHaveLength(1);
    const first = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}` })).json();
    expect(first).toMatchObject({ version: 1, loaderChangedAt: null, updateAddedHigh: false });

    const changed = await edit(id, { loadstring: `${HUB}\n${WEBHOOK}` });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await versionRows(id)).toHaveLength(2);
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}` })).json();
    expect(detail).toMatchObject({ version: 2, updateAddedHigh: true });
    expect(detail.loaderChangedAt).toBe(detail.updatedAt);
    const card = (await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=50' })).json().scripts.find((script: { id: number }) => script.id === id);
    expect(card).toMatchObject({ version: 2, updateAddedHigh: true, loaderChangedAt: detail.loaderChangedAt });
  });

  it('answers what each update changed, newest first: a webhook added, then a host removed', async () => {
    const id = await create(`${HUB}\n${PASTE}`);
    await edit(id, { loadstring: `${HUB}\n${PASTE}\n${WEBHOOK}` });
    await edit(id, { loadstring: `${HUB}\n${WEBHOOK}` });
    const response = await history(id);
    expect(response.statusCode).toBe(200);
    const [third, second, first] = response.json();
    expect(third).toMatchObject({ version: 3, added: [], hostsAdded: [], hostsRemoved: ['pastebin.com'] });
    expect(third.removed.map((item: { code: string }) => item.code)).toEqual(['short-link']);
    expect(second).toMatchObject({
      version: 2,
      added: [{ code: 'webhook', severity: 'high', message: expect.any(String) }],
      removed: [],
      hostsAdded: ['discord.com'],
      hostsRemoved: [],
    });
    expect(first).toMatchObject({ version: 1, removed: [], hostsAdded: ['pastebin.com', 'raw.githubusercontent.com'], hostsRemoved: [] });
    expect(first.added.map((item: { code: string }) => item.code)).toEqual(['short-link', 'remote-code']);
    expect(first).not.toHaveProperty('savedBy');
    // The detail answer's updateAddedHigh is of the latest update, which removed a host and added nothing.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}` })).json()).toMatchObject({ version: 3, updateAddedHigh: false });

    const one = await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}/versions/2` });
    expect(one.statusCode).toBe(200);
    // A multipart form sends its lines with CRLF, stored as sent.
    expect(one.json().loadstring.replace(/\r\n/g, '\n')).toBe(`${HUB}\n${PASTE}\n${WEBHOOK}`);
    expect(one.json()).toMatchObject({ version: 2, analysis: { domains: ['discord.com', 'pastebin.com', 'raw.githubusercontent.com'] } });
    expect(one.json().analysis.findings[0]).toMatchObject({ code: 'webhook', severity: 'high' });
  });

  it('pages the history with limit and offset, and answers 404 for an unknown script, version or hidden script, 400 for bad numbers', async () => {
    const id = await create('print(1)');
    for (let n = 2; n <= 5; n++) await edit(id, { loadstring: `print(${n})` });
    expect((await history(id, '?limit=2')).json().map((item: { version: number }) => item.version)).toEqual([5, 4]);
    expect((await history(id, '?limit=2&offset=2')).json().map((item: { version: number }) => item.version)).toEqual([3, 2]);
    expect((await history(id, '?limit=2&offset=4')).json().map((item: { version: number }) => item.version)).toEqual([1]);
    expect((await history(999_999)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}/versions/6` })).statusCode).toBe(404);
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=01', '?limit=x']) {
      const response = await history(id, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}/versions/0` })).statusCode).toBe(400);
    // Hidden: no history for the public (cached answers dropped with the script's), still the staff's.
    expect((await history(id)).statusCode).toBe(200);
    expect((await injectAs(ctx, admin, { method: 'POST', url: `/api/scripts/${id}/visibility`, payload: { hidden: true } })).statusCode).toBe(200);
    expect((await history(id)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}/versions/1` })).statusCode).toBe(404);
    expect((await staffHistory(id, admin)).json()).toHaveLength(5);
  });

  it('numbers 20 parallel loader edits of one script 2…21, none lost and none shared', async () => {
    const id = await create('print("start")');
    const responses = await Promise.all(Array.from({ length: 20 }, (_, n) => edit(id, { loadstring: `print("edit ${n}")` })));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const rows = await ctx.db.kysely.selectFrom('script_versions').select(['version', 'loadstring']).where('script_id', '=', id).orderBy('version').execute();
    expect(rows.map((row) => row.version)).toEqual(Array.from({ length: 21 }, (_, n) => n + 1));
    expect(new Set(rows.slice(1).map((row) => row.loadstring)).size).toBe(20);
    const script = await ctx.db.kysely.selectFrom('scripts').select(['version', 'loadstring']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(script).toEqual({ version: 21, loadstring: rows[20]?.loadstring });
  });

  it('shows staff who saved each version; a moderator its own scripts only (another\'s 404)', async () => {
    const id = await create(HUB, moderator);
    await edit(id, { loadstring: PASTE });
    const own = await staffHistory(id, moderator);
    expect(own.statusCode).toBe(200);
    expect(own.json().map((item: { version: number; savedBy: string }) => [item.version, item.savedBy])).toEqual([
      [2, `versions_admin_${dialect}`],
      [1, `versions_mod_${dialect}`],
    ]);
    expect((await staffHistory(id, other)).statusCode).toBe(404);
    expect((await staffHistory(id, admin)).statusCode).toBe(200);
  });

  it('restores a version as a new one with its log row; refuses a now-blocked domain and another moderator\'s script, changing nothing', async () => {
    const id = await create(HUB, moderator);
    await edit(id, { loadstring: `${HUB}\n${WEBHOOK}` });
    const restored = await restore(id, 1, moderator);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ loadstring: HUB, version: 3, updateAddedHigh: false });
    const [latest] = (await history(id)).json();
    expect(latest).toMatchObject({ version: 3, removed: [{ code: 'webhook' }], hostsRemoved: ['discord.com'] });
    const log = (await injectAs(ctx, admin, { method: 'GET', url: '/api/audit-log?action=script.update' })).json().items[0];
    expect(log).toMatchObject({ actor: { name: `versions_mod_${dialect}` }, object: { id }, changes: { restoredFrom: { to: 1 }, version: { from: 2, to: 3 }, loadstring: { to: HUB } } });

    const before = await ctx.db.kysely.selectFrom('scripts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const logCount = async () => (await ctx.db.kysely.selectFrom('audit_log').select('id').execute()).length;
    const entries = await logCount();
    expect((await restore(id, 2, other)).statusCode).toBe(404);
    expect((await restore(id, 9, moderator)).statusCode).toBe(404);
    const blocked = await injectAs(ctx, admin, { method: 'POST', url: '/api/blocked-domains', payload: { domain: 'discord.com', trusted: false } });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const refused = await restore(id, 2, moderator);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ error: expect.stringContaining('discord.com') });
    await injectAs(ctx, admin, { method: 'DELETE', url: `/api/blocked-domains/${blocked.json().id}` });
    expect(await ctx.db.kysely.selectFrom('scripts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await versionRows(id)).toHaveLength(3);
    // The blocked domain's add and delete are the only entries since.
    expect(await logCount()).toBe(entries + 2);
  });

  it('deletes a script\'s versions with it', async () => {
    const id = await create(HUB);
    await edit(id, { loadstring: PASTE });
    expect((await injectAs(ctx, admin, { method: 'DELETE', url: `/api/ad/${id}` })).statusCode).toBe(200);
    expect(await versionRows(id)).toEqual([]);
  });

  it('documents the history routes in OpenAPI', async () => {
    const paths = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    for (const path of ['/api/scripts/{id}/versions', '/api/scripts/{id}/versions/{version}', '/api/staff/scripts/{id}/versions', '/api/staff/scripts/{id}/versions/{version}/restore']) {
      expect(paths, path).toHaveProperty([path]);
    }
  });

  it('gives every existing script its version 1 in the migration, everything added', async () => {
    const id = await create(`${HUB}\n${WEBHOOK}`);
    // Down to before the versions' migration, the later ones first.
    for (let undone: string[] = []; !undone.includes('20261201000000_script_versions'); ) undone = await migrateDown(ctx.db);
    const scripts = Number((await ctx.db.kysely.selectFrom('scripts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    await migrateToLatest(ctx.db);
    const rows = await ctx.db.kysely.selectFrom('script_versions').selectAll().execute();
    expect(rows).toHaveLength(scripts);
    expect(rows.every((row) => row.version === 1 && row.saved_by === null)).toBe(true);
    const mine = rows.find((row) => row.script_id === id);
    expect(JSON.parse(mine?.changes ?? '{}')).toEqual({ added: ['webhook', 'remote-code'], removed: [], hostsAdded: ['discord.com', 'raw.githubusercontent.com'], hostsRemoved: [] });
    ctx.services.cache.invalidate();
    expect((await history(id)).json()).toEqual([expect.objectContaining({ version: 1, hostsAdded: ['discord.com', 'raw.githubusercontent.com'] })]);
  });
});
