import { type Kysely, sql } from 'kysely';
import { isPostgres, primaryId, timestampType } from './dialect.ts';

/**
 * Script types (auto farm, ESP, aimbot…; docs/decisions/0063-script-types.md), the catalogue's tags.
 *
 * - `script_types`: the admin's list, a name in each reading (the specification's, English, Russian),
 *   its slug and its place in the list.
 * - `script_type_links`: a script's types (at most five, `position` their order on the script). Each row
 *   carries a copy of its script's facets (game, flags, hidden, platforms), kept by a trigger on
 *   `scripts` as `script_executors`' are, so one type's scripts of one filter are a range of
 *   `script_type_links_gather_idx` and `type_facets` counts them without reading a script.
 * - `type_facets`: visible scripts per type, game (0: none), flags and platform side, kept by triggers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('script_types')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ru', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addColumn('updated_at', timestampType(db), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('script_type_links')
    .addColumn('script_id', 'integer', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('script_types.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('game_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('universal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('key_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('patched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('platforms', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('script_type_links_pk', ['script_id', 'type_id'])
    .execute();
  await db.schema
    .createIndex('script_type_links_gather_idx')
    .on('script_type_links')
    .columns(['type_id', 'universal', 'key_system', 'patched', 'verified', 'game_id', 'platforms', 'hidden', 'script_id'])
    .execute();

  const facets = KEY_TYPE.reduce((builder, column) => builder.addColumn(column, 'integer', (c) => c.notNull()), db.schema.createTable('type_facets'));
  await facets.addColumn('scripts', 'bigint', (c) => c.notNull()).addPrimaryKeyConstraint('type_facets_pk', [...KEY_TYPE] as never[]).execute();
  await typeTriggers(db, pg);
}

const FLAGS = ['universal', 'key_system', 'patched', 'verified'] as const;
const KEY_TYPE = ['type_id', 'game_id', ...FLAGS, 'pc', 'mobile'] as const;
const PC = 3;
const MOBILE = 12;

/** A link row's facet values in KEY_TYPE's order. */
function facetOf(row: string): string {
  const bit = (mask: number) => `CASE WHEN (${row}.platforms & ${mask}) <> 0 THEN 1 ELSE 0 END`;
  return [`${row}.type_id`, `${row}.game_id`, ...FLAGS.map((flag) => `${row}.${flag}`), bit(PC), bit(MOBILE)].join(', ');
}

/**
 * A new link copies its script's facets; the copies follow the script; type_facets counts the links
 * of visible scripts, by type and facets.
 */
async function typeTriggers(db: Kysely<any>, pg: boolean): Promise<void> {
  const copied = ['game_id', ...FLAGS, 'hidden', 'platforms'];
  const changed = sql.raw(copied.map((column) => `old.${column} IS DISTINCT FROM new.${column}`).join(' OR '));
  const assignments = `game_id = coalesce(new.game_id, 0), ${[...FLAGS, 'hidden', 'platforms'].map((column) => `${column} = new.${column}`).join(', ')}`;
  const copy = sql.raw(`UPDATE script_type_links SET ${assignments} WHERE script_id = new.id`);
  const keyList = KEY_TYPE.join(', ');
  const upsert = (row: 'new' | 'old', delta: number) => sql.raw(`INSERT INTO type_facets (${keyList}, scripts)
    SELECT ${facetOf(row)}, ${delta} WHERE ${row}.hidden = 0
    ON CONFLICT (${keyList}) DO UPDATE SET scripts = type_facets.scripts + excluded.scripts`);
  const rowMoved = sql.raw(['type_id', ...copied].map((column) => `old.${column} IS DISTINCT FROM new.${column}`).join(' OR '));
  const updateOf = sql.raw(copied.join(', '));

  if (pg) {
    await sql`CREATE FUNCTION script_type_links_copy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${copy}; RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER scripts_type_links_copy AFTER UPDATE OF ${updateOf} ON scripts
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION script_type_links_copy()`.execute(db);
    // A link is written with its script's facets, read before the row goes in (so the insert trigger counts them).
    await sql`CREATE FUNCTION script_type_links_fill() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT coalesce(s.game_id, 0), s.universal, s.key_system, s.patched, s.verified, s.hidden, s.platforms
          INTO NEW.game_id, NEW.universal, NEW.key_system, NEW.patched, NEW.verified, NEW.hidden, NEW.platforms
          FROM scripts AS s WHERE s.id = NEW.script_id;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER script_type_links_fill BEFORE INSERT ON script_type_links FOR EACH ROW EXECUTE FUNCTION script_type_links_fill()`.execute(db);
    await sql`CREATE FUNCTION type_facets_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN ${upsert('old', -1)}; END IF;
        IF TG_OP <> 'DELETE' THEN ${upsert('new', 1)}; END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER script_type_links_facets_change AFTER INSERT OR DELETE ON script_type_links
      FOR EACH ROW EXECUTE FUNCTION type_facets_move()`.execute(db);
    await sql`CREATE TRIGGER script_type_links_facets_update AFTER UPDATE ON script_type_links
      FOR EACH ROW WHEN (${rowMoved}) EXECUTE FUNCTION type_facets_move()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER scripts_type_links_copy AFTER UPDATE OF ${updateOf} ON scripts
    WHEN ${changed} BEGIN ${copy}; END`.execute(db);
  // SQLite has no BEFORE trigger that sets NEW: the new link takes its script's facets right after it
  // goes in, and the update trigger moves its count from the zero facets to the real ones.
  await sql`CREATE TRIGGER script_type_links_fill AFTER INSERT ON script_type_links BEGIN
    UPDATE script_type_links SET ${sql.raw(assignments.replaceAll('new.', 's.'))}
      FROM scripts AS s WHERE s.id = new.script_id AND script_type_links.script_id = new.script_id AND script_type_links.type_id = new.type_id;
    END`.execute(db);
  await sql`CREATE TRIGGER script_type_links_facets_insert AFTER INSERT ON script_type_links BEGIN ${upsert('new', 1)}; END`.execute(db);
  await sql`CREATE TRIGGER script_type_links_facets_delete AFTER DELETE ON script_type_links BEGIN ${upsert('old', -1)}; END`.execute(db);
  await sql`CREATE TRIGGER script_type_links_facets_update AFTER UPDATE ON script_type_links WHEN ${rowMoved}
    BEGIN ${upsert('old', -1)}; ${upsert('new', 1)}; END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const on = (table: string) => (pg ? sql`ON ${sql.id(table)}` : sql``);
  await sql`DROP TRIGGER IF EXISTS scripts_type_links_copy ${on('scripts')}`.execute(db);
  for (const name of ['script_type_links_fill', 'script_type_links_facets_change', 'script_type_links_facets_insert', 'script_type_links_facets_delete', 'script_type_links_facets_update']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(name)} ${on('script_type_links')}`.execute(db);
  }
  if (pg) {
    for (const name of ['script_type_links_copy', 'script_type_links_fill', 'type_facets_move']) await sql`DROP FUNCTION IF EXISTS ${sql.id(name)}()`.execute(db);
  }
  await db.schema.dropTable('type_facets').ifExists().execute();
  await db.schema.dropTable('script_type_links').ifExists().execute();
  await db.schema.dropTable('script_types').ifExists().execute();
}
