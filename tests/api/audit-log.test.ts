import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, auditPageSchema } from '../../contract/index.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { pngImage, scriptForm, snapshot } from '../helpers/staff.ts';

// The moderation log (docs/decisions/0019-moderation-log.md): every staff action with who, when, what, which
// object and what changed; read by the admin through GET /api/audit-log; never edited or deleted.

describe.each(dialects)('the moderation log on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx, 'log_admin');
  });
  afterAll(async () => ctx?.close());

  const as = (account: Account | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    injectAs(ctx, account, { method, url, ...(payload === undefined ? {} : { payload: payload as string }) });

  const log = async (query = ''): Promise<{ items: AuditEntry[]; total: number }> => {
    const response = await as(admin, 'GET', `/api/audit-log${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return auditPageSchema.parse(response.json());
  };
  /** The newest entry of an action on an object. */
  const latest = async (action: string, objectId?: number) => {
    const { items } = await log(`?action=${action}&limit=100`);
    return items.find((entry) => objectId === undefined || entry.object.id === objectId);
  };

  it('records logins and logouts under the account’s name', async () => {
    const moderator = await createModerator(ctx, 'log_login_mod');
    expect(await latest('login')).toMatchObject({ actor: { role: 'moderator', id: moderator.id, name: 'log_login_mod' }, object: { type: 'session', id: null } });
    expect((await as(moderator, 'POST', '/api/logout')).statusCode).toBe(200);
    expect(await latest('logout')).toMatchObject({ actor: { role: 'moderator', name: 'log_login_mod' } });
    const { items } = await log('?actor=LOG_ADMIN&action=login');
    expect(items.map((entry) => entry.actor.name)).toEqual(['log_admin']);
  });

  it('records a script’s create, edit, verify and delete with what changed, the image by its path', async () => {
    const moderator = await createModerator(ctx, 'log_script_mod');
    const created = await as(moderator, 'POST', '/api/m', scriptForm({ playsname: 'Logged farm', description: 'First words', loadstring: 'print(1)', channels: ['@log_one'], image: await pngImage('log') }));
    expect(created.statusCode, created.body).toBe(201);
    const script = created.json() as { id: number; image: string };
    const create = await latest('script.create', script.id);
    expect(create).toMatchObject({ actor: { role: 'moderator', name: 'log_script_mod' }, object: { type: 'script', id: script.id, label: 'Logged farm' } });
    expect(create?.changes).toMatchObject({ playsname: { to: 'Logged farm' }, loadstring: { to: 'print(1)' }, image: { to: script.image }, channels: { to: ['https://t.me/log_one'] } });

    const edited = await as(admin, 'PATCH', `/api/update-script/${script.id}`, { playsname: 'Logged farm v2', loadstring: 'print(2)', verified: true });
    expect(edited.statusCode, edited.body).toBe(200);
    const update = await latest('script.update', script.id);
    expect(update).toMatchObject({ actor: { role: 'admin', name: 'log_admin' }, object: { label: 'Logged farm v2' } });
    // Only what differs; the verification is its own entry.
    expect(update?.changes).toEqual({ playsname: { from: 'Logged farm', to: 'Logged farm v2' }, loadstring: { from: 'print(1)', to: 'print(2)' } });
    expect((await latest('script.verify', script.id))?.changes).toEqual({ verified: { from: false, to: true } });

    const unverified = await as(admin, 'PATCH', `/api/update-script/${script.id}`, { verified: false });
    expect(unverified.statusCode).toBe(200);
    expect(await latest('script.unverify', script.id)).toBeDefined();
    expect((await log(`?action=script.update&limit=100`)).items.filter((entry) => entry.object.id === script.id)).toHaveLength(1);

    expect((await as(moderator, 'POST', `/api/scripts/${script.id}/works-checked`)).statusCode).toBe(200);
    expect(await latest('script.mark-working', script.id)).toMatchObject({ actor: { name: 'log_script_mod' }, object: { label: 'Logged farm v2' } });

    expect((await as(moderator, 'DELETE', `/api/m/${script.id}`)).statusCode).toBe(200);
    expect(await latest('script.delete', script.id)).toMatchObject({ actor: { name: 'log_script_mod' }, changes: { playsname: { from: 'Logged farm v2' } } });
  });

  it('records moderators, site channels and games, and never a password or image bytes', async () => {
    const password = 'a-secret-password-42';
    const made = await as(admin, 'POST', '/api/createModerator', { UserName: 'log_new_mod', Password: password });
    expect(made.statusCode).toBe(201);
    const moderatorId = (made.json() as { id: number }).id;
    expect(await latest('moderator.create', moderatorId)).toMatchObject({ object: { type: 'moderator', label: 'log_new_mod' }, changes: null });
    expect((await as(admin, 'DELETE', `/api/delete-moderator/${moderatorId}`)).statusCode).toBe(200);
    expect(await latest('moderator.delete', moderatorId)).toMatchObject({ object: { label: 'log_new_mod' } });

    const channel = await as(admin, 'POST', '/api/site-channels', { name: 'Log channel', url: 'https://t.me/log_channel' });
    const channelId = (channel.json() as { id: number }).id;
    expect((await as(admin, 'DELETE', `/api/site-channels/${channelId}`)).statusCode).toBe(200);
    expect(await latest('site-channel.create', channelId)).toMatchObject({ changes: { url: { to: 'https://t.me/log_channel' } } });
    expect(await latest('site-channel.delete', channelId)).toMatchObject({ changes: { name: { from: 'Log channel' } } });

    const form = new FormData();
    form.append('name', 'Logged game');
    form.append('icon', new Blob([new Uint8Array(await pngImage('icon'))], { type: 'image/png' }), 'icon.png');
    const game = await as(admin, 'POST', '/api/games', form);
    expect(game.statusCode, game.body).toBe(201);
    const gameId = (game.json() as { id: number }).id;
    expect((await as(admin, 'PATCH', `/api/games/${gameId}`, { name: 'Logged game renamed' })).statusCode).toBe(200);
    expect((await latest('game.update', gameId))?.changes).toEqual({ name: { from: 'Logged game', to: 'Logged game renamed' } });
    expect((await as(admin, 'DELETE', `/api/games/${gameId}`)).statusCode).toBe(200);
    expect(await latest('game.delete', gameId)).toMatchObject({ object: { label: 'Logged game renamed' } });

    const stored = JSON.stringify(await ctx.db.kysely.selectFrom('audit_log').selectAll().execute());
    expect(stored).not.toContain(password);
    expect(stored).not.toContain(admin.token);
    expect(stored).not.toMatch(/UklGR|iVBORw0KGgo/); // no WebP or PNG bytes in base64
  });

  it('records hiding, unhiding and report decisions', async () => {
    const moderator = await createModerator(ctx, 'log_hide_mod');
    const created = await as(moderator, 'POST', '/api/m', scriptForm({ playsname: 'Reported farm', description: 'd', loadstring: 'print(3)', channels: [], image: await pngImage('hide') }));
    const scriptId = (created.json() as { id: number }).id;
    expect((await as(moderator, 'POST', `/api/scripts/${scriptId}/visibility`, { hidden: true })).statusCode).toBe(200);
    expect((await as(moderator, 'POST', `/api/scripts/${scriptId}/visibility`, { hidden: false })).statusCode).toBe(200);
    expect(await latest('script.hide', scriptId)).toMatchObject({ actor: { name: 'log_hide_mod' }, changes: { hidden: { from: false, to: true } } });
    expect(await latest('script.unhide', scriptId)).toMatchObject({ changes: { hidden: { from: true, to: false } } });

    const reported = await ctx.app.inject({
      method: 'POST',
      url: `/api/scripts/${scriptId}/reports`,
      payload: { reason: 'spam', details: 'Not a farm at all' },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' },
      remoteAddress: '203.0.113.77',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const reportId = (reported.json() as { id: number }).id;
    expect((await as(admin, 'PATCH', `/api/reports/${reportId}`, { action: 'dismiss' })).statusCode).toBe(200);
    expect(await latest('report.dismiss', reportId)).toMatchObject({
      actor: { name: 'log_admin' },
      object: { type: 'report', label: 'Reported farm' },
      changes: { reason: { to: 'spam' }, decision: { to: 'dismiss' } },
    });
  });

  it('records the domain lists’ changes', async () => {
    const added = await as(admin, 'POST', '/api/blocked-domains', { domain: 'Log-Blocked.example', trusted: false });
    expect(added.statusCode, added.body).toBe(201);
    const domainId = (added.json() as { id: number }).id;
    expect(await latest('blocked-domain.create', domainId)).toMatchObject({ object: { type: 'blocked-domain', label: 'log-blocked.example' }, changes: { trusted: { to: false } } });
    expect((await as(admin, 'DELETE', `/api/blocked-domains/${domainId}`)).statusCode).toBe(200);
    expect(await latest('blocked-domain.delete', domainId)).toMatchObject({ changes: { domain: { from: 'log-blocked.example' } } });
  });

  it('filters by actor and action and pages newest first with the filter’s total', async () => {
    const all = await log('?limit=100');
    expect(all.items.map((entry) => entry.id)).toEqual([...all.items.map((entry) => entry.id)].sort((a, b) => b - a));
    const logins = await log('?action=login&limit=2');
    expect(logins.items).toHaveLength(2);
    expect(logins.items.every((entry) => entry.action === 'login')).toBe(true);
    const rest = await log('?action=login&limit=2&offset=2');
    expect(rest.total).toBe(logins.total);
    expect(rest.items.map((entry) => entry.id)).not.toContain(logins.items[0]?.id);
    expect((await log('?actor=nobody_at_all')).total).toBe(0);
  });

  it.each([
    ['an action that is not logged', '?action=script.explode'],
    ['a NUL byte in the actor', '?actor=log%00admin'],
    ['a control character in the actor', '?actor=log%07admin'],
    ['a too long actor', `?actor=${'a'.repeat(101)}`],
    ['a limit of 0', '?limit=0'],
    ['a negative offset', '?offset=-1'],
    ['a limit in words', '?limit=ten'],
  ])('answers %s with 400 in the error shape and records nothing', async (_name, query) => {
    const before = await snapshot(ctx);
    const response = await as(admin, 'GET', `/api/audit-log${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
    expect(await snapshot(ctx)).toEqual(before);
  });

  /** Makes the database refuse the log's entries of one action (a trigger), for as long as `run` runs. */
  async function refusingEntries<T>(action: string, run: () => Promise<T>): Promise<T> {
    const k = ctx.db.kysely;
    if (dialect === 'postgres') {
      await sql.raw(`CREATE OR REPLACE FUNCTION audit_refused_by_test() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.action = '${action}' THEN RAISE EXCEPTION 'the test refuses this entry'; END IF; RETURN NEW; END $$`).execute(k);
      await sql.raw('CREATE TRIGGER audit_refused_by_test BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_refused_by_test()').execute(k);
    } else {
      await sql.raw(`CREATE TRIGGER audit_refused_by_test BEFORE INSERT ON audit_log WHEN NEW.action = '${action}' BEGIN SELECT RAISE(ABORT, 'the test refuses this entry'); END`).execute(k);
    }
    try {
      return await run();
    } finally {
      await sql.raw(dialect === 'postgres' ? 'DROP TRIGGER audit_refused_by_test ON audit_log' : 'DROP TRIGGER audit_refused_by_test').execute(k);
    }
  }

  it('writes each staff action’s entry in the action’s own transaction: an entry the database refuses leaves no write behind', async () => {
    const moderator = await createModerator(ctx, 'log_refused_mod');
    const script = (await as(admin, 'POST', '/api/ac', { playsname: 'Refused log farm', description: 'd', loadstring: 'print(1)' })).json() as { id: number };
    const executor = (await as(admin, 'POST', '/api/executors', { name: 'Refused Exec', platforms: ['windows'], status: 'working' })).json() as { id: number };
    const game = (await as(admin, 'POST', '/api/games', { name: 'Refused Log Game' })).json() as { id: number };
    const writes: [string, 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['script.create', 'POST', '/api/ac', { playsname: 'Never stored farm', description: 'd', loadstring: 'print(2)' }],
      ['script.update', 'PATCH', `/api/update-script/${script.id}`, { playsname: 'Never renamed farm', loadstring: 'print(3)' }],
      ['script.verify', 'PATCH', `/api/update-script/${script.id}`, { verified: true }],
      ['script.hide', 'POST', `/api/scripts/${script.id}/visibility`, { hidden: true }],
      ['script.mark-working', 'POST', `/api/scripts/${script.id}/works-checked`],
      ['script.delete', 'DELETE', `/api/ad/${script.id}`],
      ['game.create', 'POST', '/api/games', { name: 'Never Stored Game' }],
      ['game.update', 'PATCH', `/api/games/${game.id}`, { name: 'Never Renamed Game' }],
      ['game.delete', 'DELETE', `/api/games/${game.id}`],
      ['executor.create', 'POST', '/api/executors', { name: 'Never Stored Exec', platforms: ['mac'], status: 'working' }],
      ['executor.update', 'PATCH', `/api/executors/${executor.id}`, { status: 'patched' }],
      ['executor.delete', 'DELETE', `/api/executors/${executor.id}`],
      ['moderator.create', 'POST', '/api/createModerator', { UserName: 'never_stored_mod', Password: 'never-stored-1' }],
      ['moderator.delete', 'DELETE', `/api/delete-moderator/${moderator.id}`],
      ['site-channel.create', 'POST', '/api/site-channels', { name: 'Never stored', url: 'https://t.me/never_stored' }],
      ['blocked-domain.create', 'POST', '/api/blocked-domains', { domain: 'never-stored.example', trusted: true }],
    ];
    for (const [action, method, url, payload] of writes) {
      const before = await snapshot(ctx);
      const answer = await refusingEntries(action, () => as(admin, method, url, payload));
      // The server's fault, answered as one; and nothing of the write is left.
      expect(answer.statusCode, `${action}: ${answer.body}`).toBeGreaterThanOrEqual(500);
      expect(answer.json(), action).toEqual({ error: expect.any(String), code: expect.any(String) });
      expect(await snapshot(ctx), action).toEqual(before);
    }
    // Without the trigger the same writes land, each with its entry.
    expect((await as(admin, 'DELETE', `/api/games/${game.id}`)).statusCode).toBe(200);
    expect(await latest('game.delete', game.id)).toBeDefined();
  });

  it('has rows the database itself refuses to edit or delete', async () => {
    const { total } = await log();
    expect(total).toBeGreaterThan(0);
    await expect(sql`UPDATE audit_log SET actor_name = 'someone else'`.execute(ctx.db.kysely)).rejects.toThrow(/never edited or deleted/);
    await expect(sql`DELETE FROM audit_log`.execute(ctx.db.kysely)).rejects.toThrow(/never edited or deleted/);
    expect((await log()).total).toBe(total);
    const names = await ctx.db.kysely.selectFrom('audit_log').select('actor_name').distinct().execute();
    expect(names.map((row) => row.actor_name)).not.toContain('someone else');
  });
});
