import type { Kysely } from 'kysely';
import type { Database, ScriptRow } from '../db/types.ts';
import { recentWorks, type RecentWorksColumns } from '../votes/recent-works.ts';
import { typesColumn } from '../script-types/links-repository.ts';

// What the public answers and the staff tables read of a script (ScriptRepository's reads).

/** The game a script is for, read with it (left join): null when it has none. */
export interface GameColumns {
  game_name: string | null;
  game_slug: string | null;
}

/** What the public answers and the staff tables read of a script: everything but the search columns. */
export type ListedScriptRow = Omit<ScriptRow, 'search_text' | 'loadstring_search' | 'works_checked_at'> & GameColumns & RecentWorksColumns & { types: string | null };

const LISTED_COLUMNS = [
  'scripts.id',
  'scripts.playsname',
  'scripts.description',
  'scripts.loadstring',
  'scripts.image_key',
  'scripts.owner_moderator_id',
  'scripts.views',
  'scripts.created_at',
  'scripts.updated_at',
  'scripts.game_id',
  'scripts.universal',
  'scripts.key_system',
  'scripts.key_link',
  'scripts.patched',
  'scripts.verified',
  'scripts.trending',
  'scripts.analysis',
  'scripts.analysis_severity',
  'scripts.likes',
  'scripts.dislikes',
  'scripts.works_yes',
  'scripts.works_no',
  'scripts.rating',
  'scripts.hidden',
  'scripts.platforms',
  'scripts.version',
  'scripts.loader_changed_at',
  'scripts.update_added_high',
  'games.name as game_name',
  'games.slug as game_slug',
] as const;

/** Scripts with their game's name and slug, their types (slugs joined), and their works votes since `since` (docs/decisions/0020-votes.md#may-be-patched). */
export function listed(db: Kysely<Database>, since: number) {
  return db
    .selectFrom('scripts')
    .leftJoin('games', 'games.id', 'scripts.game_id')
    .select(LISTED_COLUMNS)
    .select((eb) => [recentWorks(eb, 0, since).as('recent_works_no'), recentWorks(eb, 1, since).as('recent_works_yes'), typesColumn(db, eb).as('types')]);
}

/** Rows fetched by id, put back in the order of `ids`. */
export function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
