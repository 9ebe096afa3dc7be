import { type Kysely, sql } from 'kysely';
import { isPostgres, timestampType } from './dialect.ts';

/**
 * Loader versions (docs/decisions/0044-loader-versions.md):
 * - `script_versions`: one row per save that changed a script's loader, numbered 1, 2, 3… per script,
 *   with the text, its stored analysis and `changes`, the JSON of its analysis's difference from the
 *   version before (`{ added, removed }` finding codes, `{ hostsAdded, hostsRemoved }`); `saved_by` is
 *   the staff account's name, as the moderation log names actors (null: the migration, the demo);
 * - on `scripts`: the current `version`, `loader_changed_at` (null while version 1) and
 *   `update_added_high` (the latest update added a high finding), read by every listed row. Constant
 *   defaults: no row is rewritten on either database.
 * Every existing script gets its version 1 in one INSERT … SELECT: its loader and stored analysis, every
 * finding and host added.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scripts').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('scripts').addColumn('loader_changed_at', timestampType(db)).execute();
  await db.schema.alterTable('scripts').addColumn('update_added_high', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('script_versions')
    .addColumn('script_id', 'integer', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addColumn('saved_by', 'text')
    .addColumn('loadstring', 'text', (c) => c.notNull())
    .addColumn('analysis', 'text')
    .addColumn('changes', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('script_versions_pk', ['script_id', 'version'])
    .execute();
  await firstVersions(db);
}

/** Version 1 of every script, its changes built from its stored analysis (an unanalysed row: none yet); the bench's generator calls it too. */
export async function firstVersions(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      INSERT INTO script_versions (script_id, version, created_at, saved_by, loadstring, analysis, changes)
      SELECT id, 1, created_at, NULL, loadstring, analysis,
        json_build_object('added', COALESCE(analysis::json -> 'findings', '[]'::json), 'removed', '[]'::json,
          'hostsAdded', COALESCE(analysis::json -> 'domains', '[]'::json), 'hostsRemoved', '[]'::json)::text
      FROM scripts`.execute(db);
    return;
  }
  await sql`
    INSERT INTO script_versions (script_id, version, created_at, saved_by, loadstring, analysis, changes)
    SELECT id, 1, created_at, NULL, loadstring, analysis,
      json_object('added', json(COALESCE(json_extract(valid, '$.findings'), '[]')), 'removed', json('[]'),
        'hostsAdded', json(COALESCE(json_extract(valid, '$.domains'), '[]')), 'hostsRemoved', json('[]'))
    FROM (SELECT id, created_at, loadstring, analysis, CASE WHEN json_valid(analysis) THEN analysis END AS valid FROM scripts)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('script_versions').ifExists().execute();
  for (const column of ['version', 'loader_changed_at', 'update_added_high']) await db.schema.alterTable('scripts').dropColumn(column).execute();
}
