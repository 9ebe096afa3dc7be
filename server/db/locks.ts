import { type Kysely, sql } from 'kysely';
import type { Dialect } from './database.ts';
import type { Database } from './types.ts';

/**
 * Serialises transactions that touch the same logical keys (a login throttle key, an image key)
 * across every process and instance sharing the database. Call it first inside a transaction.
 *
 * PostgreSQL: transaction-scoped advisory locks, taken in sorted order so two transactions asking
 * for overlapping keys never deadlock. SQLite: nothing to do, because every write transaction begins
 * IMMEDIATE (database.ts), which already holds the database's single write lock until commit.
 */
export async function lockKeys(trx: Kysely<Database>, dialect: Dialect, keys: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

/**
 * The lock of the shared counts (`script_facets`, `executor_facets`, `catalogue_counts`): every
 * transaction that may move a script between facets (its game, flags, visibility, platforms, its
 * executor rows' works) takes it FIRST, before any row or other lock, so those writers run one at a
 * time and the counts' triggers, which touch the shared rows in whatever order a change's old and new
 * facets come, never meet in a cycle (issue 36; docs/decisions/0049-deadlocks-and-serialisation-failures.md).
 * The key keeps its old name (the vote flush's `compatibility-counts`), which sorts before every key
 * taken with it in one lockKeys call ('executors', 'games', 'votes:…').
 */
export const COUNTS_LOCK = 'compatibility-counts';

/** Takes the shared counts' lock, with `more` keys after it (sorted: COUNTS_LOCK sorts first). */
export async function lockCounts(trx: Kysely<Database>, dialect: Dialect, more: string[] = []): Promise<void> {
  await lockKeys(trx, dialect, [COUNTS_LOCK, ...more]);
}

/**
 * The longest a buffered flush's transaction (votes, their expiry) waits for any one lock before it
 * gives up, its work back in the buffer for the next flush: staff writes holding the shared counts'
 * lock or a script's row never hold a flush, and every vote behind it, for longer
 * (docs/decisions/0049-deadlocks-and-serialisation-failures.md).
 */
export const FLUSH_LOCK_TIMEOUT_MS = 2_000;

/**
 * PostgreSQL's lock_timeout for the rest of this transaction only: a lock not had within `ms` fails
 * the statement with 55P03 (faults.ts: a 503, never a 500). SQLite's writers wait for the one write
 * lock when their transaction begins (sqlite-dialect.ts), bounded already.
 */
export async function limitLockWaits(trx: Kysely<Database>, dialect: Dialect, ms: number): Promise<void> {
  if (dialect === 'postgres') await sql.raw(`SET LOCAL lock_timeout = '${Math.max(1, Math.round(ms))}ms'`).execute(trx);
}
