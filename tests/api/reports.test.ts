import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_VISITOR } from '../../contract/index.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { freshVisitorAddress, postReport, twoAppsOnOneDatabase } from '../helpers/reports.ts';
import { imageFiles, imageKeyOf, pngImage, scriptForm, snapshot } from '../helpers/staff.ts';

// Visitors' reports and the review queue (docs/product.md#reports, docs/decisions/0021-hidden-scripts-and-reports.md#reports).

describe.each(dialects)('reports on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let owner: Account;
  let other: Account;
  let now = Date.UTC(2026, 10, 28, 12);

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { clock: () => now });
    admin = await createAdmin(ctx);
    owner = await createModerator(ctx);
    other = await createModerator(ctx);
  });
  afterAll(async () => ctx?.close());

  /** A script of `account` (the owner by default), made through the staff form with an image. */
  async function ownScript(account: Account = owner, name = 'Reported script'): Promise<{ id: number; image: string }> {
    const response = await injectAs(ctx, account, { method: 'POST', url: '/api/m', payload: scriptForm({ playsname: name, description: 'To report', loadstring: 'print(1)', image: await pngImage(name) }) });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().id, image: response.json().image };
  }
  const list = async (account: Account, query = '') => {
    const response = await injectAs(ctx, account, { method: 'GET', url: `/api/reports${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: { id: number; scriptId: number; scriptName: string; reason: string; details: string; state: string; decision: string | null; decidedBy: string | null; scriptExists: boolean; scriptHidden: boolean }[]; total: number };
  };
  const decide = (account: Account, id: number, payload: unknown) => injectAs(ctx, account, { method: 'PATCH', url: `/api/reports/${id}`, payload: payload as object });
  const reportRows = () => ctx.db.kysely.selectFrom('reports').selectAll().orderBy('id').execute();

  it('takes a report from a browser: the admin and the script’s owner see it, another moderator does not', async () => {
    const script = await ownScript();
    const response = await postReport(ctx, script.id, { reason: 'malware', details: '  Sends my IP to a webhook\nsee line 3  ' });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    const [row] = (await reportRows()).filter((r) => r.id === id);
    expect(row).toMatchObject({ script_id: script.id, script_name: 'Reported script', reason: 'malware', details: 'Sends my IP to a webhook\nsee line 3', state: 'open', decision: null });
    // The view counter's visitor hash, never the address itself.
    expect(row?.visitor_hash.length).toBeGreaterThan(16);
    expect(row?.visitor_hash).not.toContain('10.88');

    const mine = (await list(owner)).items.find((item) => item.id === id);
    expect(mine).toMatchObject({ scriptId: script.id, scriptName: 'Reported script', reason: 'malware', state: 'open', scriptExists: true, scriptHidden: false });
    expect(mine).not.toHaveProperty('visitorHash');
    expect((await list(admin)).items.some((item) => item.id === id)).toBe(true);
    expect((await list(other)).items.some((item) => item.id === id)).toBe(false);
  });

  it('filters by state and reason, pages, and counts the total', async () => {
    const script = await ownScript(other, 'Filtered script');
    for (const reason of ['spam', 'spam', 'broken']) expect((await postReport(ctx, script.id, { reason })).statusCode).toBe(201);
    const spam = await list(other, '?reason=spam&state=open');
    expect(spam.total).toBe(2);
    expect(spam.items.map((item) => item.reason)).toEqual(['spam', 'spam']);
    const firstPage = await list(other, '?limit=2&offset=0');
    const secondPage = await list(other, '?limit=2&offset=2');
    expect(firstPage.total).toBe(3);
    expect(firstPage.items).toHaveLength(2);
    expect(secondPage.items).toHaveLength(1);
    // Newest first.
    expect(firstPage.items[0]?.id).toBeGreaterThan(firstPage.items[1]?.id ?? Infinity);
    expect((await list(other, '?state=resolved')).total).toBe(0);
  });

  it('refuses crawlers and clients without a User-Agent, and unknown or hidden scripts, storing nothing', async () => {
    const script = await ownScript();
    const hidden = await ownScript(owner, 'Hidden before its report');
    expect((await injectAs(ctx, owner, { method: 'POST', url: `/api/scripts/${hidden.id}/visibility`, payload: { hidden: true } })).statusCode).toBe(200);
    const before = await snapshot(ctx);
    const refused = [
      [await postReport(ctx, script.id, { reason: 'spam' }, { agent: null }), 403],
      [await postReport(ctx, script.id, { reason: 'spam' }, { agent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }), 403],
      [await postReport(ctx, 999_999, { reason: 'spam' }), 404],
      [await postReport(ctx, hidden.id, { reason: 'spam' }), 404],
    ] as const;
    for (const [response, status] of refused) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String), code: status === 403 ? 'FORBIDDEN' : 'NOT_FOUND' });
    }
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('answers every bad input with a 4xx { error, code } and stores nothing', async () => {
    const script = await ownScript();
    const before = await snapshot(ctx);
    const cases: [string, () => ReturnType<typeof postReport>, number][] = [
      ['a NUL in details', () => postReport(ctx, script.id, { reason: 'spam', details: 'bad\u0000byte' }), 400],
      ['a control character in details', () => postReport(ctx, script.id, { reason: 'spam', details: 'bell\u0007' }), 400],
      ['a lone surrogate', () => postReport(ctx, script.id, { reason: 'spam', details: 'x\ud800' }), 400],
      ['details over 1,000 characters', () => postReport(ctx, script.id, { reason: 'spam', details: 'a'.repeat(1_001) }), 400],
      ['an unknown reason', () => postReport(ctx, script.id, { reason: 'ugly' }), 400],
      ['no reason', () => postReport(ctx, script.id, { details: 'why' }), 400],
      ['a number as reason', () => postReport(ctx, script.id, { reason: 5 }), 400],
      ['a number as details', () => postReport(ctx, script.id, { reason: 'spam', details: 7 }), 400],
      ['an unknown field', () => postReport(ctx, script.id, { reason: 'spam', visitorHash: 'x' }), 400],
      ['an array body', () => ctx.app.inject({ method: 'POST', url: `/api/scripts/${script.id}/reports`, headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Chrome/124' }, payload: '[{"reason":"spam"}]' }), 400],
      ['a form body', () => ctx.app.inject({ method: 'POST', url: `/api/scripts/${script.id}/reports`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mozilla/5.0 Chrome/124' }, payload: 'reason=spam' }), 415],
      ['malformed JSON', () => ctx.app.inject({ method: 'POST', url: `/api/scripts/${script.id}/reports`, headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Chrome/124' }, payload: '{"reason":' }), 400],
      ['a huge body', () => postReport(ctx, script.id, { reason: 'spam', details: 'a'.repeat(200_000) }), 413],
      ['a non-numeric id', () => postReport(ctx, 'abc', { reason: 'spam' }), 400],
      ['id 0', () => postReport(ctx, '0', { reason: 'spam' }), 400],
      ['a leading-zero id', () => postReport(ctx, `0${script.id}`, { reason: 'spam' }), 400],
    ];
    for (const [what, send, status] of cases) {
      const response = await send();
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect(response.json(), what).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect(await snapshot(ctx)).toEqual(before);
  });

  it(`takes at most ${REPORTS_PER_VISITOR} reports per visitor an hour, racing requests included; 429 with Retry-After, then again after the hour`, async () => {
    const script = await ownScript();
    const address = freshVisitorAddress();
    const answers = await Promise.all(Array.from({ length: 9 }, () => postReport(ctx, script.id, { reason: 'broken' }, { address })));
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429]);
    const limited = answers.find((response) => response.statusCode === 429);
    expect(limited?.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
    const retryAfter = Number(limited?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    const stored = (await reportRows()).filter((row) => row.script_id === script.id);
    expect(stored).toHaveLength(REPORTS_PER_VISITOR);
    // Another visitor is not held back.
    expect((await postReport(ctx, script.id, { reason: 'broken' })).statusCode).toBe(201);
    // An hour later the window has let the first ones go.
    now += 60 * 60 * 1000 + 1_000;
    expect((await postReport(ctx, script.id, { reason: 'broken' }, { address })).statusCode).toBe(201);
  });

  it('dismiss resolves every open report of the script and leaves it public; a resolved report is 409 and changes nothing', async () => {
    const script = await ownScript();
    const first = (await postReport(ctx, script.id, { reason: 'spam' })).json().id as number;
    const second = (await postReport(ctx, script.id, { reason: 'other', details: 'Same thing' })).json().id as number;
    const response = await decide(owner, first, { action: 'dismiss' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: first, state: 'resolved', decision: 'dismiss', decidedBy: owner.username, scriptHidden: false });
    const rows = (await reportRows()).filter((row) => row.id === first || row.id === second);
    expect(rows.map((row) => [row.state, row.decision, row.decided_by])).toEqual([
      ['resolved', 'dismiss', owner.username],
      ['resolved', 'dismiss', owner.username],
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).statusCode).toBe(200);

    const before = await snapshot(ctx);
    const again = await decide(admin, second, { action: 'hide' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: expect.any(String), code: 'CONFLICT' });
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('hide hides the script from the public (404) while staff still see it, and resolves its reports', async () => {
    const script = await ownScript();
    const reportId = (await postReport(ctx, script.id, { reason: 'malware' })).json().id as number;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).statusCode).toBe(200);
    const response = await decide(admin, reportId, { action: 'hide' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'resolved', decision: 'hide', decidedBy: admin.username, scriptHidden: true, scriptExists: true });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}/channels` })).statusCode).toBe(404);
    const staffList = await injectAs(ctx, owner, { method: 'GET', url: '/api/m/scripts' });
    expect(staffList.json().find((item: { id: number }) => item.id === script.id)).toMatchObject({ hidden: true });
  });

  it('delete deletes the script through the staff delete (its image files go) and keeps the report with the script’s name', async () => {
    const script = await ownScript(owner, 'Stolen upload');
    const key = imageKeyOf(script.image);
    const filesExist = () => imageFiles(ctx, key).map((file) => fs.existsSync(file));
    expect(filesExist()).toEqual([true, true]);
    const reportId = (await postReport(ctx, script.id, { reason: 'stolen' })).json().id as number;
    const otherReport = (await postReport(ctx, script.id, { reason: 'spam' })).json().id as number;
    const response = await decide(owner, reportId, { action: 'delete' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ scriptId: script.id, scriptName: 'Stolen upload', scriptExists: false, state: 'resolved', decision: 'delete', decidedBy: owner.username });
    expect(await ctx.db.kysely.selectFrom('scripts').select('id').where('id', '=', script.id).executeTakeFirst()).toBeUndefined();
    expect(filesExist()).toEqual([false, false]);
    const [rest] = (await reportRows()).filter((row) => row.id === otherReport);
    expect(rest).toMatchObject({ state: 'resolved', decision: 'delete', decided_by: owner.username, script_name: 'Stolen upload' });
    // The script's reports move to the admin's view only: its owner no longer has the script.
    expect((await list(admin, '?state=resolved')).items.find((item) => item.id === reportId)).toMatchObject({ scriptExists: false, scriptName: 'Stolen upload' });
  });

  it('a script deleted from the staff list resolves its open reports (no decider named)', async () => {
    const script = await ownScript();
    const reportId = (await postReport(ctx, script.id, { reason: 'broken' })).json().id as number;
    expect((await injectAs(ctx, owner, { method: 'DELETE', url: `/api/m/${script.id}` })).statusCode).toBe(200);
    const [row] = (await reportRows()).filter((r) => r.id === reportId);
    expect(row).toMatchObject({ state: 'resolved', decision: 'delete', decided_by: null, script_name: 'Reported script' });
  });

  it('keeps a moderator to reports on its own scripts, and refuses bad decisions, changing nothing', async () => {
    const script = await ownScript();
    const reportId = (await postReport(ctx, script.id, { reason: 'spam' })).json().id as number;
    const before = await snapshot(ctx);
    const cases: [string, Account, unknown, string, number][] = [
      ['another moderator', other, { action: 'hide' }, String(reportId), 404],
      ['an unknown action', admin, { action: 'ban' }, String(reportId), 400],
      ['no action', admin, {}, String(reportId), 400],
      ['a NUL in the action', admin, { action: 'hide\u0000' }, String(reportId), 400],
      ['a number as action', admin, { action: 1 }, String(reportId), 400],
      ['an extra field', admin, { action: 'hide', scriptId: 1 }, String(reportId), 400],
      ['an unknown report', admin, { action: 'dismiss' }, '999999', 404],
      ['a malformed id', admin, { action: 'dismiss' }, '1e3', 400],
    ];
    for (const [what, account, payload, id, status] of cases) {
      const response = await injectAs(ctx, account, { method: 'PATCH', url: `/api/reports/${id}`, payload: payload as object });
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect(response.json(), what).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    for (const query of ['?state=closed', '?reason=ugly', '?limit=0', '?limit=101', '?offset=-1', '?state=open&state=resolved']) {
      const response = await injectAs(ctx, admin, { method: 'GET', url: `/api/reports${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('documents the new calls in OpenAPI', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/scripts/{id}/reports'] ?? {})).toContain('post');
    expect(Object.keys(paths['/api/reports'] ?? {})).toContain('get');
    expect(Object.keys(paths['/api/reports/{id}'] ?? {})).toContain('patch');
    expect(Object.keys(paths['/api/scripts/{id}/visibility'] ?? {})).toContain('post');
  });

  it('hides and shows a script: the admin any, a moderator its own; bad bodies change nothing', async () => {
    const script = await ownScript();
    const before = await snapshot(ctx);
    for (const [account, payload, status] of [
      [other, { hidden: true }, 404],
      [owner, { hidden: 'yes' }, 400],
      [owner, {}, 400],
      [owner, { hidden: true, extra: 1 }, 400],
      [owner, { hidden: null }, 400],
    ] as const) {
      const response = await injectAs(ctx, account, { method: 'POST', url: `/api/scripts/${script.id}/visibility`, payload });
      expect(response.statusCode, response.body).toBe(status);
    }
    expect((await injectAs(ctx, admin, { method: 'POST', url: '/api/scripts/999999/visibility', payload: { hidden: true } })).statusCode).toBe(404);
    expect(await snapshot(ctx)).toEqual(before);
    expect((await injectAs(ctx, admin, { method: 'POST', url: `/api/scripts/${script.id}/visibility`, payload: { hidden: true } })).json()).toEqual({ id: script.id, hidden: true });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).statusCode).toBe(404);
    expect((await injectAs(ctx, owner, { method: 'POST', url: `/api/scripts/${script.id}/visibility`, payload: { hidden: false } })).json()).toEqual({ id: script.id, hidden: false });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).statusCode).toBe(200);
  });
});

describe.each(dialects)('the report limit across two apps on one %s database', (dialect) => {
  let apps: Awaited<ReturnType<typeof twoAppsOnOneDatabase>>;
  beforeAll(async () => {
    apps = await twoAppsOnOneDatabase(dialect);
  });
  afterAll(async () => apps?.close());

  it(`holds at ${REPORTS_PER_VISITOR} for one visitor whichever app takes the requests, raced`, async () => {
    const [first, second] = apps.apps;
    const script = await first.services.scripts.insert({ playsname: 'Shared', description: '', loadstring: 'print(1)', imageKey: null, ownerModeratorId: null, channels: [] });
    const address = freshVisitorAddress();
    expect((await postReport(first, script.id, { reason: 'spam' }, { address })).statusCode).toBe(201);
    expect((await postReport(second, script.id, { reason: 'spam' }, { address })).statusCode).toBe(201);
    const raced = await Promise.all(Array.from({ length: 8 }, (_, i) => postReport(i % 2 === 0 ? first : second, script.id, { reason: 'spam' }, { address })));
    expect(raced.filter((response) => response.statusCode === 201)).toHaveLength(REPORTS_PER_VISITOR - 2);
    expect(raced.filter((response) => response.statusCode === 429)).toHaveLength(8 - (REPORTS_PER_VISITOR - 2));
    const rows = await first.db.kysely.selectFrom('reports').select('id').where('script_id', '=', script.id).execute();
    expect(rows).toHaveLength(REPORTS_PER_VISITOR);
  });
});
