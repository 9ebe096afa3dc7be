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
