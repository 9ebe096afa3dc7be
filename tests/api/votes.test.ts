import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAY_BE_PATCHED_VOTES, VOTES_PER_HOUR } from '../../contract/index.ts';
import { buildApp } from '../../server/app.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { visitorHash } from '../../server/visitors/visitor.ts';
import { wilsonLowerBound } from '../../server/votes/rating.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

let address = 0;
/** A visitor of its own: a fresh address (an IPv4 address counts alone). */
const newVisitor = () => `198.51.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describe.each(dialects)('votes on %s', (dialect) => {
  let ctx: TestContext;
  const clock = testClock(Date.UTC(2026, 5, 1));

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { clock: clock.now });
  });
  afterAll(async () => ctx?.close());
  afterEach(async () => ctx.services.votes.flush());

  const send = (app: FastifyInstance, id: number, kind: 'vote' | 'works', body: unknown, ip: string, ua: string | null = BROWSER) =>
    app.inject({
      method: 'POST',
      url: `/api/scripts/${id}/${kind}`,
      remoteAddress: ip,
      headers: { 'user-agent': ua ?? undefined, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const vote = (id: number, value: unknown, ip: string, ua?: string | null) => send(ctx.app, id, 'vote', { value }, ip, ua);
  const works = (id: number, value: unknown, ip: string, ua?: string | null) => send(ctx.app, id, 'works', { works: value }, ip, ua);
  const myVote = (id: number, ip: string) => ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}/my-vote`, remoteAddress: ip, headers: { 'user-agent': BROWSER } });

  async function stored(id: number, db: Db = ctx.db) {
    const row = await db.kysely.selectFrom('scripts').select(['likes', 'dislikes', 'works_yes', 'works_no', 'rating']).where('id', '=', id).executeTakeFirstOrThrow();
    const votes = await db.kysely.selectFrom('script_votes').selectAll().where('script_id', '=', id).execute();
    return { likes: Number(row.likes), dislikes: Number(row.dislikes), worksYes: Number(row.works_yes), worksNo: Number(row.works_no), rating: Number(row.rating), rows: votes.length };
  }
  const changeRows = async (ip: string, db: Db = ctx.db) =>
    (await db.kysely.selectFrom('script_vote_changes').select('changed_at').where('visitor_hash', '=', visitorHash({ ip, userAgent: BROWSER })).execute()).length;

  it('buffers a like and a works answer: nothing is written before the flush, the flush writes both', async () => {
    const script = await insertScript(ctx.services);
    const ip = newVisitor();
    const liked = await vote(script.id, 'like', ip);
    expect(liked.statusCode).toBe(200);
    expect(liked.headers['cache-control']).toContain('no-store');
    expect(liked.json()).toEqual({ vote: 'like', works: null, likes: 1, dislikes: 0, worksYes: 0, worksNo: 0, executors: [], compatibility: [] });
    expect((await works(script.id, true, ip)).json()).toEqual({ vote: 'like', works: true, likes: 1, dislikes: 0, worksYes: 1, worksNo: 0, executors: [], compatibility: [] });
    expect(ctx.services.votes.pendingCount).toBe(2);
    expect(await stored(script.id)).toEqual({ likes: 0, dislikes: 0, worksYes: 0, worksNo: 0, rating: 0, rows: 0 });

    await ctx.services.votes.flush();
    expect(ctx.services.votes.pendingCount).toBe(0);
    expect(await stored(script.id)).toEqual({ likes: 1, dislikes: 0, worksYes: 1, worksNo: 0, rating: wilsonLowerBound(1, 0), rows: 1 });
    expect(await changeRows(ip)).toBe(2);
    // The script's answers carry the counts once the cached ones are gone (within a minute otherwise).
    ctx.services.cache.invalidate();
    const answer = (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json();
    expect(answer).toMatchObject({ likes: 1, dislikes: 0, worksYes: 1, worksNo: 0, mayBePatched: false });
  });

  it('lets a visitor change and remove a vote; the latest choice within a flush wins and counters move by the difference', async () => {
    const script = await insertScript(ctx.services);
    const [a, b] = [newVisitor(), newVisitor()];
    await vote(script.id, 'like', a);
    await vote(script.id, 'like', b);
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toMatchObject({ likes: 2, dislikes: 0 });

    // a: like → dislike → like → dislike within one flush; b: like → none.
    for (const value of ['dislike', 'like', 'dislike']) await vote(script.id, value, a);
    expect((await vote(script.id, 'none', b)).json()).toMatchObject({ vote: 'none', likes: 0, dislikes: 1 });
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toEqual({ likes: 0, dislikes: 1, worksYes: 0, worksNo: 0, rating: 0, rows: 1 });

    // Removing the last choice removes the row.
    await vote(script.id, 'none', a);
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toEqual({ likes: 0, dislikes: 0, worksYes: 0, worksNo: 0, rating: 0, rows: 0 });
  });

  it('answers the visitor’s own choice on reload, buffered or stored, and the same vote again changes nothing', async () => {
    const script = await insertScript(ctx.services);
    const ip = newVisitor();
    expect((await myVote(script.id, ip)).json()).toEqual({ vote: 'none', works: null, likes: 0, dislikes: 0, worksYes: 0, worksNo: 0, executors: [], compatibility: [] });
    await works(script.id, false, ip);
    expect((await myVote(script.id, ip)).json()).toMatchObject({ works: false, worksNo: 1 });
    await ctx.services.votes.flush();
    expect((await myVote(script.id, ip)).json()).toMatchObject({ works: false, worksNo: 1 });
    // Another visitor sees the counts, not this visitor's choice.
    expect((await myVote(script.id, newVisitor())).json()).toMatchObject({ works: null, worksNo: 1 });

    expect((await works(script.id, false, ip)).json()).toMatchObject({ works: false, worksNo: 1 });
    expect(ctx.services.votes.pendingCount).toBe(0);
  });

  it('treats a hidden script as none: votes and my-vote are 404, nothing buffered', async () => {
    const script = await insertScript(ctx.services);
    await ctx.db.kysely.updateTable('scripts').set({ hidden: 1 }).where('id', '=', script.id).execute();
    for (const response of [await vote(script.id, 'like', newVisitor()), await works(script.id, true, newVisitor()), await myVote(script.id, newVisitor())]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Script not found', code: 'NOT_FOUND' });
    }
    expect(ctx.services.votes.pendingCount).toBe(0);
  });

  it('refuses crawlers and agent-less clients, and unknown scripts, with nothing buffered', async () => {
    const script = await insertScript(ctx.services);
    for (const ua of [CRAWLER, null, '  ']) {
      const response = await vote(script.id, 'like', newVisitor(), ua);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'FORBIDDEN' });
    }
    const missing = await vote(script.id + 1000, 'like', newVisitor());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Script not found', code: 'NOT_FOUND' });
    expect(ctx.services.votes.pendingCount).toBe(0);
  });

  it('refuses bad input with a 4xx { error, code } and changes nothing', async () => {
    const script = await insertScript(ctx.services);
    const ip = newVisitor();
    await vote(script.id, 'like', ip);
    await ctx.services.votes.flush();
    const before = await stored(script.id);
    const bad: [kind: 'vote' | 'works', body: unknown, status: number][] = [
      ['vote', { value: 'like\u0000' }, 400],
      ['vote', { value: 'dis\u0007like' }, 400],
      ['vote', { value: 1 }, 400],
      ['vote', { value: null }, 400],
      ['vote', { value: ['like'] }, 400],
      ['vote', {}, 400],
      ['vote', { value: 'like', extra: true }, 400],
      ['vote', '{"value":', 400],
      ['vote', '"like"', 400],
      ['works', { works: 'true' }, 400],
      ['works', { works: 1 }, 400],
      ['works', {}, 400],
      ['works', { works: '\u0000' }, 400],
      ['vote', { value: 'dislike', pad: 'x'.repeat(2_000_000) }, 413],
      ['works', { works: false, pad: 'x'.repeat(5_000) }, 413],
    ];
    for (const [kind, body, status] of bad) {
      const response = await send(ctx.app, script.id, kind, body, ip);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(response.json()).toMatchObject({ error: expect.any(String), code: status === 413 ? 'PAYLOAD_TOO_LARGE' : expect.stringMatching(/^(VALIDATION_FAILED|BAD_REQUEST)$/) });
    }
    for (const path of ['/api/scripts/0/vote', '/api/scripts/07/vote', '/api/scripts/x/works']) {
      const response = await ctx.app.inject({ method: 'POST', url: path, remoteAddress: ip, headers: { 'user-agent': BROWSER }, payload: { value: 'dislike', works: false } });
      expect(response.statusCode).toBe(400);
    }
    expect(ctx.services.votes.pendingCount).toBe(0);
    await ctx.services.votes.flush();
    expect(await stored(script.id)).toEqual(before);
    expect(await changeRows(ip)).toBe(1);
  });

  it(`allows ${VOTES_PER_HOUR} vote changes an hour, then answers 429 with Retry-After, even sent in parallel`, async () => {
    const scripts = await Promise.all(Array.from({ length: 30 }, () => insertScript(ctx.services)));
    const ip = newVisitor();
    // 10 changes stored first, then 30 sent at once (each a change): 20 get through.
    for (let i = 0; i < 10; i += 1) await vote(scripts[i]!.id, 'like', ip);
    await ctx.services.votes.flush();
    clock.advance(10 * 60 * 1000);
    const parallel = await Promise.all(scripts.map((script) => works(script.id, true, ip)));
    const statuses = parallel.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    const refused = parallel.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(10);
    for (const response of refused) {
      expect(response.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
      // The oldest stored change frees its slot 50 minutes from now.
      expect(Number(response.headers['retry-after'])).toBe(50 * 60);
    }
    await ctx.services.votes.flush();
    expect(await changeRows(ip)).toBe(VOTES_PER_HOUR);
    // A change that changes nothing is still answered; a real one is not.
    expect((await works(scripts[0]!.id, (await myVote(scripts[0]!.id, ip)).json().works, ip)).statusCode).toBe(200);
    expect((await vote(scripts[0]!.id, 'none', ip)).statusCode).toBe(429);
    // Another visitor is not limited by this one.
    expect((await vote(scripts[0]!.id, 'like', newVisitor())).statusCode).toBe(200);

    // An hour after the first changes were stored, their slots are free again.
    clock.advance(50 * 60 * 1000 + 1);
    expect((await vote(scripts[0]!.id, 'none', ip)).statusCode).toBe(200);
  });

  it('holds the limit across two apps sharing the database: each checks the stored changes, the flush drops what passes it', async () => {
    const otherDb = openDatabase(ctx.config.database);
    const other = await buildApp({ config: ctx.config, db: otherDb, web: { kind: 'none' }, logger: false, clock: clock.now });
    try {
      await other.ready();
      const scripts = await Promise.all(Array.from({ length: 30 }, () => insertScript(ctx.services)));
      const ip = newVisitor();
      // Stored on the first app, seen by the second: 20 + 10 is the limit.
      for (let i = 0; i < 20; i += 1) await vote(scripts[i]!.id, 'like', ip);
      await ctx.services.votes.flush();
      for (let i = 0; i < 10; i += 1) expect((await send(other, scripts[i]!.id, 'works', { works: false }, ip)).statusCode).toBe(200);
      expect((await send(other, scripts[0]!.id, 'vote', { value: 'none' }, ip)).statusCode).toBe(429);
      await other.services.votes.flush();
      expect((await vote(scripts[0]!.id, 'none', ip)).statusCode).toBe(429);
      expect(await changeRows(ip)).toBe(VOTES_PER_HOUR);

      // A race: a new visitor sends 30 to each app before either flushes; both flush at once.
      const racer = newVisitor();
      const [here, there] = await Promise.all([
        Promise.all(scripts.map((script) => vote(script.id, 'dislike', racer))),
        Promise.all(scripts.map((script) => send(other, script.id, 'works', { works: true }, racer))),
      ]);
      expect(here.every((response) => response.statusCode === 200) && there.every((response) => response.statusCode === 200)).toBe(true);
      // PostgreSQL: both flushes at once (the visitor's advisory lock orders them). SQLite takes one
      // writer at a time (two connections of one thread would only spin on each other's lock): in turn.
      if (dialect === 'postgres') await Promise.all([ctx.services.votes.flush(), other.services.votes.flush()]);
      else for (const app of [other, ctx.app]) await app.services.votes.flush();
      expect(await changeRows(racer)).toBe(VOTES_PER_HOUR);
      // Whatever was dropped, the counters equal the stored votes.
      for (const script of scripts) {
        const counts = await stored(script.id);
        const rows = await ctx.db.kysely.selectFrom('script_votes').selectAll().where('script_id', '=', script.id).execute();
        expect(counts.likes).toBe(rows.filter((row) => Number(row.vote) === 1).length);
        expect(counts.dislikes).toBe(rows.filter((row) => Number(row.vote) === -1).length);
        expect(counts.worksYes).toBe(rows.filter((row) => row.works !== null && Number(row.works) === 1).length);
        expect(counts.worksNo).toBe(rows.filter((row) => row.works !== null && Number(row.works) === 0).length);
        expect(counts.rating).toBeCloseTo(wilsonLowerBound(counts.likes, counts.dislikes), 12);
      }
    } finally {
      await other.close();
      await otherDb.close();
    }
  });

  it('writes buffered votes when the app closes', async () => {
    const context = await createTestContext(dialect);
    try {
      const script = await insertScript(context.services);
      await send(context.app, script.id, 'vote', { value: 'dislike' }, newVisitor());
      expect(context.services.votes.pendingCount).toBe(1);
      await context.app.close();
      expect(await stored(script.id, context.db)).toMatchObject({ dislikes: 1, rows: 1 });
    } finally {
      await context.close();
    }
  });

  describe('May be patched', () => {
    const mayBePatched = async (id: number) => {
      ctx.services.cache.invalidate();
      return (await ctx.app.inject({ method: 'GET', url: `/api/scripts/${id}` })).json().mayBePatched as boolean;
    };
    const broken = async (id: number, count: number, value = false) => {
      for (let i = 0; i < count; i += 1) await works(id, value, newVisitor());
      await ctx.services.votes.flush();
    };

    it(`shows with ${MAY_BE_PATCHED_VOTES} "doesn't work" votes of the last 7 days outnumbering "works", on the detail and the cards`, async () => {
      const script = await insertScript(ctx.services);
      await broken(script.id, MAY_BE_PATCHED_VOTES - 1);
      expect(await mayBePatched(script.id)).toBe(false);
      await broken(script.id, 1);
      expect(await mayBePatched(script.id)).toBe(true);
      const card = (await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?limit=100' })).json().scripts.find((s: { id: number }) => s.id === script.id);
      expect(card.mayBePatched).toBe(true);
      // As many "works" votes: no longer more "doesn't work".
      await broken(script.id, MAY_BE_PATCHED_VOTES, true);
      expect(await mayBePatched(script.id)).toBe(false);
    });

    it('forgets votes older than 7 days', async () => {
      const script = await insertScript(ctx.services);
      await broken(script.id, MAY_BE_PATCHED_VOTES);
      expect(await mayBePatched(script.id)).toBe(true);
      clock.advance(7 * DAY_MS + 1);
      expect(await mayBePatched(script.id)).toBe(false);
    });

    it('ends when staff mark it patched, and marked working again counts only later votes', async () => {
      const script = await insertScript(ctx.services);
      await broken(script.id, MAY_BE_PATCHED_VOTES + 2);
      expect(await mayBePatched(script.id)).toBe(true);
      await ctx.services.scripts.update(script.id, { patched: true });
      expect(await mayBePatched(script.id)).toBe(false);
      clock.advance(1000);
      await ctx.services.scripts.update(script.id, { patched: false });
      expect(await mayBePatched(script.id)).toBe(false);
      clock.advance(1000);
      await broken(script.id, MAY_BE_PATCHED_VOTES);
      expect(await mayBePatched(script.id)).toBe(true);
    });

    it('ends when staff mark it working (a moderator its own script, the admin any); later votes count again', async () => {
      const [admin, owner, other] = [await createAdmin(ctx), await createModerator(ctx), await createModerator(ctx)];
      const script = await insertScript(ctx.services, { ownerModeratorId: owner.id });
      await broken(script.id, MAY_BE_PATCHED_VOTES);
      // Cached while May be patched: marking it working drops the cached answer.
      expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json().mayBePatched).toBe(true);
      const mark = (account: { token: string }) => injectAs(ctx, account, { method: 'POST', url: `/api/scripts/${script.id}/works-checked` });

      const refused = await mark(other);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: 'Script not found', code: 'NOT_FOUND' });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json().mayBePatched).toBe(true);

      const marked = await mark(owner);
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toEqual({ id: script.id, worksChecked: true });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json().mayBePatched).toBe(false);

      clock.advance(1000);
      await broken(script.id, MAY_BE_PATCHED_VOTES);
      expect(await mayBePatched(script.id)).toBe(true);
      clock.advance(1000);
      expect((await mark(admin)).statusCode).toBe(200);
      expect(await mayBePatched(script.id)).toBe(false);
      expect((await injectAs(ctx, admin, { method: 'POST', url: `/api/scripts/${script.id + 10_000}/works-checked` })).statusCode).toBe(404);
    });
  });
});
