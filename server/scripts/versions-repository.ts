import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, ScriptVersionRow } from '../db/types.ts';
import { versionChanges } from './version-changes.ts';

/** Who saved a version: a staff account, named as the moderation log names it. */
export interface SavedBy {
  role: 'admin' | 'moderator';
  id: number;
}

/** A loader as a save writes it: its text and stored analysis JSON. */
export interface SavedLoader {
  loadstring: string;
  analysis: string | null;
}

async function accountName(trx: Kysely<Database>, savedBy: SavedBy | null | undefined): Promise<string | null> {
  if (!savedBy) return null;
  const accounts = savedBy.role === 'admin' ? 'admins' : 'moderators';
  const account = await trx.selectFrom(accounts).select('username').where('id', '=', savedBy.id).executeTakeFirst();
  return account?.username ?? `#${savedBy.id}`;
}

/**
 * Writes the script's next loader version inside a save's transaction, which holds the script's row
 * (FOR UPDATE on PostgreSQL; SQLite's write transactions begin IMMEDIATE), so the highest number is read
 * by one save at a time: parallel edits never share a number nor lose a version. Answers the columns the
 * script's row takes.
 */
export async function writeVersion(
  trx: Kysely<Database>,
  scriptId: number,
  at: string,
  loader: SavedLoader,
  previous: SavedLoader | null,
  savedBy: SavedBy | null | undefined,
): Promise<{ version: number; loader_changed_at: string | null; update_added_high: number }> {
  const top = await trx.selectFrom('script_versions').select((eb) => eb.fn.max('version').as('top')).where('script_id', '=', scriptId).executeTakeFirst();
  const version = Number(top?.top ?? 0) + 1;
  // The first version has no version before it, whatever the caller knew of an older loader.
  const { changes, addedHigh } = versionChanges(loader, version === 1 ? null : previous);
  await trx
    .insertInto('script_versions')
    .values({ script_id: scriptId, version, created_at: at, saved_by: await accountName(trx, savedBy), loadstring: loader.loadstring, analysis: loader.analysis, changes })
    .execute();
  return { version, loader_changed_at: version === 1 ? null : at, update_added_high: addedHigh && version > 1 ? 1 : 0 };
}

/** The reads of a script's history. */
export class VersionRepository {
  constructor(private readonly db: Db) {}

  /** Newest first. */
  async page(scriptId: number, limit: number, offset: number): Promise<ScriptVersionRow[]> {
    return this.db.kysely.selectFrom('script_versions').selectAll().where('script_id', '=', scriptId).orderBy('version', 'desc').limit(limit).offset(offset).execute();
  }

  async find(scriptId: number, version: number): Promise<ScriptVersionRow | undefined> {
    return this.db.kysely.selectFrom('script_versions').selectAll().where('script_id', '=', scriptId).where('version', '=', version).executeTakeFirst();
  }
}
