import type { Kysely } from 'kysely';
import type { Database } from './types.ts';

/** An `Idempotency-Key`'s stored answer (docs/decisions/0050-idempotent-creates-and-votes-and-the-log-inside-the-write.md). */
export interface IdempotencyRecord {
  keyHash: string;
  fingerprint: string;
  status: number;
  /** The answer's JSON. */
  body: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

const columns = (record: IdempotencyRecord) => ({
  key_hash: record.keyHash,
  fingerprint: record.fingerprint,
  status: record.status,
  body: record.body,
  created_at: record.createdAt,
});

/** The record of this key, whatever its age (the caller decides whether it has expired). */
export async function findIdempotency(k: Kysely<Database>, keyHash: string): Promise<IdempotencyRecord | undefined> {
  const row = await k.selectFrom('idempotency_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  return row && { keyHash: row.key_hash, fingerprint: row.fingerprint, status: Number(row.status), body: row.body, createdAt: Number(row.created_at) };
}

/**
 * Stores the record in the create's transaction. A second request with the key that got this far
 * (another process) fails here on the primary key, after the first committed: its create rolls back.
 */
export async function storeIdempotency(trx: Kysely<Database>, record: IdempotencyRecord): Promise<void> {
  await trx.insertInto('idempotency_keys').values(columns(record)).execute();
}

/** Stores the records not stored yet (a vote flush); answers the keys this call stored. */
export async function storeIdempotencyOnce(trx: Kysely<Database>, records: IdempotencyRecord[]): Promise<Set<string>> {
  const stored = new Set<string>();
  for (let start = 0; start < records.length; start += 500) {
    const rows = await trx
      .insertInto('idempotency_keys')
      .values(records.slice(start, start + 500).map(columns))
      .onConflict((conflict) => conflict.column('key_hash').doNothing())
      .returning('key_hash')
      .execute();
    for (const row of rows) stored.add(row.key_hash);
  }
  return stored;
}

/** Forgets records created at or before `before`: one of them, or all of them (the sweep). */
export async function forgetIdempotency(k: Kysely<Database>, before: number, keyHash?: string): Promise<number> {
  let query = k.deleteFrom('idempotency_keys').where('created_at', '<=', before);
  if (keyHash !== undefined) query = query.where('key_hash', '=', keyHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
