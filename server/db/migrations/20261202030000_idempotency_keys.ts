import type { Kysely } from 'kysely';

/**
 * `idempotency_keys` (docs/decisions/0050-idempotent-creates-and-votes-and-the-log-inside-the-write.md):
 * one row per `Idempotency-Key` a create or a vote was answered under, written in the create's own
 * transaction (a vote's: in its flush's), so a retry after a lost COMMIT finds the answer it was given.
 * `key_hash` is the SHA-256 of the caller's scope, the route and the key (the key itself is never
 * stored); `fingerprint` the SHA-256 of what was asked; `status` and `body` the answer; `created_at`
 * epoch milliseconds, swept after 24 hours.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
