import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * The catalogue filter's facts (game and flags) inside the search indexes
 * (docs/decisions/0015-filters-and-sorts.md#filtered-search), so a search with a filter gets its candidates from the index
 * already filtered, instead of testing each word match's row: `blox fruits` among King Legacy's
 * scripts is an empty list read in the index, not 80,000 rows read one by one.
 *
 * SQLite: both FTS5 tables gain the facts as tokens, `zg<game id>z zu<0|1> zk<0|1> zp<0|1> zv<0|1>`
 * (server/db/search.ts queries them). The trigram table keeps them in a column of their own, which
 * word queries never name; in the gram table they share the column with the hex gram tokens, which
 * hold no `z`. The trigram table becomes contentless (nothing stored but the index), like the gram
 * table, so the tokens need no column in `scripts`.
 * PostgreSQL: beside the search text's trigram GIN index (which unfiltered searches keep: it is the
 * smaller one to read), a multicolumn GIN index of the search text's trigrams with the game and flags
 * (btree_gin) answers the words and the filter in one index scan.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
    await sql`CREATE INDEX scripts_search_facets_idx ON scripts
      USING gin (search_text gin_trgm_ops, game_id, universal, key_system, patched, verified)`.execute(db);
    return;
  }
  await dropTriggers(db, ['scripts_search_insert', 'scripts_search_delete', 'scripts_search_update', 'scripts_grams_insert', 'scripts_grams_delete', 'scripts_grams_update']);
  await sql`DROP TABLE scripts_search`.execute(db);
  await sql`DROP TABLE scripts_grams`.execute(db);
  await sql`CREATE VIRTUAL TABLE scripts_search USING fts5(search_text, loadstring_search, facets, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`CREATE VIRTUAL TABLE scripts_grams USING fts5(grams, content='', contentless_delete=1, detail=none, tokenize='unicode61')`.execute(db);
  await sql`INSERT INTO scripts_search(rowid, search_text, loadstring_search, facets)
    SELECT id, search_text, loadstring_search, ${facets('scripts')} FROM scripts`.execute(db);
  await sql`INSERT INTO scripts_grams(rowid, grams) SELECT id, ${grams('scripts')} FROM scripts`.execute(db);

  const insert = (row: 'new') => sql`
    INSERT INTO scripts_search(rowid, search_text, loadstring_search, facets) VALUES (${sql.raw(row)}.id, ${sql.raw(row)}.search_text, ${sql.raw(row)}.loadstring_search, ${facets(row)});
    INSERT INTO scripts_grams(rowid, grams) VALUES (${sql.raw(row)}.id, ${grams(row)});`;
  const remove = sql`DELETE FROM scripts_search WHERE rowid = old.id; DELETE FROM scripts_grams WHERE rowid = old.id;`;
  await sql`CREATE TRIGGER scripts_search_insert AFTER INSERT ON scripts BEGIN ${insert('new')} END`.execute(db);
  await sql`CREATE TRIGGER scripts_search_delete AFTER DELETE ON scripts BEGIN ${remove} END`.execute(db);
  // Views and trending change all day and are in neither index: only these columns re-index a script.
  await sql`CREATE TRIGGER scripts_search_update
    AFTER UPDATE OF search_text, loadstring_search, game_id, universal, key_system, patched, verified ON scripts
    BEGIN ${remove} ${insert('new')} END`.execute(db);
}

/** The facts of a script row as index tokens (SQLite); server/db/search.ts `facetTokens` writes the same. */
function facets(row: string) {
  const r = sql.raw(row);
  return sql`'zg' || coalesce(${r}.game_id, 0) || 'z zu' || ${r}.universal || ' zk' || ${r}.key_system || ' zp' || ${r}.patched || ' zv' || ${r}.verified`;
}

function grams(row: string) {
  return sql`script_grams(${sql.raw(row)}.search_text) || ' ' || ${facets(row)}`;
}

async function dropTriggers(db: Kysely<any>, names: string[]): Promise<void> {
  for (const name of names) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX IF EXISTS scripts_search_facets_idx`.execute(db);
    return;
  }
  await dropTriggers(db, ['scripts_search_insert', 'scripts_search_delete', 'scripts_search_update']);
  await sql`DROP TABLE scripts_search`.execute(db);
  await sql`DROP TABLE scripts_grams`.execute(db);
  // As the initial and the grams migrations left them.
  await sql`CREATE VIRTUAL TABLE scripts_search USING fts5(search_text, loadstring_search, content='scripts', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`INSERT INTO scripts_search(scripts_search) VALUES ('rebuild')`.execute(db);
  await sql`CREATE TRIGGER scripts_search_insert AFTER INSERT ON scripts BEGIN
      INSERT INTO scripts_search(rowid, search_text, loadstring_search) VALUES (new.id, new.search_text, new.loadstring_search);
    END`.execute(db);
  await sql`CREATE TRIGGER scripts_search_delete AFTER DELETE ON scripts BEGIN
      INSERT INTO scripts_search(scripts_search, rowid, search_text, loadstring_search) VALUES ('delete', old.id, old.search_text, old.loadstring_search);
    END`.execute(db);
  await sql`CREATE TRIGGER scripts_search_update AFTER UPDATE OF search_text, loadstring_search ON scripts BEGIN
      INSERT INTO scripts_search(scripts_search, rowid, search_text, loadstring_search) VALUES ('delete', old.id, old.search_text, old.loadstring_search);
      INSERT INTO scripts_search(rowid, search_text, loadstring_search) VALUES (new.id, new.search_text, new.loadstring_search);
    END`.execute(db);
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
