import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTOR_VOTE_DAYS, VOTES_PER_HOUR } from '../../contract/index.ts';
import { buildApp } from '../../server/app.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { visitorHash } from '../../server/visitors/visitor.ts';
import { EXPIRE_EVERY_MS } from '../../server/votes/vote-buffer.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects, throwawayDatabase } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { freePort, type RunningEntry, spawnEntry, waitForHealthy } from '../helpers/processes.ts';

// Works answers per executor (issue 27, docs/decisions/0040-works-answers-per-executor.md): the works vote
// takes an optional executor; the answer moves that executor's counts on the script as well as the
// general works counts, under the same per-visitor limit and batching; answers older than
// EXECUTOR_VOTE_DAYS leave the counts once; the script's platforms follow.

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY_MS = 24 * 60 * 60 * 1000;

let address = 0;
/** A visitor of its own: a fresh address (an IPv4 address counts alone). */
const newVisitor = () => `203.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describe.each(dialects)('works answers per executor on %s', (dialect) => {
  let ctx: TestContext;
  const clock = testClock(Date.UTC(2026, 6, 1));
  let executorSeq = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { clock: clock.now });
  });
  afterAll(async () => ctx?.close());
  afterEach(async () => ctx.services.votes.flush());

  /** An executor straight in the table (the admin's section is another part of the issue). */
  async function addExecutor(platforms: number, status = 'working'): Promise<{ id: number; slug: string; name: string }> {
    executorSeq += 1;
    const slug = `exec-${executorSeq}`;
    const name = `Executor ${String(executorSeq).padStart(3, '0')}`;
    const at = new Date(clock.now()).toISOString();
    const row = await ctx.db.kysely
      .insertInto('executors')
      .values({ name, slug, platforms, status: status as 'working', free: 1, status_changed_at: at, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), slug, name };
  }

  const send = (app: FastifyInstance, id: number, body: unknown, ip: string, ua: string = BROWSER) =>
    app.inject({
      method: 'POST',
      url: `/api/scripts/${id}/works`,
      remoteAddress: ip,
      headers: { 'user-agent': ua, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const answer = (id: number, works: boolean | null, executor: string | undefined, ip: string) => send(ctx.app, id, executor === undefined ? { works } : { works, executor }, ip);
  const myVote = (app: FastifyInstance, id: number, ip: string) => app.inject({ method: 'GET', url: `/api/scripts/${id}/my-vote`, remoteAddress: ip, headers: { 'user-agent': BROWSER } });

  /** The stored counts: the script's general works counts and each executor row's. */
  async function stored(scriptId: number, db: Db = ctx.db) {
    const script = await db.kysely.selectFrom('scripts').select(['works_yes', 'works_no', 'platforms']).where('id', '=', scriptId).executeTakeFirstOrThrow();
    const rows = await db.kysely.selectFrom('script_executors').select(['executor_id', 'tested', 'works_yes', 'works_no', 'works']).where('script_id', '=', scriptId).orderBy('executor_id').execute();
    return {
      worksYes: Number(script.works_yes),
      worksNo: Number(script.works_no),
      platforms: Number(script.platforms),
      executors: Object.fromEntries(rows.map((row) => [Number(row.executor_id), { yes: Number(row.works_yes), no: Number(row.works_no), works: Number(row.works) }])),
    };
  }

  /** Every count equals its rows: the executor counts the counted answers, the general counts the works answers. */
  async function expectCountsMatchRows(scriptId: number, db: Db = ctx.db): Promise<void> {
    const answers = await db.kysely.selectFrom('script_executor_votes').select(['executor_id', 'works', 'counted']).where('script_id', '=', scriptId).execute();
    const votes = await db.kysely.selectFrom('script_votes').select('works').where('script_id', '=', scriptId).execute();
    const counts = await stored(scriptId, db);
    const expected: Record<number, { yes: number; no: number }> = {};
    for (const row of answers.filter((answer) => Number(answer.counted) === 1)) {
      const entry = (expected[Number(row.executor_id)] ??= { yes: 0, no: 0 });
      if (Number(row.works) === 1) entry.yes += 1;
      else entry.no += 1;
    }
    expect(Object.fromEntries(Object.entries(counts.executors).map(([id, row]) => [id, { yes: row.yes, no: row.no }]))).toEqual(expected);
    expect(counts.worksYes).toBe(votes.filter((row) => row.works !== null && Number(row.works) === 1).length);
    expect(counts.worksNo).toBe(votes.filter((row) => row.works !== null && Number(row.works) === 0).length);
  }

  const changeRows = async (ip: string) =>
    (await ctx.db.kysely.selectFrom('script_vote_changes').select('changed_at').where('visitor_hash', '=', visitorHash({ ip, userAgent: BROWSER })).execute()).length;

  it('an answer with an executor moves that executor’s counts and the general ones, shown at once and written by the flush', async () => {
    const script = await insertScript(ctx.services);
    const windows = await addExecutor(1);
    const ip = newVisitor();
    const response = await answer(script.id, true, windows.slug, ip);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const row = { executor: windows.slug, name: windows.name, platforms: ['windows'], status: 'working', tested: false, worksYes: 1, worksNo: 0 };
    expect(response.json()).toEqual({ vote: 'none', works: true, likes: 0, dislikes: 0, worksYes: 1, worksNo: 0, executors: [{ executor: windows.slug, works: true }], compatibility: [row] });
    // Buffered: nothing written yet, but my-vote and another visitor see it.
    expect(await stored(script.id)).toEqual({ worksYes: 0, worksNo: 0, platforms: 0, executors: {} });
    expect((await myVote(ctx.app, script.id, ip)).json()).toMatchObject({ works: true, executors: [{ executor: windows.slug, works: true }], compatibility: [row] });

    await ctx.services.votes.flush();
    expect(await stored(script.id)).toEqual({ worksYes: 1, worksNo: 0, platforms: 1, executors: { [windows.id]: { yes: 1, no: 0, works: 1 } } });
    await expectCountsMatchRows(script.id);
    expect(await changeRows(ip)).toBe(1);
    expect((await myVote(ctx.app, script.id, ip)).json()).toMatchObject({ works: true, worksYes: 1, executors: [{ executor: windows.slug, works: true }], compatibility: [row] });
    expect((await myVote(ctx.app, script.id, newVisitor())).json()).toMatchObject({ works: null, worksYes: 1, executors: [], compatibility: [row] });
  });

  it('re-answering flips the executor’s answer; null takes back that executor’s answer and the general one; the same answer again changes nothing', async () => {
    const script = await insertScript(ctx.services);
    const [a, b] = [await addExecutor(1), await addExecutor(2)];
    const ip = newVisitor();
    await answer(script.id, true, a.slug, ip);
    await ctx.services.votes.flush();

    expect((await answer(script.id, false, a.slug, ip)).json()).toMatchObject({ works: false, worksYes: 0, worksNo: 1, executors: [{ executor: a.slug, works: false }] });
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toMatchObject({ worksYes: 0, worksNo: 1, executors: { [a.id]: { yes: 0, no: 1, works: 0 } } });

    // Another executor: its own answer; a's stays.
    const both = (await answer(script.id, true, b.slug, ip)).json();
    expect(both).toMatchObject({ works: true, worksYes: 1, worksNo: 0 });
    expect(both.executors).toEqual([
      { executor: a.slug, works: false },
      { executor: b.slug, works: true },
    ]);
    // The same answer again is no change: nothing buffered, nothing counted.
    const pending = ctx.services.votes.pendingCount;
    expect((await answer(script.id, true, b.slug, ip)).statusCode).toBe(200);
    expect(ctx.services.votes.pendingCount).toBe(pending);
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toMatchObject({ worksYes: 1, worksNo: 0, executors: { [a.id]: { yes: 0, no: 1 }, [b.id]: { yes: 1, no: 0 } } });

    // null on a: a's answer and the general one go; b's stays. a's row, now empty, goes.
    const taken = (await answer(script.id, null, a.slug, ip)).json();
    expect(taken).toMatchObject({ works: null, worksYes: 0, worksNo: 0, executors: [{ executor: b.slug, works: true }] });
    expect(taken.compatibility.map((row: { executor: string }) => row.executor)).toEqual([b.slug]);
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toEqual({ worksYes: 0, worksNo: 0, platforms: 2, executors: { [b.id]: { yes: 1, no: 0, works: 1 } } });
    await expectCountsMatchRows(script.id);
    expect(await changeRows(ip)).toBe(4);
  });

  it('an unknown or malformed executor is a 400 naming executor, and changes nothing', async () => {
    const script = await insertScript(ctx.services);
    const known = await addExecutor(1);
    const ip = newVisitor();
    await answer(script.id, true, known.slug, ip);
    await ctx.services.votes.flush();
    const before = await stored(script.id);

    const unknown = await answer(script.id, false, 'no-such-executor', ip);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: expect.any(String), code: 'VALIDATION_FAILED', fields: { executor: expect.any(String) } });
    for (const executor of ['Not A Slug', 'a\u0000b', 'tab\there', 'x'.repeat(61), 7, null, ['a'], '']) {
      const response = await send(ctx.app, script.id, { works: false, executor }, ip);
      expect(response.statusCode, JSON.stringify(executor)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { executor: expect.any(String) } });
    }
    expect(ctx.services.votes.pendingCount).toBe(0);
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toEqual(before);
    expect(await changeRows(ip)).toBe(1);
    expect((await myVote(ctx.app, script.id, ip)).json()).toMatchObject({ works: true, executors: [{ executor: known.slug, works: true }] });
  });

  it('still takes the old body without an executor: the general answer only, executor answers untouched', async () => {
    const script = await insertScript(ctx.services);
    const a = await addExecutor(4);
    const ip = newVisitor();
    await answer(script.id, true, a.slug, ip);
    const plain = await answer(script.id, false, undefined, ip);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ works: false, worksYes: 0, worksNo: 1, executors: [{ executor: a.slug, works: true }] });
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toEqual({ worksYes: 0, worksNo: 1, platforms: 4, executors: { [a.id]: { yes: 1, no: 0, works: 1 } } });
    // And a visitor who never named an executor leaves no executor row at all.
    const other = await insertScript(ctx.services);
    expect((await answer(other.id, true, undefined, newVisitor())).json()).toMatchObject({ works: true, worksYes: 1, executors: [], compatibility: [] });
    await ctx.services.votes.flush();
    expect(await stored(other.id)).toEqual({ worksYes: 1, worksNo: 0, platforms: 0, executors: {} });
  });

  it('refuses crawlers and agent-less clients with an executor too, with nothing buffered', async () => {
    const script = await insertScript(ctx.services);
    const a = await addExecutor(1);
    for (const ua of [CRAWLER, '', '  ']) {
      const response = await send(ctx.app, script.id, { works: true, executor: a.slug }, newVisitor(), ua);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'FORBIDDEN' });
    }
    expect(ctx.services.votes.pendingCount).toBe(0);
  });

  it('100 parallel answers from one visitor on one executor count once', async () => {
    const script = await insertScript(ctx.services);
    const a = await addExecutor(1);
    const ip = newVisitor();
    const responses = await Promise.all(Array.from({ length: 100 }, () => answer(script.id, true, a.slug, ip)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(ctx.services.votes.pendingCount).toBe(1);
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toEqual({ worksYes: 1, worksNo: 0, platforms: 1, executors: { [a.id]: { yes: 1, no: 0, works: 1 } } });
    expect(await changeRows(ip)).toBe(1);

    // Flipping back and forth in parallel: whatever order they ran in, at most the hour's changes, one answer counted.
    const flips = await Promise.all(Array.from({ length: 100 }, (_, i) => answer(script.id, i % 2 === 0, a.slug, ip)));
    expect(flips.every((response) => response.statusCode === 200 || response.statusCode === 429)).toBe(true);
    await ctx.services.votes.flush();
    expect(await changeRows(ip)).toBeLessThanOrEqual(VOTES_PER_HOUR);
    const after = await stored(script.id);
    expect(after.executors[a.id]!.yes + after.executors[a.id]!.no).toBe(1);
    expect(after.worksYes + after.worksNo).toBe(1);
    expect(after.worksYes).toBe(after.executors[a.id]!.yes);
    await expectCountsMatchRows(script.id);
  });

  it(`100 parallel answers from one visitor on several executors: ${VOTES_PER_HOUR} taken, each counted once`, async () => {
    const executors = await Promise.all([1, 2, 4, 8, 5].map((platforms) => addExecutor(platforms)));
    const scripts = await Promise.all(Array.from({ length: 20 }, () => insertScript(ctx.services)));
    const ip = newVisitor();
    // 100 different (script, executor) pairs: every one is a change, so the hour's limit decides.
    const pairs = scripts.flatMap((script) => executors.map((executor) => ({ script, executor })));
    const responses = await Promise.all(pairs.map(({ script, executor }) => answer(script.id, true, executor.slug, ip)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(VOTES_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - VOTES_PER_HOUR);
    await ctx.services.votes.flush();
    expect(await changeRows(ip)).toBe(VOTES_PER_HOUR);
    const answers = await ctx.db.kysely.selectFrom('script_executor_votes').selectAll().where('visitor_hash', '=', visitorHash({ ip, userAgent: BROWSER })).execute();
    expect(answers).toHaveLength(VOTES_PER_HOUR);
    let executorYes = 0;
    for (const script of scripts) {
      await expectCountsMatchRows(script.id);
      const counts = await stored(script.id);
      executorYes += Object.values(counts.executors).reduce((sum, row) => sum + row.yes, 0);
      // The general answer counts once per script, however many executors it was given for.
      expect(counts.worksYes).toBe(answers.some((row) => Number(row.script_id) === script.id) ? 1 : 0);
    }
    expect(executorYes).toBe(VOTES_PER_HOUR);
  });

  it('100 parallel answers from 100 visitors count 100', async () => {
    const script = await insertScript(ctx.services);
    const a = await addExecutor(8);
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => answer(script.id, i < 70, a.slug, newVisitor())));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    // Answered in any order; once all are in, any visitor sees every buffered answer.
    expect((await myVote(ctx.app, script.id, newVisitor())).json().compatibility).toEqual([{ executor: a.slug, name: a.name, platforms: ['ios'], status: 'working', tested: false, worksYes: 70, worksNo: 30 }]);
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toEqual({ worksYes: 70, worksNo: 30, platforms: 8, executors: { [a.id]: { yes: 70, no: 30, works: 1 } } });
    await expectCountsMatchRows(script.id);
  });

  it('the script’s platforms follow the answers, and its cached answers drop here and in another process', async () => {
    const script = await insertScript(ctx.services);
    const android = await addExecutor(4);
    const detail = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json().platforms as string[];
    const otherDb = openDatabase(ctx.config.database);
    const other = await buildApp({ config: ctx.config, db: otherDb, web: { kind: 'none' }, logger: false, clock: clock.now });
    try {
      await other.ready();
      // Both processes cache the answer without platforms.
      expect(await detail(ctx.app)).toEqual([]);
      expect(await detail(other)).toEqual([]);
      for (const works of [true, true, false]) await answer(script.id, works, android.slug, newVisitor());
      await ctx.services.votes.flush();
      expect((await stored(script.id)).platforms).toBe(4);
      // The flush recorded the change: this process dropped it at once, the other when the change reaches it.
      expect(await detail(ctx.app)).toEqual(['android']);
      await expect.poll(() => detail(other), { timeout: 2_000, interval: 50 }).toEqual(['android']);

      // As many no as yes: no longer works there.
      await answer(script.id, false, android.slug, newVisitor());
      await ctx.services.votes.flush();
      expect(await stored(script.id)).toMatchObject({ platforms: 0, executors: { [android.id]: { yes: 2, no: 2, works: 0 } } });
      expect(await detail(ctx.app)).toEqual([]);
      await expect.poll(() => detail(other), { timeout: 2_000, interval: 50 }).toEqual([]);
    } finally {
      await other.close();
      await otherDb.close();
    }
  });

  it('an answer whose executor or script was deleted before the flush is dropped; the rest is written', async () => {
    const [kept, doomed] = [await insertScript(ctx.services), await insertScript(ctx.services)];
    const [gone, stays] = [await addExecutor(1), await addExecutor(2)];
    const ip = newVisitor();
    await answer(kept.id, true, gone.slug, ip);
    await answer(doomed.id, true, stays.slug, ip);
    await answer(kept.id, true, stays.slug, newVisitor());
    await ctx.db.kysely.deleteFrom('executors').where('id', '=', gone.id).execute();
    await ctx.services.scripts.delete(doomed.id);
    await ctx.services.votes.flush();
    expect(ctx.services.votes.pendingCount).toBe(0);
    expect(await stored(kept.id)).toEqual({ worksYes: 2, worksNo: 0, platforms: 2, executors: { [stays.id]: { yes: 1, no: 0, works: 1 } } });
    await expectCountsMatchRows(kept.id);
  });

  it(`answers older than ${EXECUTOR_VOTE_DAYS} days leave the counts once, even when two processes' flushes expire them at once`, async () => {
    const script = await insertScript(ctx.services);
    const windows = await addExecutor(1);
    const early = Array.from({ length: 3 }, newVisitor);
    for (const ip of early) await answer(script.id, true, windows.slug, ip);
    await ctx.services.votes.flush();
    clock.advance(20 * DAY_MS);
    const later = Array.from({ length: 2 }, newVisitor);
    for (const ip of later) await answer(script.id, false, windows.slug, ip);
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toMatchObject({ platforms: 1, executors: { [windows.id]: { yes: 3, no: 2, works: 1 } } });

    const otherDb = openDatabase(ctx.config.database);
    const other = await buildApp({ config: ctx.config, db: otherDb, web: { kind: 'none' }, logger: false, clock: clock.now });
    try {
      await other.ready();
      // The first three answers are now past the window; both processes' next flush expires them.
      clock.advance((EXECUTOR_VOTE_DAYS - 20) * DAY_MS + EXPIRE_EVERY_MS);
      // PostgreSQL: both at once. SQLite takes one writer at a time (two connections of one thread would only spin on each other's lock): in turn.
      if (dialect === 'postgres') await Promise.all([ctx.services.votes.flush(), other.services.votes.flush()]);
      else for (const app of [other, ctx.app]) await app.services.votes.flush();
    } finally {
      await other.close();
      await otherDb.close();
    }
    expect(await stored(script.id)).toEqual({ worksYes: 3, worksNo: 2, platforms: 0, executors: { [windows.id]: { yes: 0, no: 2, works: 0 } } });
    await expectCountsMatchRows(script.id);
    const rows = await ctx.db.kysely.selectFrom('script_executor_votes').select(['counted']).where('script_id', '=', script.id).execute();
    expect(rows.map((row) => Number(row.counted)).sort()).toEqual([0, 0, 0, 1, 1]);

    // An expired answer is no answer: the visitor sees none, and answering again counts once more.
    expect((await myVote(ctx.app, script.id, early[0]!)).json()).toMatchObject({ works: true, executors: [] });
    expect((await answer(script.id, true, windows.slug, early[0]!)).json().compatibility[0]).toMatchObject({ worksYes: 1, worksNo: 2 });
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toMatchObject({ executors: { [windows.id]: { yes: 1, no: 2, works: 0 } } });
    await expectCountsMatchRows(script.id);

    // The rest expire in their turn, the now-empty row goes, and nothing goes below zero.
    clock.advance(EXECUTOR_VOTE_DAYS * DAY_MS + EXPIRE_EVERY_MS);
    await ctx.services.votes.flush();
    clock.advance(EXPIRE_EVERY_MS);
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toEqual({ worksYes: 3, worksNo: 2, platforms: 0, executors: {} });
  });
});

// Two real server processes (a PostgreSQL database shared by two instances, or one SQLite file shared by
// two processes of one machine) take answers on one script and executor, and both flush at once as they
// shut down: each answer counts once, a visitor who answered through both counts once. Needs build/.
describe.each(dialects)('works answers per executor through two real processes on one %s database', (dialect) => {
  async function start(env: Record<string, string>): Promise<{ base: string; running: RunningEntry }> {
    const port = await freePort();
    const running = spawnEntry({
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_CATALOGUE: 'off',
      // Each request names its visitor in X-Forwarded-For, as a proxy in front would.
      TRUST_PROXY: 'loopback',
      // Nothing is written before the shutdown's flush: both processes hold their answers until then.
      VIEW_FLUSH_INTERVAL_MS: '3600000',
      LOG_LEVEL: 'warn',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealthy(running, `${base}/api/health`);
    return { base, running };
  }

  it('count every answer once, with no double count for a visitor who answered through both', async () => {
    const throwaway = await throwawayDatabase(dialect);
    const instances: { base: string; running: RunningEntry }[] = [];
    let db: Db | undefined;
    try {
      // One after the other: the first migrates, the second finds it done.
      instances.push(await start(throwaway.env));
      instances.push(await start(throwaway.env));
      const [a, b] = instances as [{ base: string; running: RunningEntry }, { base: string; running: RunningEntry }];
      db = openDatabase(throwaway.database);
      const at = new Date().toISOString();
      const executor = await db.kysely
        .insertInto('executors')
        .values({ name: 'Droid', slug: 'droid', platforms: 4, status: 'working', free: 1, status_changed_at: at, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const script = await db.kysely
        .insertInto('scripts')
        .values({ playsname: 'Answered twice over', description: 'd', loadstring: 'print(1)', image_key: null, owner_moderator_id: null, search_text: 'answered', loadstring_search: 'print(1)', created_at: at, updated_at: at, game_id: null, key_link: null, analysis: null, analysis_severity: null, works_checked_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const send = (base: string, visitor: number, works: boolean) =>
        fetch(`${base}/api/scripts/${script.id}/works`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': BROWSER, 'x-forwarded-for': `198.18.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}` },
          body: JSON.stringify({ works, executor: 'droid' }),
        });
      // 40 visitors say yes through A, 30 say no through B, 10 say yes through both.
      const responses = await Promise.all([
        ...Array.from({ length: 40 }, (_, i) => send(a.base, i, true)),
        ...Array.from({ length: 30 }, (_, i) => send(b.base, 40 + i, false)),
        ...Array.from({ length: 10 }, (_, i) => send(a.base, 70 + i, true)),
        ...Array.from({ length: 10 }, (_, i) => send(b.base, 70 + i, true)),
      ]);
      expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
      expect(await db.kysely.selectFrom('script_executor_votes').selectAll().execute()).toEqual([]);

      // Both shut down at once: their flushes run together, each writing what it holds.
      for (const instance of instances) instance.running.child.kill('SIGTERM');
      const exits = await Promise.all(instances.map((instance) => instance.running.exited));
      expect(exits.map((exit) => exit.code)).toEqual([0, 0]);

      const counts = await db.kysely.selectFrom('script_executors').select(['works_yes', 'works_no', 'works']).where('script_id', '=', script.id).executeTakeFirstOrThrow();
      expect({ yes: Number(counts.works_yes), no: Number(counts.works_no), works: Number(counts.works) }).toEqual({ yes: 50, no: 30, works: 1 });
      const general = await db.kysely.selectFrom('scripts').select(['works_yes', 'works_no', 'platforms']).where('id', '=', script.id).executeTakeFirstOrThrow();
      expect({ yes: Number(general.works_yes), no: Number(general.works_no), platforms: Number(general.platforms) }).toEqual({ yes: 50, no: 30, platforms: 4 });
      const answers = await db.kysely.selectFrom('script_executor_votes').select(['works', 'counted']).where('script_id', '=', script.id).where('executor_id', '=', Number(executor.id)).execute();
      expect(answers).toHaveLength(80);
      expect(answers.every((row) => Number(row.counted) === 1)).toBe(true);
      expect(answers.filter((row) => Number(row.works) === 1)).toHaveLength(50);
      // Each process took its requests as changes: 90 requests, 90 change rows.
      expect(Number((await db.kysely.selectFrom('script_vote_changes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(90);
    } finally {
      for (const instance of instances) if (instance.running.child.exitCode === null) instance.running.child.kill('SIGKILL');
      await Promise.all(instances.map((instance) => instance.running.exited));
      await db?.close();
      await throwaway.drop();
    }
  }, 120_000);
});
