import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTS_LOCK } from '../../server/db/locks.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// Issue 36, item 6 (docs/decisions/0049-deadlocks-and-serialisation-failures.md): the
// vote flush says its lag in the admin's metrics (what waits, for how long, how the last flush went,
// failures), and on PostgreSQL a flush waits a bounded time for a lock another writer holds: it gives
// up, keeps its votes for the next flush, and says so, instead of falling behind for as long as the
// lock is held.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const VOTERS = 5;

describe.each(dialects)('the vote flush in the metrics on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  const clock = testClock(Date.UTC(2026, 6, 1));
  let scriptId: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { clock: clock.now });
    admin = await createAdmin(ctx);
    scriptId = (await insertScript(ctx.services, { playsname: 'Answered while locked' })).id;
    const created = await injectAs(ctx, admin, { method: 'POST', url: '/api/executors', payload: { name: 'Lagged', slug: 'lagged', platforms: ['windows'], status: 'working' } });
    expect(created.statusCode).toBe(201);
  });
  afterAll(async () => ctx?.close());

  const voteFlush = async () => {
    const response = await injectAs(ctx, admin, { method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    return response.json().voteFlush as { pending: number; oldestPendingMs: number; lastFlushMs: number; lastFlushAgoMs: number | null; failures: number; consecutiveFailures: number };
  };
  const storedYes = async () => Number((await ctx.db.kysely.selectFrom('script_executors').select('works_yes').where('script_id', '=', scriptId).executeTakeFirst())?.works_yes ?? 0);

  it('shows what waits and for how long, a flush held past its lock wait as a failure (PostgreSQL), and the flush that stored it all', async () => {
    for (let visitor = 1; visitor <= VOTERS; visitor += 1) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/api/scripts/${scriptId}/works`,
        remoteAddress: `203.0.113.${visitor}`,
        headers: { 'user-agent': BROWSER, 'content-type': 'application/json' },
        payload: { works: true, executor: 'lagged' },
      });
      expect(answer.statusCode).toBe(200);
    }
    clock.advance(7_000);
    expect(await voteFlush()).toEqual({ pending: VOTERS, oldestPendingMs: 7_000, lastFlushMs: 0, lastFlushAgoMs: null, failures: 0, consecutiveFailures: 0 });

    if (dialect === 'postgres') await flushWhileCountsLocked();

    await ctx.services.votes.flush();
    expect(await storedYes()).toBe(VOTERS);
    const after = await voteFlush();
    expect(after).toMatchObject({ pending: 0, oldestPendingMs: 0, consecutiveFailures: 0, failures: dialect === 'postgres' ? 1 : 0 });
    expect(after.lastFlushAgoMs).toBeGreaterThanOrEqual(0);
  });

  /**
   * Another connection holds the shared counts' lock (as a long staff write would): the flush gives
   * up after its lock wait instead of waiting for as long as it is held, nothing is stored, the votes
   * still wait, and the metrics say the flush failed and how old the oldest vote is.
   */
  async function flushWhileCountsLocked(): Promise<void> {
    const holder = new pg.Client({ connectionString: (ctx.config.database as { url: string }).url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [COUNTS_LOCK]);
      // Released well after the flush's bound: a flush that waited for it would succeed then instead.
      const release = setTimeout(() => void holder.query('SELECT pg_advisory_unlock_all()'), 8_000);
      try {
        await expect(ctx.services.votes.flush()).rejects.toMatchObject({ code: '55P03' });
      } finally {
        clearTimeout(release);
      }
      expect(await storedYes()).toBe(0);
      const failed = await voteFlush();
      expect(failed).toMatchObject({ pending: VOTERS, oldestPendingMs: 7_000, failures: 1, consecutiveFailures: 1 });
      expect(failed.lastFlushMs).toBeGreaterThan(0);
      await holder.query('SELECT pg_advisory_unlock_all()');
    } finally {
      await holder.end();
    }
  }
});
