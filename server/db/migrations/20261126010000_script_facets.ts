import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/** Each sort's index (docs/decisions/0015-filters-and-sorts.md), the catalogue's and a game's. */
const SORT_INDEXES: [name: string, columns: string[]][] = [
  ['scripts_created_idx', ['created_at desc', 'id desc']],
  ['scripts_views_idx', ['views desc', 'created_at desc', 'id desc']],
  ['scripts_trending_idx', ['trending desc', 'created_at desc', 'id desc']],
  ['scripts_updated_idx', ['updated_at desc', 'id desc']],
  ['scripts_game_created_idx', ['game_id', 'created_at desc', 'id desc']],
  ['scripts_game_views_idx', ['game_id', 'views desc', 'created_at desc', 'id desc']],
  ['scripts_game_trending_idx', ['game_id', 'trending desc', 'created_at desc', 'id desc']],
  ['scripts_game_updated_idx', ['game_id', 'updated_at desc', 'id desc']],
];
const FLAG_COLUMNS = ['universal', 'key_system', 'patched', 'verified'];

async function replaceIndex(db: Kysely<any>, name: string, columns: string[]): Promise<void> {
  await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.createIndex(name).on('scripts').columns(columns).execute();
}

/**
 * What the catalogue's filters need to stay cheap at a million scripts (docs/decisions/0015-filters-and-sorts.md):
 * - `script_facets`: how many scripts each combination of game and flags has, kept by triggers like
 *   the script count, so any filter's total is a sum over a few rows instead of a scan;
 * - `scripts_facets_idx`: the scripts of one combination through an index, so a filter matching few
 *   scripts reads just them (and sorts those few) instead of reading the catalogue in order;
 * - the flags at the end of every sort's index, so a page read in sort order tests them in the index
 *   entry instead of fetching each script's row (wide: its texts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of SORT_INDEXES) await replaceIndex(db, name, [...columns, ...FLAG_COLUMNS]);
  await db.schema
    .createTable('script_facets')
    // 0 for no game: a primary key column cannot be null.
    .addColumn('game_id', 'integer', (c) => c.notNull())
    .addColumn('universal', 'integer', (c) => c.notNull())
    .addColumn('key_system', 'integer', (c) => c.notNull())
    .addColumn('patched', 'integer', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('scripts', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('script_facets_pk', ['game_id', 'universal', 'key_system', 'patched', 'verified'])
    .execute();
  await sql`INSERT INTO script_facets (game_id, universal, key_system, patched, verified, scripts)
    SELECT coalesce(game_id, 0), universal, key_system, patched, verified, count(*) FROM scripts
    GROUP BY coalesce(game_id, 0), universal, key_system, patched, verified`.execute(db);
  await db.schema.createIndex('scripts_facets_idx').on('scripts').columns(['universal', 'key_system', 'patched', 'verified', 'game_id']).execute();

  const facet = (row: 'new' | 'old') =>
    sql.raw(`coalesce(${row}.game_id, 0), ${row}.universal, ${row}.key_system, ${row}.patched, ${row}.verified`);
  const add = (row: 'new' | 'old', delta: number) => sql`INSERT INTO script_facets (game_id, universal, key_system, patched, verified, scripts)
    VALUES (${facet(row)}, ${sql.raw(String(delta))})
    ON CONFLICT (game_id, universal, key_system, patched, verified) DO UPDATE SET scripts = script_facets.scripts + excluded.scripts`;
  const changed = sql.raw(
    ['game_id', 'universal', 'key_system', 'patched', 'verified'].map((column) => `old.${column} IS DISTINCT FROM new.${column}`).join(' OR '),
  );

  if (isPostgres(db)) {
    // Inserts and deletes per statement (the demo seed and the benchmark insert thousands at once).
    await sql`CREATE FUNCTION script_facets_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO script_facets (game_id, universal, key_system, patched, verified, scripts)
            SELECT coalesce(game_id, 0), universal, key_system, patched, verified, count(*) FROM added
            GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
            ON CONFLICT (game_id, universal, key_system, patched, verified) DO UPDATE SET scripts = script_facets.scripts + excluded.scripts;
        ELSE
          UPDATE script_facets AS f SET scripts = f.scripts - r.n
            FROM (SELECT coalesce(game_id, 0) AS game_id, universal, key_system, patched, verified, count(*) AS n FROM removed GROUP BY 1, 2, 3, 4, 5) AS r
            WHERE f.game_id = r.game_id AND f.universal = r.universal AND f.key_system = r.key_system AND f.patched = r.patched AND f.verified = r.verified;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER scripts_facets_insert AFTER INSERT ON scripts REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION script_facets_count()`.execute(db);
    await sql`CREATE TRIGGER scripts_facets_delete AFTER DELETE ON scripts REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION script_facets_count()`.execute(db);
    // Edits (and a game's deletion, which sets game_id to null) move one script at a time.
    await sql`CREATE FUNCTION script_facets_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE script_facets SET scripts = scripts - 1
          WHERE game_id = coalesce(OLD.game_id, 0) AND universal = OLD.universal AND key_system = OLD.key_system AND patched = OLD.patched AND verified = OLD.verified;
        ${add('new', 1)};
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER scripts_facets_update AFTER UPDATE OF game_id, universal, key_system, patched, verified ON scripts
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION script_facets_move()`.execute(db);
  } else {
    await sql`CREATE TRIGGER scripts_facets_insert AFTER INSERT ON scripts BEGIN ${add('new', 1)}; END`.execute(db);
    await sql`CREATE TRIGGER scripts_facets_delete AFTER DELETE ON scripts BEGIN ${add('old', -1)}; END`.execute(db);
    await sql`CREATE TRIGGER scripts_facets_update AFTER UPDATE OF game_id, universal, key_system, patched, verified ON scripts
      WHEN ${changed} BEGIN ${add('old', -1)}; ${add('new', 1)}; END`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of SORT_INDEXES) await replaceIndex(db, name, columns);
  for (const trigger of ['scripts_facets_insert', 'scripts_facets_delete', 'scripts_facets_update']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)} ${isPostgres(db) ? sql`ON scripts` : sql``}`.execute(db);
  }
  if (isPostgres(db)) {
    await sql`DROP FUNCTION IF EXISTS script_facets_count()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS script_facets_move()`.execute(db);
  }
  await db.schema.dropIndex('scripts_facets_idx').ifExists().execute();
  await db.schema.dropTable('script_facets').ifExists().execute();
}
