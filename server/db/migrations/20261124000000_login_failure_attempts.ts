import type { Kysely } from 'kysely';

/**
 * Ties a failed login's rows (per address and username pair, per address, per username) to one
 * attempt: the rows are written as a reservation before the password is checked, and a success
 * deletes them, with the pair's earlier failures, by attempt. Rows from before stay without one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('attempt_id', 'text').execute();
  await db.schema.createIndex('login_failures_attempt_idx').on('login_failures').column('attempt_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_failures_attempt_idx').ifExists().execute();
  await db.schema.alterTable('login_failures').dropColumn('attempt_id').execute();
}
