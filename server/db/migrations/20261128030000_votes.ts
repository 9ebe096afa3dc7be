import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/** The rating sort's indexes, the catalogue's and a game's, with the flag columns at the end like every sort's. */
const RATING_INDEXES: [name: string, columns: string[]][] = [
  ['scripts_rating_idx', ['rating desc', 'created_at desc', 'id desc']],
  ['scripts_game_rating_idx', ['game_id', 'rating desc', 'created_at desc', 'id desc']],
];
const FLAG_COLUMNS = ['universal', 'key_system', 'patched', 'verified'];
const COUNTERS = ['likes', 'dislikes', 'works_yes', 'works_no'];

/**
 * Visitors' votes (docs/decisions/0020-votes.md):
 * - `script_votes`: one row per script and visitor hash, the like/dislike and works choices and when
 *   each was last set (epoch ms); the "doesn't work" votes of the last 7 days are read through
 *   `script_votes_works_idx` (docs/decisions/0020-votes.md#may-be-patched);
 * - `script_vote_changes`: one row per stored vote change, by visitor hash and time, the shared truth
 *   of the 30-per-hour limit across instances (read by a range of `script_vote_changes_idx`);
 * - on `scripts`: the four counters, the stored `rating` (the Wilson lower bound the rating sort
 *   reads through its own indexes) and `works_checked_at`, when staff last marked it working or
 *   patched. Every new column has a constant default: no row is rewritten on either database.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COUNTERS) await db.schema.alterTable('scripts').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('scripts').addColumn('rating', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('scripts').addColumn('works_checked_at', 'bigint').execute();
  for (const [name, columns] of RATING_INDEXES) await db.schema.createIndex(name).on('scripts').columns([...columns, ...FLAG_COLUMNS]).execute();

  await db.schema
    .createTable('script_votes')
    .addColumn('script_id', 'integer', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    // 1 like, -1 dislike, null none.
    .addColumn('vote', 'integer')
    // 1 works, 0 doesn't work, null none.
    .addColumn('works', 'integer')
    .addColumn('vote_at', 'bigint')
    .addColumn('works_at', 'bigint')
    .addPrimaryKeyConstraint('script_votes_pk', ['script_id', 'visitor_hash'])
    .execute();
  await db.schema.createIndex('script_votes_works_idx').on('script_votes').columns(['script_id', 'works_at', 'works']).execute();

  await db.schema
    .createTable('script_vote_changes')
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('script_vote_changes_idx').on('script_vote_changes').columns(['visitor_hash', 'changed_at']).execute();
  await db.schema.createIndex('script_vote_changes_at_idx').on('script_vote_changes').column('changed_at').execute();
  if (isPostgres(db)) await sql`ANALYZE scripts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('script_vote_changes').ifExists().execute();
  await db.schema.dropTable('script_votes').ifExists().execute();
  for (const [name] of RATING_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  for (const column of [...COUNTERS, 'rating', 'works_checked_at']) await db.schema.alterTable('scripts').dropColumn(column).execute();
}
