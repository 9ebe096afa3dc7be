import { type Kysely, sql } from 'kysely';
import { isPostgres, primaryId, timestampType } from './dialect.ts';

/**
 * Games, the catalogue's filters (universal, key system, patched, verified), a public last-change
 * time (updated_at, already kept), views per day and a precomputed trending score, each sort served
 * by an index so no listing sorts the catalogue (docs/decisions/0011-trending.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('games')
    .addColumn('id', 'integer', primaryId(db))
    .addColumn('name', 'text', (c) => c.notNull())
    // The name folded (lower case, NFC): names are unique whatever their case.
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('place_id', 'text')
    .addColumn('icon_key', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  const flag = (name: string) => db.schema.alterTable('scripts').addColumn(name, 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('scripts').addColumn('game_id', 'integer', (c) => c.references('games.id').onDelete('set null')).execute();
  for (const name of ['universal', 'key_system', 'patched', 'verified']) await flag(name);
  await db.schema.alterTable('scripts').addColumn('key_link', 'text').execute();
  await db.schema.alterTable('scripts').addColumn('trending', 'double precision', (c) => c.notNull().defaultTo(0)).execute();

  // One index per sort, and per sort within a game: a page reads its rows in order and stops.
  const index = (name: string, columns: string[]) => db.schema.createIndex(name).on('scripts').columns(columns).execute();
  await index('scripts_views_idx', ['views desc', 'created_at desc', 'id desc']);
  await index('scripts_trending_idx', ['trending desc', 'created_at desc', 'id desc']);
  await index('scripts_updated_idx', ['updated_at desc', 'id desc']);
  await index('scripts_game_created_idx', ['game_id', 'created_at desc', 'id desc']);
  await index('scripts_game_views_idx', ['game_id', 'views desc', 'created_at desc', 'id desc']);
  await index('scripts_game_trending_idx', ['game_id', 'trending desc', 'created_at desc', 'id desc']);
  await index('scripts_game_updated_idx', ['game_id', 'updated_at desc', 'id desc']);
  // Whether any script still uses an image file is asked on every image removal: a seek, not a scan.
  await index('scripts_image_key_idx', ['image_key']);

  // Views counted per script and UTC day (days since 1970-01-01), written by the view flush; 90 days kept.
  await db.schema
    .createTable('script_daily_views')
    .addColumn('script_id', 'integer', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('script_daily_views_pk', ['script_id', 'day'])
    .execute();
  await db.schema.createIndex('script_daily_views_day_idx').on('script_daily_views').columns(['day', 'script_id']).execute();

  // Searches that found nothing, folded, counted per UTC day (no visitor data); 90 days kept.
  await db.schema
    .createTable('search_misses')
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_misses_pk', ['query', 'day'])
    .execute();
  await db.schema.createIndex('search_misses_day_idx').on('search_misses').column('day').execute();

  // The UTC day whose weights the stored trending scores use (catalogue_counts row 'trending_day').
  await sql`INSERT INTO catalogue_counts (name, value) VALUES ('trending_day', 0)`.execute(db);
  if (isPostgres(db)) await sql`ANALYZE scripts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM catalogue_counts WHERE name = 'trending_day'`.execute(db);
  await db.schema.dropTable('search_misses').ifExists().execute();
  await db.schema.dropTable('script_daily_views').ifExists().execute();
  for (const name of [
    'scripts_views_idx',
    'scripts_trending_idx',
    'scripts_updated_idx',
    'scripts_game_created_idx',
    'scripts_game_views_idx',
    'scripts_game_trending_idx',
    'scripts_game_updated_idx',
    'scripts_image_key_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const column of ['trending', 'key_link', 'verified', 'patched', 'key_system', 'universal', 'game_id']) {
    await db.schema.alterTable('scripts').dropColumn(column).execute();
  }
  await db.schema.dropTable('games').ifExists().execute();
}
