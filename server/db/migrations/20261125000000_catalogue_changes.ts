import { type Kysely, sql } from 'kysely';
import { isPostgres, primaryId } from './dialect.ts';

/**
 * SQLite's journal of catalogue changes, which every process sharing the file reads to drop what
 * another process's write changed (server/db/change-feed.ts). PostgreSQL needs no table: its
 * processes learn of changes through LISTEN/NOTIFY.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema
    .createTable('catalogue_changes')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('script_id', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`DROP TABLE IF EXISTS catalogue_changes`.execute(db);
}
