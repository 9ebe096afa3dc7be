import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Within } from '../db/within.ts';
import { afterKeyset, filterOnRow, type Keyset, type Listing, listingOf, narrows, visibleOnly } from '../db/listing.ts';
import { lockCounts } from '../db/locks.ts';
import { transact } from '../db/transact.ts';
import type { ChannelRow, Database, ScriptRow } from '../db/types.ts';
import { type CatalogueFilter, SEARCH_TOTAL_CAP } from '../../contract/index.ts';
import { inOrder, listed, type ListedScriptRow } from './listed-rows.ts';
import { createScript, updateScript } from './script-saves.ts';
import type { NewScript, ScriptPatch, StaffListOptions } from './script-writes.ts';
import { recentWorksSince } from '../votes/recent-works.ts';
import { SearchRepository } from './search-repository.ts';

export interface ListOptions extends CatalogueFilter {
  limit: number;
  offset: number;
  q?: string | undefined;
  /** A keyset page: the rows after this position in the sort's order (offset 0; the integrator API's cursor). */
  after?: Keyset | undefined;
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
  async listCards({ limit, offset, q, after, ...filter }: ListOptions): Promise<ListedScriptRow[]> {
    const listing: Listing = { ...listingOf(filter), after };
    if (q) {
      if (offset >= SEARCH_TOTAL_CAP) return [];
      return this.byIds(await this.search.pageIds({ q, scope: 'public', listing }, Math.min(limit, SEARCH_TOTAL_CAP - offset), offset));
    }
    if (!narrows(listing)) {
      const sorted = this.sorted(listing);
      return (after ? sorted.where(afterKeyset(listing.sort, after, 'scripts')) : sorted).limit(limit).offset(offset).execute();
    }
    const totals = await this.search.facetTotals(listing);
    // Past the last match there is nothing to read: deep pages of a rare filter cost nothing.
    if (offset >= totals.matching) return [];
    return this.byIds(await this.search.filteredPageIds(listing, totals, limit, offset));
  }

  /**
   * The visible scripts the filter keeps that changed after a position (updated_at, id), oldest
   * change first: a sync's pages (the integrator API's `updatedSince`), read through the
   * (updated_at, id) index from that position on.
   */
  async listChangedAfter(filter: CatalogueFilter, after: readonly [string, number], limit: number): Promise<ListedScriptRow[]> {
    const listing = listingOf(filter);
    return this.listedFrom(this.r)
      .where(filterOnRow(this.db.dialect, listing, 'scripts'))
      .where(sql<boolean>`(scripts.updated_at, scripts.id) > (${after[0]}, ${after[1]})`)
      .orderBy('scripts.updated_at', 'asc')
      .orderBy('scripts.id', 'asc')
      .limit(limit)
      .execute();
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
   * Applies the given fields (script-saves.ts `updateScript`); a patch that changes nothing writes
   * nothing. Answers the row and the image key this write replaced, which the caller may release.
   */
  async update(id: number, patch: ScriptPatch, within?: Within<ScriptRow>): Promise<{ row: ScriptRow; previousImageKey: string | null; gameCreated: boolean } | undefined> {
    return updateScript(this.db, this.clock, id, patch, within);
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

  /** Inserts a script with its channels, facts and tested executors (script-saves.ts `createScript`); `gameCreated` when the game it names was new. */
  async create(script: NewScript, within?: Within<ScriptRow>): Promise<{ row: ScriptRow; gameCreated: boolean }> {
    return createScript(this.db, script, within);
  }
}
