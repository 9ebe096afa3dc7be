import { type Kysely, sql } from 'kysely';
import { isPostgres, primaryId, timestampType } from './dialect.ts';

/**
 * Executors and where each script works (docs/decisions/0039-executors-and-compatibility.md).
 *
 * - `executors`: the admin's list; `platforms` a bit set (1 windows, 2 mac, 4 android, 8 ios).
 * - `script_executors`: one row per script and executor with any data: staff's `tested` mark and the
 *   works answers of the window (`works_yes`, `works_no`, moved by the vote flush and its expiry);
 *   `works` (tested, or more yes than no) is computed by the database. Each row carries a copy of its
 *   script's facets (game, flags, hidden, platforms), kept by a trigger on `scripts`, so one executor's
 *   scripts of one filter are an index range and `executor_facets` can count them.
 * - `script_executor_votes`: one visitor's answer per script and executor; `counted` while it is
 *   inside the window's counts (the expiry takes it out once).
 * - `scripts.platforms`: the platforms of the executors the script works on (bit set), written with
 *   `script_executors`; `script_facets` gains `pc` and `mobile` so a platform filter's total stays a
 *   sum over a few rows, and `scripts_facets_idx` ends with `platforms`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('executors')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('platforms', 'integer', (c) => c.notNull().check(sql`platforms between 1 and 15`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('working', 'updating', 'patched', 'discontinued')`))
    .addColumn('version', 'text')
    .addColumn('website', 'text')
    .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status_changed_at', timestampType(db), (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addColumn('updated_at', timestampType(db), (c) => c.notNull())
    .execute();

  await db.schema.alterTable('scripts').addColumn('platforms', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('script_executors')
    .addColumn('script_id', 'integer', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
    .addColumn('executor_id', 'integer', (c) => c.notNull().references('executors.id').onDelete('cascade'))
    .addColumn('tested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('works_yes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('works_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('works', 'integer', (c) => c.generatedAlwaysAs(sql`CASE WHEN tested = 1 OR works_yes > works_no THEN 1 ELSE 0 END`).stored().notNull())
    // The script's facets, copied (0 for no game).
    .addColumn('game_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('universal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('key_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('patched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('platforms', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('script_executors_pk', ['script_id', 'executor_id'])
    .execute();
  await db.schema
    .createIndex('script_executors_gather_idx')
    .on('script_executors')
    .columns(['executor_id', 'works', 'universal', 'key_system', 'patched', 'verified', 'game_id', 'platforms', 'hidden', 'script_id'])
    .execute();

  await db.schema
    .createTable('script_executor_votes')
    .addColumn('script_id', 'integer', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
    .addColumn('executor_id', 'integer', (c) => c.notNull().references('executors.id').onDelete('cascade'))
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    // 1 works, 0 doesn't.
    .addColumn('works', 'integer', (c) => c.notNull())
    .addColumn('works_at', 'bigint', (c) => c.notNull())
    // 1 while counted in script_executors' works_yes / works_no.
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('script_executor_votes_pk', ['script_id', 'executor_id', 'visitor_hash'])
    .execute();
  await sql`CREATE INDEX script_executor_votes_expiry_idx ON script_executor_votes (works_at) WHERE counted = 1`.execute(db);
  await db.schema.createIndex('script_executor_votes_executor_idx').on('script_executor_votes').column('executor_id').execute();

  await db.schema
    .createTable('executor_facets')
    .addColumn('executor_id', 'integer', (c) => c.notNull())
    .addColumn('game_id', 'integer', (c) => c.notNull())
    .addColumn('universal', 'integer', (c) => c.notNull())
    .addColumn('key_system', 'integer', (c) => c.notNull())
    .addColumn('patched', 'integer', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('pc', 'integer', (c) => c.notNull())
    .addColumn('mobile', 'integer', (c) => c.notNull())
    .addColumn('scripts', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('executor_facets_pk', [...KEY_EXECUTOR])
    .execute();

  await rebuildScriptFacets(db, pg);
  await executorTriggers(db, pg);
  await db.schema.dropIndex('scripts_facets_idx').ifExists().execute();
  await db.schema.createIndex('scripts_facets_idx').on('scripts').columns(['universal', 'key_system', 'patched', 'verified', 'game_id', 'platforms']).execute();
  if (pg) await sql`ANALYZE scripts`.execute(db);
}

const FLAGS = ['universal', 'key_system', 'patched', 'verified'] as const;
const KEY = ['game_id', ...FLAGS, 'pc', 'mobile'] as const;
const KEY_EXECUTOR = ['executor_id', ...KEY] as const;
const PC = 3;
const MOBILE = 12;

/** A row's facet values in KEY's order (without pc and mobile for the earlier key); `game` is its game column's expression. */
function facetOf(row: string, game: string, platforms = true): string[] {
  const bit = (mask: number) => `CASE WHEN (${row}.platforms & ${mask}) <> 0 THEN 1 ELSE 0 END`;
  return [game, ...FLAGS.map((flag) => `${row}.${flag}`), ...(platforms ? [bit(PC), bit(MOBILE)] : [])];
}

/**
 * script_facets keyed by platform too (pc, mobile), or as before (down), filled from the scripts,
 * and its triggers again with `platforms` among the columns that move a script (visible scripts
 * only, as before).
 */
async function rebuildScriptFacets(db: Kysely<any>, pg: boolean, platforms = true): Promise<void> {
  const key: string[] = platforms ? [...KEY] : ['game_id', ...FLAGS];
  const keyList = key.join(', ');
  const groups = key.map((_, index) => index + 1).join(', ');
  const values = (row: string) => facetOf(row, `coalesce(${row}.game_id, 0)`, platforms);
  const names = pg ? ['scripts_facets_update'] : ['scripts_facets_insert', 'scripts_facets_delete', 'scripts_facets_update'];
  for (const name of names) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)} ${pg ? sql`ON scripts` : sql``}`.execute(db);
  await db.schema.dropTable('script_facets').execute();
  const table = key.reduce((builder, column) => builder.addColumn(column, 'integer', (c) => c.notNull()), db.schema.createTable('script_facets'));
  await table.addColumn('scripts', 'bigint', (c) => c.notNull()).addPrimaryKeyConstraint('script_facets_pk', key as never[]).execute();
  await sql`INSERT INTO script_facets (${sql.raw(keyList)}, scripts)
    SELECT ${sql.raw(values('s').join(', '))}, count(*) FROM scripts AS s WHERE s.hidden = 0 GROUP BY ${sql.raw(groups)}`.execute(db);

  const upsert = (row: 'new' | 'old', delta: number) => sql.raw(`INSERT INTO script_facets (${keyList}, scripts)
    SELECT ${values(row).join(', ')}, ${delta} WHERE ${row}.hidden = 0
    ON CONFLICT (${keyList}) DO UPDATE SET scripts = script_facets.scripts + excluded.scripts`);
  const columns = ['game_id', ...FLAGS, 'hidden', ...(platforms ? ['platforms'] : [])];
  const moved = sql.raw(columns.map((column) => `old.${column} IS DISTINCT FROM new.${column}`).join(' OR '));
  const updateOf = sql.raw(columns.join(', '));

  if (pg) {
    await sql`CREATE OR REPLACE FUNCTION script_facets_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO script_facets (${sql.raw(keyList)}, scripts)
            SELECT ${sql.raw(values('t').join(', '))}, count(*) FROM added AS t WHERE t.hidden = 0 GROUP BY ${sql.raw(groups)} ORDER BY ${sql.raw(groups)}
            ON CONFLICT (${sql.raw(keyList)}) DO UPDATE SET scripts = script_facets.scripts + excluded.scripts;
        ELSE
          UPDATE script_facets AS f SET scripts = f.scripts - r.n
            FROM (SELECT ${sql.raw(values('t').join(', '))}, count(*) AS n FROM removed AS t WHERE t.hidden = 0 GROUP BY ${sql.raw(groups)})
              AS r (${sql.raw(keyList)}, n)
            WHERE ${sql.raw(key.map((column) => `f.${column} = r.${column}`).join(' AND '))};
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    const old = values('OLD');
    await sql`CREATE OR REPLACE FUNCTION script_facets_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.hidden = 0 THEN
          UPDATE script_facets SET scripts = scripts - 1 WHERE ${sql.raw(key.map((column, index) => `${column} = ${old[index]}`).join(' AND '))};
        END IF;
        ${upsert('new', 1)};
        IF OLD.hidden <> NEW.hidden THEN
          UPDATE catalogue_counts SET value = value + (CASE WHEN NEW.hidden = 0 THEN 1 ELSE -1 END) WHERE name = 'scripts';
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER scripts_facets_update AFTER UPDATE OF ${updateOf} ON scripts
      FOR EACH ROW WHEN (${moved}) EXECUTE FUNCTION script_facets_move()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER scripts_facets_insert AFTER INSERT ON scripts BEGIN ${upsert('new', 1)}; END`.execute(db);
  await sql`CREATE TRIGGER scripts_facets_delete AFTER DELETE ON scripts BEGIN ${upsert('old', -1)}; END`.execute(db);
  await sql`CREATE TRIGGER scripts_facets_update AFTER UPDATE OF ${updateOf} ON scripts
    WHEN ${moved} BEGIN ${upsert('old', -1)}; ${upsert('new', 1)}; END`.execute(db);
}

/**
 * The copies of a script's facets in its script_executors rows follow the script; executor_facets
 * counts the rows that work (visible scripts only), by executor and facets.
 */
async function executorTriggers(db: Kysely<any>, pg: boolean): Promise<void> {
  const copied = ['game_id', ...FLAGS, 'hidden', 'platforms'];
  const changed = sql.raw(copied.map((column) => `old.${column} IS DISTINCT FROM new.${column}`).join(' OR '));
  const copy = sql.raw(`UPDATE script_executors SET game_id = coalesce(new.game_id, 0), ${[...FLAGS, 'hidden', 'platforms']
    .map((column) => `${column} = new.${column}`)
    .join(', ')} WHERE script_id = new.id`);
  const facet = (row: 'new' | 'old') => [`${row}.executor_id`, ...facetOf(row, `${row}.game_id`)].join(', ');
  const upsert = (row: 'new' | 'old', delta: number) => sql.raw(`INSERT INTO executor_facets (${KEY_EXECUTOR.join(', ')}, scripts)
    SELECT ${facet(row)}, ${delta} WHERE ${row}.works = 1 AND ${row}.hidden = 0
    ON CONFLICT (${KEY_EXECUTOR.join(', ')}) DO UPDATE SET scripts = executor_facets.scripts + excluded.scripts`);
  const rowMoved = sql.raw(['works', ...copied].map((column) => `old.${column} IS DISTINCT FROM new.${column}`).join(' OR '));

  if (pg) {
    await sql`CREATE FUNCTION script_executors_copy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${copy}; RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER scripts_executors_copy AFTER UPDATE OF game_id, universal, key_system, patched, verified, hidden, platforms ON scripts
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION script_executors_copy()`.execute(db);
    await sql`CREATE FUNCTION executor_facets_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN ${upsert('old', -1)}; END IF;
        IF TG_OP <> 'DELETE' THEN ${upsert('new', 1)}; END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER script_executors_facets_change AFTER INSERT OR DELETE ON script_executors
      FOR EACH ROW EXECUTE FUNCTION executor_facets_move()`.execute(db);
    await sql`CREATE TRIGGER script_executors_facets_update AFTER UPDATE ON script_executors
      FOR EACH ROW WHEN (${rowMoved}) EXECUTE FUNCTION executor_facets_move()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER scripts_executors_copy AFTER UPDATE OF game_id, universal, key_system, patched, verified, hidden, platforms ON scripts
    WHEN ${changed} BEGIN ${copy}; END`.execute(db);
  await sql`CREATE TRIGGER script_executors_facets_insert AFTER INSERT ON script_executors BEGIN ${upsert('new', 1)}; END`.execute(db);
  await sql`CREATE TRIGGER script_executors_facets_delete AFTER DELETE ON script_executors BEGIN ${upsert('old', -1)}; END`.execute(db);
  await sql`CREATE TRIGGER script_executors_facets_update AFTER UPDATE ON script_executors WHEN ${rowMoved}
    BEGIN ${upsert('old', -1)}; ${upsert('new', 1)}; END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const on = (table: string) => (pg ? sql`ON ${sql.id(table)}` : sql``);
  await sql`DROP TRIGGER IF EXISTS scripts_executors_copy ${on('scripts')}`.execute(db);
  for (const name of ['script_executors_facets_change', 'script_executors_facets_insert', 'script_executors_facets_delete', 'script_executors_facets_update']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(name)} ${on('script_executors')}`.execute(db);
  }
  if (pg) {
    await sql`DROP FUNCTION IF EXISTS script_executors_copy()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS executor_facets_move()`.execute(db);
  }
  await db.schema.dropTable('executor_facets').ifExists().execute();
  await db.schema.dropTable('script_executor_votes').ifExists().execute();
  await db.schema.dropTable('script_executors').ifExists().execute();
  await rebuildScriptFacets(db, pg, false);
  await db.schema.dropIndex('scripts_facets_idx').ifExists().execute();
  await db.schema.createIndex('scripts_facets_idx').on('scripts').columns(['universal', 'key_system', 'patched', 'verified', 'game_id']).execute();
  await db.schema.alterTable('scripts').dropColumn('platforms').execute();
  await db.schema.dropTable('executors').ifExists().execute();
}
