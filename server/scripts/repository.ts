import { type Kysely, sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import { type Listing, listingOf, narrows, visibleOnly } from '../db/listing.ts';
import { foldSearchText, searchTextOf } from '../db/search.ts';
import type { ChannelRow, Database, ScriptRow } from '../db/types.ts';
import { type CatalogueFilter, SEARCH_TOTAL_CAP, TRENDING_DAYS } from '../../contract/index.ts';
import { unauthorized } from '../errors.ts';
import { lockGames, resolveGame } from '../games/repository.ts';
import { type AnalysisColumns, analysisColumns } from './analysis.ts';
import { type FactChanges, flag, type GameChoice, NO_FACTS, nextFacts, type NextFacts, storedFacts } from './facts.ts';
import { recentWorks, type RecentWorksColumns, recentWorksSince } from '../votes/recent-works.ts';
import { SearchRepository } from './search-repository.ts';
import { trendingWeight, utcDay } from './trending.ts';

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
export type ListedScriptRow = Omit<ScriptRow, 'search_text' | 'loadstring_search' | 'works_checked_at'> & GameColumns & RecentWorksColumns;

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
  'games.name as game_name',
  'games.slug as game_slug',
] as const;

/** Scripts with their game's name and slug, and their works votes since `since` (docs/decisions.md#may-be-patched). */
function listed(db: Kysely<Database>, since: number) {
  return db
    .selectFrom('scripts')
    .leftJoin('games', 'games.id', 'scripts.game_id')
    .select(LISTED_COLUMNS)
    .select((eb) => [recentWorks(eb, 0, since).as('recent_works_no'), recentWorks(eb, 1, since).as('recent_works_yes')]);
}

/** A new script; its facts left out are off (no game, no key system, …). */
export interface NewScript extends FactChanges {
  playsname: string;
  description: string;
  loadstring: string;
  imageKey: string | null;
  ownerModeratorId: number | null;
  channels: { name: string; url: string }[];
  createdAt?: Date;
  /** The loader's analysis, made by the caller off the event loop; analysed here, before the transaction, when left out (docs/decisions.md#a-linear-bounded-off-thread-loader-analysis). */
  analysis?: AnalysisColumns | undefined;
}

export interface StaffListOptions {
  ownerModeratorId?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  q?: string | undefined;
}

/** An edit: what is left out keeps its value; the facts follow nextFacts' rules (server/scripts/facts.ts). */
export interface ScriptPatch extends FactChanges {
  playsname?: string | undefined;
  description?: string | undefined;
  loadstring?: string | undefined;
  imageKey?: string | null | undefined;
  channels?: { name: string; url: string }[] | undefined;
  /** The new loader's analysis (as NewScript's); the stored one stays when the loader is left out. */
  analysis?: AnalysisColumns | undefined;
}

export interface ViewMark {
  visitorHash: string;
  scriptId: number;
  at: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Scripts recomputed per transaction when the trending day rolls; rows deleted per prune statement. */
const ROLL_SLICE = 500;
const ROLL_ATTEMPTS = 3;


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

/** The facts' columns for a write, the game resolved (created when new) inside `trx`, which holds lockGames. */
async function factColumns(trx: Kysely<Database>, changes: Db['changes'], facts: NextFacts, currentGameId: number | null) {
  let gameId = currentGameId;
  let gameCreated = false;
  if (facts.game === null) gameId = null;
  else if (facts.game !== 'keep') {
    if ('id' in facts.game) gameId = facts.game.id;
    else ({ id: gameId, created: gameCreated } = await resolveGame(trx, changes, facts.game.name));
  }
  const columns = {
    game_id: gameId,
    universal: flag(facts.universal),
    key_system: flag(facts.keySystem),
    key_link: facts.keyLink,
    patched: flag(facts.patched),
    verified: flag(facts.verified),
  };
  return { columns, gameCreated };
}

/** A write that names a game takes the games' lock first: the same order as a game's delete, so neither waits on the other in a cycle. */
function namesGame(game: GameChoice | null | undefined): game is GameChoice {
  return game !== undefined && game !== null;
}

/** Rows fetched by id, put back in the order of `ids`. */
function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
   * (docs/decisions.md#filters-and-sorts); a search's pages end at SEARCH_TOTAL_CAP, where its total stops.
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

  /** One script as the public answers and staff tables show it. */
  async findListed(id: number): Promise<ListedScriptRow | undefined> {
    return this.listedFrom(this.k).where('scripts.id', '=', id).executeTakeFirst();
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
  async update(id: number, patch: ScriptPatch): Promise<{ row: ScriptRow; previousImageKey: string | null; gameCreated: boolean } | undefined> {
    const analysis = patch.loadstring === undefined ? {} : (patch.analysis ?? analysisColumns(patch.loadstring));
    return this.k.transaction().execute(async (trx) => {
      if (namesGame(patch.game)) await lockGames(trx, this.db.dialect);
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
      // Marked patched or working again: "doesn't work" votes count only from now (docs/decisions.md#may-be-patched).
      const worksChecked = next.patched !== current.patched ? { works_checked_at: this.clock() } : {};
      const channelsChanged = patch.channels !== undefined && !sameChannels(await channelList(trx, id), patch.channels);
      if (!fieldsChanged && !channelsChanged) return { row: current, previousImageKey: current.image_key, gameCreated };
      const row = await trx
        .updateTable('scripts')
        .set({
          ...next,
          ...worksChecked,
          search_text: searchTextOf(next.playsname, next.description),
          loadstring_search: foldSearchText(next.loadstring),
          ...analysis,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (patch.channels && channelsChanged) await replaceChannels(trx, id, patch.channels);
      await this.db.changes.record(trx, { kind: 'script', id });
      return { row, previousImageKey: current.image_key, gameCreated };
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

  async insert(script: NewScript): Promise<ScriptRow> {
    return (await this.create(script)).row;
  }

  /** Inserts a script with its channels and facts; `gameCreated` when the game it names was new. */
  async create(script: NewScript): Promise<{ row: ScriptRow; gameCreated: boolean }> {
    const at = (script.createdAt ?? new Date()).toISOString();
    const facts = nextFacts(NO_FACTS, script);
    const analysis = script.analysis ?? analysisColumns(script.loadstring);
    return this.k.transaction().execute(async (trx) => {
      if (namesGame(script.game)) await lockGames(trx, this.db.dialect);
      if (script.ownerModeratorId !== null) await requireOwner(trx, this.db.dialect, script.ownerModeratorId);
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
      if (script.channels.length > 0) {
        await trx
          .insertInto('script_channels')
          .values(script.channels.map((channel, position) => ({ script_id: row.id, name: channel.name, url: channel.url, position })))
          .execute();
      }
      await this.db.changes.record(trx, { kind: 'script', id: row.id });
      return { row, gameCreated };
    });
  }

  /**
   * Applies buffered views in one transaction. A mark counts only when the visitor's previous
   * counted view of that script is at least 24 hours old; returns views added per script. In the
   * same transaction: the views per UTC day (script_daily_views) and each counted script's trending
   * score, weighted for the day the stored scores are for (docs/decisions.md#trending).
   */
  async applyViews(unordered: ViewMark[]): Promise<Map<number, number>> {
    const added = new Map<number, number>();
    /** Views counted per script, per UTC day of the view. */
    const marked = new Map<number, Map<number, number>>();
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
          .returning(['script_id', 'counted_at'])
          .execute();
        for (const { script_id, counted_at } of counted) {
          const days = marked.get(script_id) ?? new Map<number, number>();
          const day = utcDay(Number(counted_at));
          days.set(day, (days.get(day) ?? 0) + 1);
          marked.set(script_id, days);
        }
      }
      if (marked.size === 0) return;
      const scoredDay = await this.trendingDay(trx);
      const daily: { script_id: number; day: number; views: number }[] = [];
      for (const [scriptId, days] of [...marked].sort(([a], [b]) => a - b)) {
        let views = 0;
        let trending = 0;
        for (const [day, count] of days) {
          views += count;
          // A view of a day after the scores' day (its roll not yet run) counts as of that day.
          trending += count * trendingWeight(Math.max(0, scoredDay - day));
        }
        const result = await trx
          .updateTable('scripts')
          .set((eb) => ({ views: eb('views', '+', views), trending: eb('trending', '+', trending) }))
          .where('id', '=', scriptId)
          .executeTakeFirst();
        // A script deleted since the view was buffered gains nothing and is not reported.
        if (Number(result.numUpdatedRows) === 0) continue;
        added.set(scriptId, views);
        for (const [day, count] of [...days].sort(([a], [b]) => a - b)) daily.push({ script_id: scriptId, day, views: count });
      }
      if (daily.length > 0) {
        await trx
          .insertInto('script_daily_views')
          .values(daily)
          .onConflict((conflict) => conflict.columns(['script_id', 'day']).doUpdateSet({ views: (eb) => eb('script_daily_views.views', '+', eb.ref('excluded.views')) }))
          .execute();
      }
    });
    return added;
  }

  /** The UTC day the stored trending scores are weighted for (0 before the first roll). */
  async trendingDay(executor: Kysely<Database> = this.k): Promise<number> {
    const row = await executor.selectFrom('catalogue_counts').select('value').where('name', '=', 'trending_day').executeTakeFirst();
    return Number(row?.value ?? 0);
  }

  /**
   * Moves the trending scores to `today`'s weights when the stored ones are older
   * (docs/decisions.md#trending). The day is claimed first, in a transaction of its own, so of two
   * processes rolling at once one does it, and views flushed meanwhile are weighted for the new day.
   * Then every script with views in the window, or a score to clear, is recomputed from its views
   * per day, ROLL_SLICE scripts per transaction with `pause` between (SQLite writes on the main
   * thread). Recomputing is idempotent: a slice run twice, or beside a flush, ends the same.
   * Answers whether this call rolled.
   */
  async rollTrending(today: number, pause: () => Promise<void>): Promise<boolean> {
    const claimed = await this.k
      .updateTable('catalogue_counts')
      .set({ value: today })
      .where('name', '=', 'trending_day')
      .where('value', '<', today)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    const window = today - TRENDING_DAYS;
    const { rows } = await sql<{ id: number }>`SELECT script_id AS id FROM script_daily_views WHERE day > ${window} AND day <= ${today}
      UNION SELECT id FROM scripts WHERE trending > 0 ORDER BY id`.execute(this.r);
    const ids = rows.map((row) => Number(row.id));
    for (let start = 0; start < ids.length; start += ROLL_SLICE) {
      if (start > 0) await pause();
      const slice = ids.slice(start, start + ROLL_SLICE);
      const recompute = sql`UPDATE scripts SET trending = coalesce((
          SELECT sum(v.views * (${TRENDING_DAYS} - (${today} - v.day))) FROM script_daily_views AS v
          WHERE v.script_id = scripts.id AND v.day > ${window} AND v.day <= ${today}), 0)
        WHERE id IN (${sql.join(slice)})`;
      // The day is claimed: a slice that meets a lock time-out or a deadlock with a flush is tried
      // again rather than left at the old weights until tomorrow.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await recompute.execute(this.k);
          break;
        } catch (error) {
          if (attempt >= ROLL_ATTEMPTS) throw error;
          await pause();
        }
      }
    }
    return true;
  }

  /** Deletes views per day before `keptFromDay`, a slice at a time with `pause` between. */
  async pruneDailyViews(keptFromDay: number, pause: () => Promise<void>): Promise<void> {
    for (;;) {
      const old = this.k.selectFrom('script_daily_views').select(['script_id', 'day']).where('day', '<', keptFromDay).limit(ROLL_SLICE);
      const result = await this.k.deleteFrom('script_daily_views').where((eb) => eb(eb.refTuple('script_id', 'day'), 'in', old.$asTuple('script_id', 'day'))).executeTakeFirst();
      if (Number(result.numDeletedRows) < ROLL_SLICE) return;
      await pause();
    }
  }

  /** Forgets marks older than 24 hours; they can no longer block a view. */
  async pruneViewMarks(now: number): Promise<void> {
    await this.k.deleteFrom('script_view_marks').where('counted_at', '<', now - DAY_MS).execute();
  }
}
