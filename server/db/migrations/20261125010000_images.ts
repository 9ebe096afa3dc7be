import type { Kysely } from 'kysely';
import { isPostgres, timestampType } from './dialect.ts';

/**
 * Image renditions stored in the database (IMAGE_STORAGE=database), named by content hash like the
 * files on disk, so instances on one PostgreSQL need no shared folder.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('images')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('detail', bytes, (c) => c.notNull())
    .addColumn('card', bytes, (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('images').ifExists().execute();
}
