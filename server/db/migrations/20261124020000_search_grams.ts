import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * An index of every one- and two-character substring of each script's search text, so a search for
 * a short word ("bf", "jb", "k") is found through an index too, instead of reading every script.
 *
 * SQLite: a contentless FTS5 table (nothing stored but the index) of hex tokens, kept by triggers
 * that call `script_grams`, a function every connection that writes registers (database.ts).
 * PostgreSQL: a GIN index over an immutable function of the search text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Repeats are left in: the GIN index keeps each key once per row anyway, and skipping DISTINCT
    // makes the function (run once per script when the index is built) about three times faster.
    await sql`CREATE FUNCTION script_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
      SELECT regexp_split_to_array(t, '') || array(SELECT substr(t, i, 2) FROM generate_series(1, length(t) - 1) AS i)
    $$`.execute(db);
    await sql`CREATE INDEX scripts_grams_idx ON scripts USING gin (script_grams(search_text))`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE scripts_grams USING fts5(grams, content='', contentless_delete=1, detail=none, tokenize='unicode61')`.execute(db);
  await sql`INSERT INTO scripts_grams(rowid, grams) SELECT id, script_grams(search_text) FROM scripts`.execute(db);
  await sql`CREATE TRIGGER scripts_grams_insert AFTER INSERT ON scripts BEGIN
    INSERT INTO scripts_grams(rowid, grams) VALUES (new.id, script_grams(new.search_text));
  END`.execute(db);
  await sql`CREATE TRIGGER scripts_grams_delete AFTER DELETE ON scripts BEGIN
    DELETE FROM scripts_grams WHERE rowid = old.id;
  END`.execute(db);
  await sql`CREATE TRIGGER scripts_grams_update AFTER UPDATE OF search_text ON scripts BEGIN
    DELETE FROM scripts_grams WHERE rowid = old.id;
    INSERT INTO scripts_grams(rowid, grams) VALUES (new.id, script_grams(new.search_text));
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX IF EXISTS scripts_grams_idx`.execute(db);
    await sql`DROP FUNCTION IF EXISTS script_grams(text)`.execute(db);
    return;
  }
  for (const trigger of ['scripts_grams_insert', 'scripts_grams_delete', 'scripts_grams_update']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS scripts_grams`.execute(db);
}
