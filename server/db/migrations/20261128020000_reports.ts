import { type Kysely, sql } from 'kysely';
import { isPostgres, primaryId, timestampType } from './dialect.ts';

/**
 * Hidden scripts and visitors' reports (docs/decisions/0021-hidden-scripts-and-reports.md#hidden-scripts, docs/decisions/0021-hidden-scripts-and-reports.md#reports).
 *
 * `scripts.hidden` (0/1) takes a hidden script out of every public read. The counts kept by triggers
 * (`catalogue_counts`, `script_facets`) count visible scripts only, so every public total stays exact
 * and constant-time; the sort, facet and search indexes are left as they are (no rebuild): public reads
 * exclude the few hidden ids through `scripts_hidden_idx`, a partial index holding only them.
 * Adding the column rewrites nothing on either database (a constant default); building the empty
 * partial index reads the table once.
 *
 * `reports` keeps the script's name: a report outlives its script (ids are never reused, so the
 * script id stays a plain column, no foreign key), and a script's deletion resolves its open reports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable('scripts').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`CREATE INDEX scripts_hidden_idx ON scripts (id) WHERE hidden = 1`.execute(db);
  await countVisibleOnly(db, pg);

  await db.schema
    .createTable('reports')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('script_id', 'integer', (c) => c.notNull())
    .addColumn('script_name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('malware', 'broken', 'stolen', 'spam', 'other')`))
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open').check(sql`state in ('open', 'resolved')`))
    .addColumn('decision', 'text', (c) => c.check(sql`decision in ('dismiss', 'hide', 'delete')`))
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addColumn('decided_at', timestampType(db))
    .addColumn('decided_by', 'text')
    .execute();
  await db.schema.createIndex('reports_created_idx').on('reports').columns(['created_at desc', 'id desc']).execute();
  await db.schema.createIndex('reports_script_idx').on('reports').columns(['script_id', 'state']).execute();
  // The per-visitor limit counts a visitor's reports of the last hour.
  await db.schema.createIndex('reports_visitor_idx').on('reports').columns(['visitor_hash', 'created_at']).execute();

  // A script deleted any way (the staff lists, a game's cleanup, a report's decision) resolves its open reports.
  if (pg) {
    await sql`CREATE FUNCTION reports_resolve_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE reports SET state = 'resolved', decision = 'delete', decided_at = now()
          WHERE state = 'open' AND script_id IN (SELECT id FROM removed);
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER scripts_reports_delete AFTER DELETE ON scripts REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION reports_resolve_deleted()`.execute(db);
  } else {
    await sql`CREATE TRIGGER scripts_reports_delete AFTER DELETE ON scripts BEGIN
      UPDATE reports SET state = 'resolved', decision = 'delete', decided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        WHERE state = 'open' AND script_id = old.id;
    END`.execute(db);
  }
}

const FACET = ['game_id', 'universal', 'key_system', 'patched', 'verified'];

/** The count and facet triggers again, each counting only visible scripts; a change of `hidden` moves the script in or out. */
async function countVisibleOnly(db: Kysely<any>, pg: boolean): Promise<void> {
  await dropCountTriggers(db, pg);
  const facet = (row: 'new' | 'old') => sql.raw(`coalesce(${row}.game_id, 0), ${row}.universal, ${row}.key_system, ${row}.patched, ${row}.verified`);
  const upsert = (row: 'new' | 'old', delta: number) => sql`INSERT INTO script_facets (game_id, universal, key_system, patched, verified, scripts)
    SELECT ${facet(row)}, ${sql.raw(String(delta))} WHERE ${sql.raw(row)}.hidden = 0
    ON CONFLICT (game_id, universal, key_system, patched, verified) DO UPDATE SET scripts = script_facets.scripts + excluded.scripts`;
  const count = (row: 'new' | 'old', delta: number) =>
    sql`UPDATE catalogue_counts SET value = value + ${sql.raw(String(delta))} WHERE name = 'scripts' AND ${sql.raw(row)}.hidden = 0`;
  const moved = sql.raw([...FACET, 'hidden'].map((column) => `old.${column} IS DISTINCT FROM new.${column}`).join(' OR '));

  if (pg) {
    await sql`CREATE OR REPLACE FUNCTION catalogue_count_scripts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE catalogue_counts SET value = value + (SELECT count(*) FROM added WHERE hidden = 0) WHERE name = 'scripts';
        ELSE
          UPDATE catalogue_counts SET value = value - (SELECT count(*) FROM removed WHERE hidden = 0) WHERE name = 'scripts';
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE OR REPLACE FUNCTION script_facets_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO script_facets (game_id, universal, key_system, patched, verified, scripts)
            SELECT coalesce(game_id, 0), universal, key_system, patched, verified, count(*) FROM added WHERE hidden = 0
            GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
            ON CONFLICT (game_id, universal, key_system, patched, verified) DO UPDATE SET scripts = script_facets.scripts + excluded.scripts;
        ELSE
          UPDATE script_facets AS f SET scripts = f.scripts - r.n
            FROM (SELECT coalesce(game_id, 0) AS game_id, universal, key_system, patched, verified, count(*) AS n FROM removed WHERE hidden = 0 GROUP BY 1, 2, 3, 4, 5) AS r
            WHERE f.game_id = r.game_id AND f.universal = r.universal AND f.key_system = r.key_system AND f.patched = r.patched AND f.verified = r.verified;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE OR REPLACE FUNCTION script_facets_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.hidden = 0 THEN
          UPDATE script_facets SET scripts = scripts - 1
            WHERE game_id = coalesce(OLD.game_id, 0) AND universal = OLD.universal AND key_system = OLD.key_system AND patched = OLD.patched AND verified = OLD.verified;
        END IF;
        ${upsert('new', 1)};
        IF OLD.hidden <> NEW.hidden THEN
          UPDATE catalogue_counts SET value = value + (CASE WHEN NEW.hidden = 0 THEN 1 ELSE -1 END) WHERE name = 'scripts';
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER scripts_facets_update AFTER UPDATE OF game_id, universal, key_system, patched, verified, hidden ON scripts
      FOR EACH ROW WHEN (${moved}) EXECUTE FUNCTION script_facets_move()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER scripts_count_insert AFTER INSERT ON scripts BEGIN ${count('new', 1)}; END`.execute(db);
  await sql`CREATE TRIGGER scripts_count_delete AFTER DELETE ON scripts BEGIN ${count('old', -1)}; END`.execute(db);
  await sql`CREATE TRIGGER scripts_facets_insert AFTER INSERT ON scripts BEGIN ${upsert('new', 1)}; END`.execute(db);
  await sql`CREATE TRIGGER scripts_facets_delete AFTER DELETE ON scripts BEGIN ${upsert('old', -1)}; END`.execute(db);
  await sql`CREATE TRIGGER scripts_facets_update AFTER UPDATE OF game_id, universal, key_system, patched, verified, hidden ON scripts
    WHEN ${moved} BEGIN ${upsert('old', -1)}; ${upsert('new', 1)}; END`.execute(db);
  await sql`CREATE TRIGGER scripts_count_hidden AFTER UPDATE OF hidden ON scripts WHEN old.hidden <> new.hidden BEGIN
      UPDATE catalogue_counts SET value = value + (CASE WHEN new.hidden = 0 THEN 1 ELSE -1 END) WHERE name = 'scripts';
    END`.execute(db);
}

async function dropCountTriggers(db: Kysely<any>, pg: boolean): Promise<void> {
  // PostgreSQL keeps its statement-level insert and delete triggers; their functions are replaced.
  const names = pg ? ['scripts_facets_update'] : ['scripts_count_insert', 'scripts_count_delete', 'scripts_facets_insert', 'scripts_facets_delete', 'scripts_facets_update', 'scripts_count_hidden'];
  for (const name of names) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)} ${pg ? sql`ON scripts` : sql``}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await sql`DROP TRIGGER IF EXISTS scripts_reports_delete ${pg ? sql`ON scripts` : sql``}`.execute(db);
  if (pg) await sql`DROP FUNCTION IF EXISTS reports_resolve_deleted()`.execute(db);
  await db.schema.dropTable('reports').ifExists().execute();
  // Hidden scripts come back into the counts: the column goes, and every script is visible again.
  await sql`UPDATE scripts SET hidden = 0 WHERE hidden = 1`.execute(db);
  await dropCountTriggers(db, pg);
  if (pg) {
    await sql`CREATE OR REPLACE FUNCTION catalogue_count_scripts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE catalogue_counts SET value = value + (SELECT count(*) FROM added) WHERE name = 'scripts';
        ELSE
          UPDATE catalogue_counts SET value = value - (SELECT count(*) FROM removed) WHERE name = 'scripts';
        END IF;
        RETURN NULL;
      END $$`.execute(db);
  }
  await db.schema.dropIndex('scripts_hidden_idx').ifExists().execute();
  await db.schema.alterTable('scripts').dropColumn('hidden').execute();
  // The triggers as the script-count and facets migrations left them.
  await restoreCountTriggers(db, pg);
}

async function restoreCountTriggers(db: Kysely<any>, pg: boolean): Promise<void> {
  const facet = (row: 'new' | 'old') => sql.raw(`coalesce(${row}.game_id, 0), ${row}.universal, ${row}.key_system, ${row}.patched, ${row}.verified`);
  const add = (row: 'new' | 'old', delta: number) => sql`INSERT INTO script_facets (game_id, universal, key_system, patched, verified, scripts)
    VALUES (${facet(row)}, ${sql.raw(String(delta))})
    ON CONFLICT (game_id, universal, key_system, patched, verified) DO UPDATE SET scripts = script_facets.scripts + excluded.scripts`;
  const changed = sql.raw(FACET.map((column) => `old.${column} IS DISTINCT FROM new.${column}`).join(' OR '));
  if (pg) {
    await sql`CREATE OR REPLACE FUNCTION script_facets_count() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await sql`CREATE OR REPLACE FUNCTION script_facets_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE script_facets SET scripts = scripts - 1
          WHERE game_id = coalesce(OLD.game_id, 0) AND universal = OLD.universal AND key_system = OLD.key_system AND patched = OLD.patched AND verified = OLD.verified;
        ${add('new', 1)};
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER scripts_facets_update AFTER UPDATE OF game_id, universal, key_system, patched, verified ON scripts
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION script_facets_move()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER scripts_count_insert AFTER INSERT ON scripts BEGIN
      UPDATE catalogue_counts SET value = value + 1 WHERE name = 'scripts';
    END`.execute(db);
  await sql`CREATE TRIGGER scripts_count_delete AFTER DELETE ON scripts BEGIN
      UPDATE catalogue_counts SET value = value - 1 WHERE name = 'scripts';
    END`.execute(db);
  await sql`CREATE TRIGGER scripts_facets_insert AFTER INSERT ON scripts BEGIN ${add('new', 1)}; END`.execute(db);
  await sql`CREATE TRIGGER scripts_facets_delete AFTER DELETE ON scripts BEGIN ${add('old', -1)}; END`.execute(db);
  await sql`CREATE TRIGGER scripts_facets_update AFTER UPDATE OF game_id, universal, key_system, patched, verified ON scripts
    WHEN ${changed} BEGIN ${add('old', -1)}; ${add('new', 1)}; END`.execute(db);
}
