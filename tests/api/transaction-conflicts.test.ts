import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact, TRANSACTION_ATTEMPTS, transactionConflicts } from '../../server/db/transact.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { until } from '../helpers/wait.ts';

// Issue 36, item 1 (docs/decisions/0049-deadlocks-and-serialisation-failures.md): a
// transaction PostgreSQL rolls back as a deadlock's victim (40P01) or a serialisation failure (40001)
// runs again whole, a bounded number of times; past the bound the request is a 503 with Retry-After
// and { error, code }, never a 500. The deadlock here is a real one, between two connections taking
// two rows in opposite orders; the bound is reached through a trigger raising the SQLSTATE itself.

describe.each(dialects.filter((dialect) => dialect === 'postgres'))('deadlocks and serialisation failures on %s', () => {
  let ctx: TestContext;
  let admin: Account;
  let other: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext('postgres');
    admin = await createAdmin(ctx);
    await sql`CREATE TABLE probe (id integer PRIMARY KEY, n integer NOT NULL)`.execute(ctx.db.kysely);
    await sql`INSERT INTO probe VALUES (1, 0), (2, 0)`.execute(ctx.db.kysely);
    // Each run of a trigger below takes the next number; a sequence is outside every transaction, so a rolled-back run still counts.
    await sql`CREATE SEQUENCE runs`.execute(ctx.db.kysely);
    other = new pg.Client({ connectionString: (ctx.config.database as { url: string }).url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await ctx?.close();
  });

  /** A trigger on `table` that fails each statement with `state` while the run counter is at most `failing`. */
  async function failWith(table: string, state: string, failing: number): Promise<void> {
    await sql`ALTER SEQUENCE runs RESTART WITH 1`.execute(ctx.db.kysely);
    await sql.raw(`CREATE OR REPLACE FUNCTION fail_runs() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('runs') <= ${failing} THEN RAISE EXCEPTION 'provoked' USING ERRCODE = '${state}'; END IF;
        RETURN NEW;
      END $$`).execute(ctx.db.kysely);
    await sql.raw(`DROP TRIGGER IF EXISTS fail_runs ON ${table}`).execute(ctx.db.kysely);
    await sql.raw(`CREATE TRIGGER fail_runs BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION fail_runs()`).execute(ctx.db.kysely);
  }
  const runs = async () => Number((await sql<{ n: string }>`SELECT last_value AS n FROM runs`.execute(ctx.db.kysely)).rows[0]?.n);
  const dropTrigger = (table: string) => sql.raw(`DROP TRIGGER IF EXISTS fail_runs ON ${table}`).execute(ctx.db.kysely);

  it('a real deadlock: the victim transaction runs again whole and commits, the other one commits too', async () => {
    const before = transactionConflicts();
    let attempts = 0;
    let crossing: Promise<unknown> | undefined;
    const result = await transact(ctx.db, async (trx) => {
      attempts += 1;
      await sql`UPDATE probe SET n = n + 1 WHERE id = 1`.execute(trx);
      if (attempts === 1) {
        // The other connection takes row 2 and waits for row 1; it waits long before looking for a
        // deadlock, so this transaction, asking for row 2 next, is the one PostgreSQL rolls back.
        await other.query("BEGIN; SET LOCAL deadlock_timeout = '20s'; UPDATE probe SET n = n + 10 WHERE id = 2");
        crossing = other.query('UPDATE probe SET n = n + 10 WHERE id = 1').then(() => other.query('COMMIT'));
        const waiting = sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        await until('the other connection to wait for row 1', async () => (await waiting.execute(ctx.db.kysely)).rows[0]?.n, (n) => n === 1, 10_000);
      }
      await sql`UPDATE probe SET n = n + 1 WHERE id = 2`.execute(trx);
      return 'committed';
    });
    await crossing;
    expect(result).toBe('committed');
    expect(attempts).toBe(2);
    // Both transactions' writes stand, each once: the victim's first run left nothing.
    const rows = await sql<{ id: number; n: number }>`SELECT id, n FROM probe ORDER BY id`.execute(ctx.db.kysely);
    expect(rows.rows).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 11 },
    ]);
    expect(transactionConflicts().retried).toBe(before.retried + 1);
  }, 30_000);

  it('a statement outside a transaction that meets a deadlock runs again', async () => {
    await failWith('probe', '40P01', 2);
    try {
      await ctx.db.kysely.updateTable('probe' as never).set({ n: 100 } as never).where('id' as never, '=', 1 as never).execute();
      expect(await runs()).toBe(3);
      expect((await sql<{ n: number }>`SELECT n FROM probe WHERE id = 1`.execute(ctx.db.kysely)).rows[0]?.n).toBe(100);
    } finally {
      await dropTrigger('probe');
    }
  });

  it.each(['40P01', '40001'])('an executor edit rolled back with %s runs again and is answered 200', async (state) => {
    const created = await injectAs(ctx, admin, { method: 'POST', url: '/api/executors', payload: { name: `Retried ${state}`, platforms: ['windows'], status: 'working' } });
    expect(created.statusCode).toBe(201);
    await failWith('executors', state, TRANSACTION_ATTEMPTS - 1);
    try {
      const edited = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/executors/${created.json().id}`, payload: { version: '2.0' } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().version).toBe('2.0');
      expect(await runs()).toBe(TRANSACTION_ATTEMPTS);
    } finally {
      await dropTrigger('executors');
    }
  });

  it.each(['40P01', '40001'])('past the bound, %s is a 503 with Retry-After and DATABASE_UNAVAILABLE, and nothing is stored', async (state) => {
    const created = await injectAs(ctx, admin, { method: 'POST', url: '/api/executors', payload: { name: `Refused ${state}`, platforms: ['android'], status: 'working' } });
    const id = created.json().id as number;
    const before = transactionConflicts();
    await failWith('executors', state, 1_000);
    try {
      const edited = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/executors/${id}`, payload: { version: '9.9' } });
      expect(edited.statusCode).toBe(503);
      expect(Number(edited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(edited.json()).toEqual({ error: expect.any(String), code: 'DATABASE_UNAVAILABLE' });
      expect(edited.body).not.toContain('provoked');
      // Run exactly the bounded number of times, then given up.
      expect(await runs()).toBe(TRANSACTION_ATTEMPTS);
      expect(transactionConflicts()).toEqual({ retried: before.retried + TRANSACTION_ATTEMPTS - 1, gaveUp: before.gaveUp + 1 });
    } finally {
      await dropTrigger('executors');
    }
    const stored = await ctx.db.kysely.selectFrom('executors').select('version').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.version).toBeNull();
  });
});
