import { type Kysely, sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import { lockKeys } from '../db/locks.ts';
import { foldSearchText, searchTextOf } from '../db/search.ts';
import type { ChannelRow, Database, ScriptRow } from '../db/types.ts';
import { type CatalogueFilter, SEARCH_TOTAL_CAP } from '../../contract/index.ts';
import { unauthorized } from '../errors.ts';
import { SearchRepository } from './search-repository.ts';

export interface ListOptions extends CatalogueFilter {
  limit: number;
  offset: number;
  q?: string | undefined;
}

/** The game a script is for, read with it (left join): null when it has none. */
export interface GameColumns {
  game_name: string | null;
  game_slug: string | null;
}

/** What the public answers and the staff tables read of a script: everything but the search columns. */
export type ListedScriptRow = Omit<ScriptRow, 'search_text' | 'loadstring_search'> & GameColumns;

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
  'games.name as game_name',
  'games.slug as game_slug',
] as const;

/** Scripts with their game's name and slug. */
function listed(db: Kysely<Database>) {
  return db.selectFrom('scripts').leftJoin('games', 'games.id', 'scripts.game_id').select(LISTED_COLUMNS);
}

export interface NewScript {
  playsname: string;
  description: string;
  loadstring: string;
  imageKey: string | null;
  ownerModeratorId: number | null;
  channels: { name: string; url: string }[];
  createdAt?: Date;
}

export interface StaffListOptions {
  ownerModeratorId?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  q?: string | undefined;
}

export interface ScriptPatch {
  playsname?: string | undefined;
  description?: string | undefined;
  loadstring?: string | undefined;
  imageKey?: string | null | undefined;
  channels?: { name: string; url: string }[] | undefined;
}

export interface ViewMark {
  visitorHash: string;
  scriptId: number;
  at: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Replaces a script's channels, keeping the rows (and ids) of channels that stay: visitors' gate
 * flags are stored per channel id, so an unchanged channel must not ask them to subscribe again.
 */
async function replaceChannels(trx: Kysely<Database>, scriptId: number, channels: { name: string; url: string }[]) {
  const existing = await trx.selectFrom('script_channels').select(['id', 'name', 'url']).where('script_id', '=', scriptId).orderBy('position').execute();
  const unclaimed = [...existing];
  const kept: { id: number; position: number }[] = [];
  const added: { script_id: number; name: string; url: string; position: number }[] = [];
  channels.forEach((channel, position) => {
    const index = unclaimed.findIndex((row) => row.name === channel.name && row.url === channel.url);
    if (index === -1) added.push({ script_id: scriptId, name: channel.name, url: channel.url, position });
    else kept.push({ id: Number(unclaimed.splice(index, 1)[0]?.id), position });
  });
  if (unclaimed.length > 0) await trx.deleteFrom('script_channels').where('id', 'in', unclaimed.map((row) => row.id)).execute();
  for (const { id, position } of kept) await trx.updateTable('script_channels').set({ position }).where('id', '=', id).execute();
  if (added.length > 0) await trx.insertInto('script_channels').values(added).execute();
}

function channelList(trx: Kysely<Database>, scriptId: number) {
  return trx.selectFrom('script_channels').select(['name', 'url']).where('script_id', '=', scriptId).orderBy('position').orderBy('id').execute();
}

function sameChannels(a: { name: string; url: string }[], b: { name: string; url: string }[]): boolean {
  return a.length === b.length && a.every((channel, index) => channel.name === b[index]?.name && channel.url === b[index]?.url);
}

/**
 * The owner may be deleted while its upload is processed: checked inside the insert's transaction,
 * where on PostgreSQL its row is held (FOR KEY SHARE) so a concurrent delete waits for the commit and
 * then passes the script to the admin; SQLite's write transactions begin IMMEDIATE, so no delete can
 * run between this check and the insert.
 */
async function requireOwner(trx: Kysely<Database>, dialect: Dialect, moderatorId: number) {
  let owner = trx.selectFrom('moderators').select('id').where('id', '=', moderatorId);
  if (dialect === 'postgres') owner = owner.forKeyShare();
  if (!(await owner.executeTakeFirst())) throw unauthorized('Your account no longer exists; the script was not saved');
}

/** Rows fetched by id, put back in the order of `ids`. */
function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** All SQL about scripts and their channels. */
export class ScriptRepository {
  private readonly search: SearchRepository;

  constructor(private readonly db: Db) {
    this.search = new SearchRepository(db);
  }

  /** Writes, and reads inside a write's transaction. */
  private get k() {
    return this.db.kysely;
  }

  /**
   * Reads whose cost grows with the catalogue (pages, counts, searches, the sitemap): on SQLite they
   * run off the event loop (database.ts). Lookups by key stay on `k`: microseconds, no round trip.
   */
  private get r() {
    return this.db.reader;
  }

  /** A catalogue page, newest first; a search's pages end at SEARCH_TOTAL_CAP, where its total stops. */
  async listCards({ limit, offset, q }: ListOptions): Promise<ListedScriptRow[]> {
    if (!q) return listed(this.r).orderBy('scripts.created_at', 'desc').orderBy('scripts.id', 'desc').limit(limit).offset(offset).execute();
    if (offset >= SEARCH_TOTAL_CAP) return [];
    const ids = await this.search.pageIds({ q, scope: 'public' }, Math.min(limit, SEARCH_TOTAL_CAP - offset), offset);
    return this.byIds(ids);
  }

  /** Listed rows by id, in the order of `ids`. */
  async byIds(ids: number[]): Promise<ListedScriptRow[]> {
    if (ids.length === 0) return [];
    return inOrder(ids, await listed(this.k).where('scripts.id', 'in', ids).execute());
  }

  /** One script as the public answers and staff tables show it. */
  async findListed(id: number): Promise<ListedScriptRow | undefined> {
    return listed(this.k).where('scripts.id', '=', id).executeTakeFirst();
  }

  /** Every script (kept by triggers, not counted), or a search's matches up to SEARCH_TOTAL_CAP. */
  async count(q?: string): Promise<number> {
    if (q) return Math.min(await this.search.count({ q, scope: 'public' }, SEARCH_TOTAL_CAP + 1), SEARCH_TOTAL_CAP);
    const row = await this.k.selectFrom('catalogue_counts').select('value').where('name', '=', 'scripts').executeTakeFirst();
    return Number(row?.value ?? 0);
  }

  async findById(id: number): Promise<ScriptRow | undefined> {
    return this.k.selectFrom('scripts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async channelsOf(scriptId: number): Promise<ChannelRow[]> {
    return this.k
      .selectFrom('script_channels')
      .selectAll()
      .where('script_id', '=', scriptId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Scripts' ids, names (their URLs' slugs) and last changes, ordered by id, `limit` from `offset` (one sitemap file). */
  async listForSitemap(offset: number, limit: number): Promise<Pick<ScriptRow, 'id' | 'playsname' | 'updated_at'>[]> {
    return this.r.selectFrom('scripts').select(['id', 'playsname', 'updated_at']).orderBy('id').limit(limit).offset(offset).execute();
  }

  /** Staff lists: every script, or one moderator's; paged when a limit is given. */
  async listStaff({ ownerModeratorId, limit, offset, q }: StaffListOptions): Promise<ListedScriptRow[]> {
    if (q) return this.byIds(await this.search.pageIds({ q, scope: 'staff', ownerModeratorId }, limit ?? 1_000_000_000, offset ?? 0));
    let query = listed(this.r).orderBy('scripts.created_at', 'desc').orderBy('scripts.id', 'desc');
    if (ownerModeratorId !== undefined) query = query.where('scripts.owner_moderator_id', '=', ownerModeratorId);
    if (limit !== undefined) query = query.limit(limit).offset(offset ?? 0);
    return query.execute();
  }

  /** Staff tables page by number, so their totals are exact. */
  async countStaff({ ownerModeratorId, q }: StaffListOptions): Promise<number> {
    if (q) return this.search.count({ q, scope: 'staff', ownerModeratorId });
    if (ownerModeratorId === undefined) return this.count();
    const row = await this.r
      .selectFrom('scripts')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('owner_moderator_id', '=', ownerModeratorId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Channels of many scripts in one query, grouped by script id. */
  async channelsFor(scriptIds: number[]): Promise<Map<number, ChannelRow[]>> {
    const grouped = new Map<number, ChannelRow[]>();
    for (let start = 0; start < scriptIds.length; start += 500) {
      const rows = await this.k
        .selectFrom('script_channels')
        .selectAll()
        .where('script_id', 'in', scriptIds.slice(start, start + 500))
        .orderBy('script_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
      for (const row of rows) grouped.set(row.script_id, [...(grouped.get(row.script_id) ?? []), row]);
    }
    return grouped;
  }

  /**
   * Applies the given fields; channels, when given, replace the current ones. A patch that changes
   * nothing (no field, or every field as it is) writes nothing, so `updated_at` keeps its value.
   * Answers the row and the image key it had before, read under the row's lock: the key this write
   * replaced, which the caller may release (another edit's key is never mistaken for it).
   */
  async update(id: number, patch: ScriptPatch): Promise<{ row: ScriptRow; previousImageKey: string | null } | undefined> {
    return this.k.transaction().execute(async (trx) => {
      let select = trx.selectFrom('scripts').selectAll().where('id', '=', id);
      if (this.db.dialect === 'postgres') select = select.forUpdate();
      const current = await select.executeTakeFirst();
      if (!current) return undefined;
      const next = {
        playsname: patch.playsname ?? current.playsname,
        description: patch.description ?? current.description,
        loadstring: patch.loadstring ?? current.loadstring,
        image_key: patch.imageKey === undefined ? current.image_key : patch.imageKey,
      };
      const fieldsChanged = (Object.keys(next) as (keyof typeof next)[]).some((field) => next[field] !== current[field]);
      const channelsChanged = patch.channels !== undefined && !sameChannels(await channelList(trx, id), patch.channels);
      if (!fieldsChanged && !channelsChanged) return { row: current, previousImageKey: current.image_key };
      const row = await trx
        .updateTable('scripts')
        .set({
          ...next,
          search_text: searchTextOf(next.playsname, next.description),
          loadstring_search: foldSearchText(next.loadstring),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (patch.channels && channelsChanged) await replaceChannels(trx, id, patch.channels);
      await this.db.changes.record(trx, { kind: 'script', id });
      return { row, previousImageKey: current.image_key };
    });
  }

  /** Deletes the script; answers the deleted row (its image key is the caller's to release), if there was one. */
  async delete(id: number): Promise<ScriptRow | undefined> {
    return this.k.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('scripts').where('id', '=', id).returningAll().executeTakeFirst();
      if (row) await this.db.changes.record(trx, { kind: 'script', id });
      return row;
    });
  }

  /** Images are named by content, so two scripts may share one; files go only when none uses them. */
  async isImageKeyUsed(key: string, executor: Kysely<Database> = this.k): Promise<boolean> {
    const row = await executor.selectFrom('scripts').select('id').where('image_key', '=', key).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Runs `work` in a write transaction holding the image key's lock for every process sharing this
   * database (an advisory lock on PostgreSQL; SQLite's write lock), told whether a row uses the key.
   * Removing files and checking them after a commit both run under it, so they never interleave.
   */
  async underImageKeyLock<T>(key: string, work: (referenced: boolean, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.k.transaction().execute(async (trx) => {
      await lockKeys(trx, this.db.dialect, [`image:${key}`]);
      return work(await this.isImageKeyUsed(key, trx), trx);
    });
  }

  async insert(script: NewScript): Promise<ScriptRow> {
    const at = (script.createdAt ?? new Date()).toISOString();
    return this.k.transaction().execute(async (trx) => {
      if (script.ownerModeratorId !== null) await requireOwner(trx, this.db.dialect, script.ownerModeratorId);
      const row = await trx
        .insertInto('scripts')
        .values({
          playsname: script.playsname,
          description: script.description,
          loadstring: script.loadstring,
          image_key: script.imageKey,
          owner_moderator_id: script.ownerModeratorId,
          search_text: searchTextOf(script.playsname, script.description),
          loadstring_search: foldSearchText(script.loadstring),
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (script.channels.length > 0) {
        await trx
          .insertInto('script_channels')
          .values(script.channels.map((channel, position) => ({ script_id: row.id, name: channel.name, url: channel.url, position })))
          .execute();
      }
      await this.db.changes.record(trx, { kind: 'script', id: row.id });
      return row;
    });
  }

  /**
   * Applies buffered views in one transaction. A mark counts only when the visitor's previous
   * counted view of that script is at least 24 hours old; returns views added per script.
   */
  async applyViews(unordered: ViewMark[]): Promise<Map<number, number>> {
    const added = new Map<number, number>();
    const marked = new Map<number, number>();
    if (unordered.length === 0) return added;
    // Rows are locked in one order by every process (script, then visitor): two workers flushing
    // views of the same scripts at once then wait for each other instead of deadlocking.
    const marks = [...unordered].sort((a, b) => a.scriptId - b.scriptId || (a.visitorHash < b.visitorHash ? -1 : a.visitorHash > b.visitorHash ? 1 : 0));
    await this.k.transaction().execute(async (trx) => {
      for (let start = 0; start < marks.length; start += 300) {
        const chunk = marks.slice(start, start + 300);
        const counted = await trx
          .insertInto('script_view_marks')
          .values(chunk.map((mark) => ({ visitor_hash: mark.visitorHash, script_id: mark.scriptId, counted_at: mark.at })))
          .onConflict((conflict) =>
            conflict
              .columns(['visitor_hash', 'script_id'])
              .doUpdateSet({ counted_at: (eb) => eb.ref('excluded.counted_at') })
              .where('script_view_marks.counted_at', '<=', sql<number>`excluded.counted_at - ${DAY_MS}`),
          )
          .returning('script_id')
          .execute();
        for (const { script_id } of counted) marked.set(script_id, (marked.get(script_id) ?? 0) + 1);
      }
      for (const [scriptId, views] of [...marked].sort(([a], [b]) => a - b)) {
        const result = await trx
          .updateTable('scripts')
          .set((eb) => ({ views: eb('views', '+', views) }))
          .where('id', '=', scriptId)
          .executeTakeFirst();
        // A script deleted since the view was buffered gains nothing and is not reported.
        if (Number(result.numUpdatedRows) > 0) added.set(scriptId, views);
      }
    });
    return added;
  }

  /** Forgets marks older than 24 hours; they can no longer block a view. */
  async pruneViewMarks(now: number): Promise<void> {
    await this.k.deleteFrom('script_view_marks').where('counted_at', '<', now - DAY_MS).execute();
  }
}
