import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Within } from '../db/within.ts';
import { filterOnRow, type Listing, listingOf, narrows, visibleOnly } from '../db/listing.ts';
import { lockCounts } from '../db/locks.ts';
import { foldSearchText, searchTextOf } from '../db/search.ts';
import { transact } from '../db/transact.ts';
import type { ChannelRow, Database, ScriptRow } from '../db/types.ts';
import { type CatalogueFilter, SEARCH_TOTAL_CAP } from '../../contract/index.ts';
import { lockGames } from '../games/repository.ts';
import { type AnalysisColumns, analysisColumns } from './analysis.ts';
import { NO_FACTS, nextFacts, storedFacts } from './facts.ts';
import { inOrder, listed, type ListedScriptRow } from './listed-rows.ts';
import {
  channelList,
  factColumns,
  namesGame,
  type NewScript,
  replaceChannels,
  requireOwner,
  sameChannels,
  sameTested,
  type ScriptPatch,
  type StaffListOptions,
  testedExecutorIds,
  writeTested,
} from './script-writes.ts';
import { recentWorksSince } from '../votes/recent-works.ts';
import { SearchRepository } from './search-repository.ts';
import { writeVersion } from './versions-repository.ts';

export interface ListOptions extends CatalogueFilter {
  limit: number;
  offset: number;
  q?: string | undefined;
}

/** All SQL about scripts and their channels. */
export class ScriptRepository {
  private readonly search: SearchRepository;

  constructor(
    private readonly db: Db,
    /** Epoch milliseconds: the window of works votes, when staff checked a script (tests move it). */
    private readonly clock: () => number = Date.now,
  ) {
    this.search = new SearchRepository(db);
  }

  /** Scripts as listed, with the works votes of the window ending now. */
  private listedFrom(db: Kysely<Database>) {
    return listed(db, recentWorksSince(this.clock()));
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

  /**
   * A catalogue page in the listing's order (newest first by default), filtered by game and flags
   * (docs/decisions/0015-filters-and-sorts.md); a search's pages end at SEARCH_TOTAL_CAP, where its total stops.
   */
  async listCards({ limit, offset, q, ...filter }: ListOptions): Promise<ListedScriptRow[]> {
    const listing = listingOf(filter);
    if (q) {
      if (offset >= SEARCH_TOTAL_CAP) return [];
      return this.byIds(await this.search.pageIds({ q, scope: 'public', listing }, Math.min(limit, SEARCH_TOTAL_CAP - offset), offset));
    }
    if (!narrows(listing)) return this.sorted(listing).limit(limit).offset(offset).execute();
    const totals = await this.search.facetTotals(listing);
    // Past the last match there is nothing to read: deep pages of a rare filter cost nothing.
    if (offset >= totals.matching) return [];
    return this.byIds(await this.search.filteredPageIds(listing, totals, limit, offset));
  }

  /** The whole visible catalogue in a listing's order, read through that sort's index. */
  private sorted({ sort }: Listing) {
    const query = this.listedFrom(this.r).where(visibleOnly('scripts.id'));
    if (sort === 'views') return query.orderBy('scripts.views', 'desc').orderBy('scripts.created_at', 'desc').orderBy('scripts.id', 'desc');
    if (sort === 'trending') return query.orderBy('scripts.trending', 'desc').orderBy('scripts.created_at', 'desc').orderBy('scripts.id', 'desc');
    if (sort === 'updated') return query.orderBy('scripts.updated_at', 'desc').orderBy('scripts.id', 'desc');
    if (sort === 'rating') return query.orderBy('scripts.rating', 'desc').orderBy('scripts.created_at', 'desc').orderBy('scripts.id', 'desc');
    return query.orderBy('scripts.created_at', 'desc').orderBy('scripts.id', 'desc');
  }

  /** Listed rows by id, in the order of `ids`. */
  async byIds(ids: number[]): Promise<ListedScriptRow[]> {
    if (ids.length === 0) return [];
    return inOrder(ids, await this.listedFrom(this.k).where('scripts.id', 'in', ids).execute());
  }

  /**
   * The visible scripts among `ids` that the filter keeps, in the order of `ids` (a favourites list):
   * each read by primary key, the filter tested on those rows only.
   */
  async listedAmong(ids: number[], filter: CatalogueFilter): Promise<ListedScriptRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.listedFrom(this.k).where('scripts.id', 'in', ids).where(filterOnRow(this.db.dialect, listingOf(filter), 'scripts')).execute();
    return inOrder(ids, rows);
  }

  /** One script as the public answers and staff tables show it (`k`: inside a write's transaction). */
  async findListed(id: number, k: Kysely<Database> = this.k): Promise<ListedScriptRow | undefined> {
    return this.listedFrom(k).where('scripts.id', '=', id).executeTakeFirst();
  }

  /**
   * Every script, or those a filter keeps (both kept by triggers, not counted); a search's matches
   * up to SEARCH_TOTAL_CAP.
   */
  async count(q?: string, filter: CatalogueFilter = {}): Promise<number> {
    const listing = listingOf(filter);
    if (q) return Math.min(await this.search.count({ q, scope: 'public', listing }, SEARCH_TOTAL_CAP + 1), SEARCH_TOTAL_CAP);
    if (narrows(listing)) return (await this.search.facetTotals(listing)).matching;
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

  /** Visible scripts' ids, names (their URLs' slugs) and last changes, ordered by id, `limit` from `offset` (one sitemap file). */
  async listForSitemap(offset: number, limit: number): Promise<Pick<ScriptRow, 'id' | 'playsname' | 'updated_at'>[]> {
    return this.r.selectFrom('scripts').select(['id', 'playsname', 'updated_at']).where('hidden', '=', 0).orderBy('id').limit(limit).offset(offset).execute();
  }

  /** Staff lists: every script, or one moderator's; paged when a limit is given. */
  async listStaff({ ownerModeratorId, limit, offset, q }: StaffListOptions): Promise<ListedScriptRow[]> {
    if (q) return this.byIds(await this.search.pageIds({ q, scope: 'staff', ownerModeratorId }, limit ?? 1_000_000_000, offset ?? 0));
    let query = this.listedFrom(this.r).orderBy('scripts.created_at', 'desc').orderBy('scripts.id', 'desc');
    if (ownerModeratorId !== undefined) query = query.where('scripts.owner_moderator_id', '=', ownerModeratorId);
    if (limit !== undefined) query = query.limit(limit).offset(offset ?? 0);
    return query.execute();
  }

  /** Staff tables page by number, so their totals are exact. */
  async countStaff({ ownerModeratorId, q }: StaffListOptions): Promise<number> {
    if (q) return this.search.count({ q, scope: 'staff', ownerModeratorId });
    // The kept count is of visible scripts; the admin's list shows the hidden ones too.
    if (ownerModeratorId === undefined) return (await this.count()) + (await this.countHidden());
    const row = await this.r
      .selectFrom('scripts')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('owner_moderator_id', '=', ownerModeratorId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Hidden scripts, counted in their partial index (a handful). */
  async countHidden(): Promise<number> {
    const row = await this.k.selectFrom('scripts').select((eb) => eb.fn.countAll<number>().as('n')).where('hidden', '=', 1).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Channels of many scripts in one query, grouped by script id. */
  async channelsFor(scriptIds: number[], k: Kysely<Database> = this.k): Promise<Map<number, ChannelRow[]>> {
    const grouped = new Map<number, ChannelRow[]>();
    for (let start = 0; start < scriptIds.length; start += 500) {
      const rows = await k
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

  /** The slugs of the executors each script is marked tested with, in one query per 500 scripts, by executor name. */
  async testedFor(scriptIds: number[], k: Kysely<Database> = this.k): Promise<Map<number, string[]>> {
    const grouped = new Map<number, string[]>();
    for (let start = 0; start < scriptIds.length; start += 500) {
      const rows = await k
        .selectFrom('script_executors as se')
        .innerJoin('executors as e', 'e.id', 'se.executor_id')
        .select(['se.script_id', 'e.slug'])
        .where('se.script_id', 'in', scriptIds.slice(start, start + 500))
        .where('se.tested', '=', 1)
        .orderBy('se.script_id')
        .orderBy('e.name')
        .orderBy('e.slug')
        .execute();
      for (const row of rows) grouped.set(Number(row.script_id), [...(grouped.get(Number(row.script_id)) ?? []), row.slug]);
    }
    return grouped;
  }

  /**
   * Applies the given fields; channels, when given, replace the current ones, and executors the tested
   * marks. A patch that changes nothing (no field, or every field as it is) writes nothing, so
   * `updated_at` keeps its value.
   * Answers the row and the image key it had before, read under the row's lock: the key this write
   * replaced, which the caller may release (another edit's key is never mistaken for it).
   * `within` runs in the transaction once the script is written (an edit that changed nothing too).
   */
  async update(id: number, patch: ScriptPatch, within?: Within<ScriptRow>): Promise<{ row: ScriptRow; previousImageKey: string | null; gameCreated: boolean } | undefined> {
    const analysis: Partial<AnalysisColumns> = patch.loadstring === undefined ? {} : (patch.analysis ?? analysisColumns(patch.loadstring));
    return transact(this.db, async (trx) => {
      // The shared counts' lock first, then the games' (the order a game's delete takes them in).
      await lockCounts(trx, this.db.dialect);
      if (namesGame(patch.game)) await lockGames(trx, this.db.dialect);
      // Executors before the script's row: the order an executor's delete takes them in, so neither waits on the other in a cycle.
      const tested = patch.executors === undefined ? undefined : await testedExecutorIds(trx, this.db.dialect, patch.executors);
      let select = trx.selectFrom('scripts').selectAll().where('id', '=', id);
      if (this.db.dialect === 'postgres') select = select.forUpdate();
      const current = await select.executeTakeFirst();
      if (!current) return undefined;
      // The facts' rules are checked against the stored values, under the row's lock.
      const facts = nextFacts(storedFacts(current), patch);
      const { columns, gameCreated } = await factColumns(trx, this.db.changes, facts, current.game_id);
      const next = {
        playsname: patch.playsname ?? current.playsname,
        description: patch.description ?? current.description,
        loadstring: patch.loadstring ?? current.loadstring,
        image_key: patch.imageKey === undefined ? current.image_key : patch.imageKey,
        ...columns,
      };
      const fieldsChanged = (Object.keys(next) as (keyof typeof next)[]).some((field) => next[field] !== current[field]);
      // Marked patched or working again: "doesn't work" votes count only from now (docs/decisions/0020-votes.md#may-be-patched).
      const worksChecked = next.patched !== current.patched ? { works_checked_at: this.clock() } : {};
      const channelsChanged = patch.channels !== undefined && !sameChannels(await channelList(trx, id), patch.channels);
      const testedChanged = tested !== undefined && !(await sameTested(trx, id, tested));
      if (!fieldsChanged && !channelsChanged && !testedChanged) {
        await within?.(trx, current);
        return { row: current, previousImageKey: current.image_key, gameCreated };
      }
      const at = new Date().toISOString();
      // Only a save that changed the loader's text makes a version (docs/decisions/0044-loader-versions.md).
      const version = next.loadstring === current.loadstring ? {} : await writeVersion(trx, id, at, { loadstring: next.loadstring, analysis: analysis.analysis ?? null }, current, patch.savedBy);
      const row = await trx
        .updateTable('scripts')
        .set({
          ...next,
          ...worksChecked,
          search_text: searchTextOf(next.playsname, next.description),
          loadstring_search: foldSearchText(next.loadstring),
          ...analysis,
          ...version,
          updated_at: at,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (patch.channels && channelsChanged) await replaceChannels(trx, id, patch.channels);
      if (tested && testedChanged) await writeTested(trx, id, tested);
      await this.db.changes.record(trx, { kind: 'script', id });
      await within?.(trx, row);
      return { row, previousImageKey: current.image_key, gameCreated };
    });
  }

  /** Deletes the script; answers the deleted row (its image key is the caller's to release), if there was one. */
  async delete(id: number, within?: Within<ScriptRow>): Promise<ScriptRow | undefined> {
    return transact(this.db, async (trx) => {
      await lockCounts(trx, this.db.dialect);
      const row = await trx.deleteFrom('scripts').where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) return undefined;
      await this.db.changes.record(trx, { kind: 'script', id });
      await within?.(trx, row);
      return row;
    });
  }

  async insert(script: NewScript): Promise<ScriptRow> {
    return (await this.create(script)).row;
  }

  /**
   * Inserts a script with its channels, facts and tested executors; `gameCreated` when the game it
   * names was new. `within` runs in the transaction once everything is written.
   */
  async create(script: NewScript, within?: Within<ScriptRow>): Promise<{ row: ScriptRow; gameCreated: boolean }> {
    const at = (script.createdAt ?? new Date()).toISOString();
    const facts = nextFacts(NO_FACTS, script);
    const analysis = script.analysis ?? analysisColumns(script.loadstring);
    return transact(this.db, async (trx) => {
      await lockCounts(trx, this.db.dialect);
      if (namesGame(script.game)) await lockGames(trx, this.db.dialect);
      if (script.ownerModeratorId !== null) await requireOwner(trx, this.db.dialect, script.ownerModeratorId);
      const tested = await testedExecutorIds(trx, this.db.dialect, script.executors ?? []);
      const { columns, gameCreated } = await factColumns(trx, this.db.changes, facts, null);
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
          ...analysis,
          created_at: at,
          updated_at: at,
          ...columns,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeVersion(trx, row.id, at, { loadstring: script.loadstring, analysis: analysis.analysis }, null, script.savedBy);
      if (script.channels.length > 0) {
        await trx
          .insertInto('script_channels')
          .values(script.channels.map((channel, position) => ({ script_id: row.id, name: channel.name, url: channel.url, position })))
          .execute();
      }
      if (tested.length > 0) await writeTested(trx, row.id, tested);
      await this.db.changes.record(trx, { kind: 'script', id: row.id });
      await within?.(trx, row);
      return { row, gameCreated };
    });
  }
}
