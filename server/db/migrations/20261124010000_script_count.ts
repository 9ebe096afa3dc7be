import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * The number of scripts, kept by triggers: the catalogue's total is read on every uncached list, and
 * counting a million rows costs 25 ms on SQLite and 40 ms on PostgreSQL. PostgreSQL counts per
 * statement (transition tables), so a bulk load updates the row once, not once per script.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_counts')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO catalogue_counts (name, value) SELECT 'scripts', count(*) FROM scripts`.execute(db);
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION catalogue_count_scripts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE catalogue_counts SET value = value + (SELECT count(*) FROM added) WHERE name = 'scripts';
        ELSE
          UPDATE catalogue_counts SET value = value - (SELECT count(*) FROM removed) WHERE name = 'scripts';
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER scripts_count_insert AFTER INSERT ON scripts REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_count_scripts()`.execute(db);
    await sql`CREATE TRIGGER scripts_count_delete AFTER DELETE ON scripts REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_count_scripts()`.execute(db);
  } else {
    await sql`CREATE TRIGGER scripts_count_insert AFTER INSERT ON scripts BEGIN
      UPDATE catalogue_counts SET value = value + 1 WHERE name = 'scripts';
    END`.execute(db);
    await sql`CREATE TRIGGER scripts_count_delete AFTER DELETE ON scripts BEGIN
      UPDATE catalogue_counts SET value = value - 1 WHERE name = 'scripts';
    END`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS scripts_count_insert ${isPostgres(db) ? sql`ON scripts` : sql``}`.execute(db);
  await sql`DROP TRIGGER IF EXISTS scripts_count_delete ${isPostgres(db) ? sql`ON scripts` : sql``}`.execute(db);
  if (isPostgres(db)) await sql`DROP FUNCTION IF EXISTS catalogue_count_scripts()`.execute(db);
  await db.schema.dropTable('catalogue_counts').ifExists().execute();
}
