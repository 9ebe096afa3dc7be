import { type Kysely, sql } from 'kysely';
import { isPostgres, primaryId, timestampType } from './dialect.ts';

/**
 * The moderation log (docs/decisions/0019-moderation-log.md): one row per staff action, who (role, id and
 * the name at the time), when, what, which object and what changed. Rows are only ever inserted: the
 * database itself refuses to edit or delete them, whatever code asks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('at', timestampType(db), (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    // The account's name when it acted: the account may be deleted or renamed later.
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer')
    .addColumn('object_label', 'text')
    // JSON: { field: { from, to } } or facts of the object; never a password, token or image bytes.
    .addColumn('changes', 'text')
    .execute();
  // The newest first, overall, per actor and per action: each filter of the Log section is a seek.
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').expression(sql`lower(actor_name), id desc`).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id desc']).execute();

  if (isPostgres(db)) {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log rows are never edited or deleted';
      END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    for (const event of ['UPDATE', 'DELETE']) {
      await sql`CREATE TRIGGER ${sql.raw(`audit_log_no_${event.toLowerCase()}`)} BEFORE ${sql.raw(event)} ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log rows are never edited or deleted'); END`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (isPostgres(db)) await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
}
