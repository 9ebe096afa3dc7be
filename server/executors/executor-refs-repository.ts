import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/types.ts';

/** An executor as a compatibility row names it: enough to show a row no stored data has yet. */
export interface ExecutorRef {
  id: number;
  slug: string;
  name: string;
  /** Bit set (contract/platforms.ts PLATFORM_BITS). */
  platforms: number;
  status: string;
}

/**
 * Locks these scripts' rows in id order (PostgreSQL; SQLite's write transaction holds the whole
 * database), before a transaction touches their executor rows and the shared counts, the order every
 * script write takes (the script's row first).
 */
export async function lockScripts(trx: Kysely<Database>, db: Db, scriptIds: readonly number[]): Promise<void> {
  if (db.dialect !== 'postgres' || scriptIds.length === 0) return;
  const ordered = [...new Set(scriptIds)].sort((a, b) => a - b);
  for (let start = 0; start < ordered.length; start += 500) {
    await sql`SELECT id FROM scripts WHERE id IN (${sql.join(ordered.slice(start, start + 500))}) ORDER BY id FOR UPDATE`.execute(trx);
  }
}

/** The executor with this slug, or undefined. */
export async function executorBySlug(k: Kysely<Database>, slug: string): Promise<ExecutorRef | undefined> {
  const row = await k.selectFrom('executors').select(['id', 'slug', 'name', 'platforms', 'status']).where('slug', '=', slug).executeTakeFirst();
  return row ? { id: Number(row.id), slug: row.slug, name: row.name, platforms: Number(row.platforms), status: row.status } : undefined;
}

/** Which of these executor ids still name an executor (one may be deleted while answers wait). */
export async function existingExecutors(k: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await k.selectFrom('executors').select('id').where('id', 'in', [...new Set(ids)]).execute();
  return new Set(rows.map((row) => Number(row.id)));
}
