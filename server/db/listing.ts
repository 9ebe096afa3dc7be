import { type RawBuilder, sql } from 'kysely';
import { CATALOGUE_FLAGS, type CatalogueFlagName, DEFAULT_SORT, FLAG_NAMES } from '../../contract/catalogue-params.ts';
import type { CatalogueFilter, ScriptSort } from '../../contract/index.ts';
import { PLATFORM_SIDE_BITS, PLATFORMS, type PlatformSide } from '../../contract/platforms.ts';
import type { Dialect } from './database.ts';
import type { SearchFacets } from './search.ts';

/**
 * The catalogue's filters and orders as SQL (docs/decisions/0015-filters-and-sorts.md): which rows a
 * filter keeps, and the ORDER BY of each sort, each matching one index of the games-and-filters
 * migration so a page reads its rows in order and stops.
 */

/** A filter with its sort made explicit (newest when none was asked for). */
export type Listing = { game?: string | undefined; platform?: PlatformSide | undefined; executor?: string | undefined; sort: ScriptSort } & {
  [name in CatalogueFlagName]?: boolean | undefined;
};

export function listingOf(filter: CatalogueFilter): Listing {
  const flags = Object.fromEntries(FLAG_NAMES.map((name) => [name, filter[name]]));
  // Keys in the order of the filter's definition: a listing's JSON is a key of search plans.
  return { game: filter.game, ...flags, platform: filter.platform, executor: filter.executor, sort: filter.sort ?? DEFAULT_SORT };
}

/** The flags by name and stored column (contract/catalogue-params.ts), in the order of scripts_facets_idx and the script_facets key. */
const FLAGS = CATALOGUE_FLAGS.map(({ name, column }) => [name, column] as const);

/** Whether the filter keeps fewer rows than the whole catalogue (a game, any flag, a platform or an executor). */
export function narrows(listing: Listing): boolean {
  return listing.game !== undefined || listing.platform !== undefined || listing.executor !== undefined || FLAGS.some(([name]) => listing[name] !== undefined);
}

/** Whether the filter asks where a script works (platform or executor), which only the rows and executor_facets know. */
export function asksCompatibility(listing: Listing): boolean {
  return listing.platform !== undefined || listing.executor !== undefined;
}

/** The one key of a filter and sort in cache keys: every field, in a fixed order, defaults filled in. */
export function listingKey(listing: Listing, withSort = true): string {
  const flag = (value: boolean | undefined) => (value === undefined ? '' : value ? '1' : '0');
  const parts = [listing.game ?? '', ...FLAGS.map(([name]) => flag(listing[name])), listing.platform ?? '', listing.executor ?? ''];
  if (withSort) parts.push(listing.sort);
  return parts.join(',');
}

const ORDERS: Record<ScriptSort, string[]> = {
  newest: ['created_at', 'id'],
  views: ['views', 'created_at', 'id'],
  trending: ['trending', 'created_at', 'id'],
  // The index is (updated_at, id): a tie goes to the later-added script.
  updated: ['updated_at', 'id'],
  rating: ['rating', 'created_at', 'id'],
};

/** The columns a sort reads, to carry through a subquery. */
export function sortColumns(sort: ScriptSort, table = 's'): RawBuilder<unknown> {
  return sql.join(ORDERS[sort].map((column) => sql.ref(`${table}.${column}`)));
}

/** ORDER BY for a sort, every column descending (ties go to the newer script). */
export function orderBy(sort: ScriptSort, table = 's'): RawBuilder<unknown> {
  return sql`ORDER BY ${sql.join(ORDERS[sort].map((column) => sql`${sql.ref(`${table}.${column}`)} DESC`))}`;
}

const bit = (value: boolean) => (value ? 1 : 0);

/**
 * Public reads leave hidden scripts out (docs/decisions/0021-hidden-scripts-and-reports.md#hidden-scripts): the few hidden ids come
 * from the partial index `scripts_hidden_idx`, read once per statement, and each id is tested where
 * the sort's or the search's index already has it: no row read, no index rebuilt for a rare state.
 */
export function visibleOnly(column: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} NOT IN (SELECT h.id FROM scripts AS h WHERE h.hidden = 1)`;
}

/** The game's id by slug; NULL (so nothing matches) when no game has it. */
function gameId(slug: string): RawBuilder<number> {
  return sql<number>`(SELECT g.id FROM games AS g WHERE g.slug = ${slug})`;
}

/** The executor's id by slug; NULL (so nothing matches) when no executor has it. */
function executorId(slug: string): RawBuilder<number> {
  return sql<number>`(SELECT x.id FROM executors AS x WHERE x.slug = ${slug})`;
}

/** The stored platform bit sets a platform side keeps (for an IN list an index can seek). */
function platformValues(side: PlatformSide | undefined): number[] {
  const all = Array.from({ length: 2 ** PLATFORMS.length }, (_, bits) => bits);
  return side === undefined ? all : all.filter((bits) => (bits & PLATFORM_SIDE_BITS[side]) !== 0);
}

/** The platform and executor conditions on a script row (an executor's row probed by primary key). */
function compatibilityOnRow(listing: Listing, table: string): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (listing.platform !== undefined) conditions.push(sql`(${sql.ref(`${table}.platforms`)} & ${PLATFORM_SIDE_BITS[listing.platform]}) <> 0`);
  if (listing.executor !== undefined) {
    conditions.push(sql`EXISTS (SELECT 1 FROM script_executors AS se WHERE se.script_id = ${sql.ref(`${table}.id`)}
      AND se.executor_id = ${executorId(listing.executor)} AND se.works = 1)`);
  }
  return conditions;
}

/**
 * The filter as conditions tested on each row, for a read in sort order. On SQLite, which keeps no
 * statistics here, a unary `+` keeps the planner from trading the sort's index for the flags' one
 * (and then sorting every match); a game stays indexable, its per-game sort indexes serve it.
 */
export function filterOnRow(dialect: Dialect, listing: Listing, table = 's'): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [visibleOnly(`${table}.id`)];
  if (listing.game !== undefined) conditions.push(sql`${sql.ref(`${table}.game_id`)} = ${gameId(listing.game)}`);
  const plus = dialect === 'sqlite' ? sql.raw('+') : sql.raw('');
  for (const [name, column] of FLAGS) {
    const value = listing[name];
    if (value !== undefined) conditions.push(sql`${plus}${sql.ref(`${table}.${column}`)} = ${bit(value)}`);
  }
  conditions.push(...compatibilityOnRow(listing, table));
  return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
}

/**
 * PostgreSQL: the filter for a scan of the search text's GIN index (btree_gin, see the search-facets
 * migration): the game and the flags in `facts` are index conditions; every other flag of the filter
 * is written `(flag + 0) = …`, which the planner can only test on the row, so a side that keeps most
 * scripts never makes the index merge its long list (docs/decisions/0015-filters-and-sorts.md#filtered-search).
 */
export function filterForIndex(listing: Listing, facts: SearchFacets, table = 's'): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [visibleOnly(`${table}.id`)];
  if (facts.gameId !== undefined) conditions.push(sql`${sql.ref(`${table}.game_id`)} = ${facts.gameId}`);
  for (const [name, column] of FLAGS) {
    const value = listing[name];
    if (value === undefined) continue;
    const ref = sql.ref(`${table}.${column}`);
    conditions.push(facts[name] === value ? sql`${ref} = ${bit(value)}` : sql`(${ref} + 0) = ${bit(value)}`);
  }
  conditions.push(...compatibilityOnRow(listing, table));
  return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
}

/**
 * The filter as seeks in scripts_facets_idx: a flag left open is either value, so the index is
 * entered once per combination (at most 16) and yields exactly the matching rows.
 */
export function filterInIndex(listing: Listing, table = 'scripts'): RawBuilder<boolean> {
  const conditions = FLAGS.map(([name, column]) => {
    const value = listing[name];
    return value === undefined ? sql`${sql.ref(`${table}.${column}`)} IN (0, 1)` : sql`${sql.ref(`${table}.${column}`)} = ${bit(value)}`;
  });
  if (listing.game !== undefined) conditions.push(sql`${sql.ref(`${table}.game_id`)} = ${gameId(listing.game)}`);
  if (listing.platform !== undefined) conditions.push(sql`${sql.ref(`${table}.platforms`)} IN (${sql.join(platformValues(listing.platform))})`);
  conditions.push(visibleOnly(`${table}.id`));
  return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
}

/**
 * An executor's scripts of the filter as seeks in script_executors_gather_idx, which carries the
 * scripts' facets: each flag left open is entered both ways, as in scripts_facets_idx. The listing
 * must name an executor.
 */
export function executorRowsInIndex(listing: Listing): RawBuilder<unknown> {
  const conditions = [sql`se.executor_id = ${executorId(listing.executor ?? '')}`, sql`se.works = 1`];
  for (const [name, column] of FLAGS) {
    const value = listing[name];
    conditions.push(value === undefined ? sql`${sql.ref(`se.${column}`)} IN (0, 1)` : sql`${sql.ref(`se.${column}`)} = ${bit(value)}`);
  }
  if (listing.game !== undefined) conditions.push(sql`se.game_id = coalesce(${gameId(listing.game)}, -1)`);
  conditions.push(sql`se.platforms IN (${sql.join(platformValues(listing.platform))})`, sql`se.hidden = 0`);
  return sql`SELECT se.script_id AS id FROM script_executors AS se WHERE ${sql.join(conditions, sql` AND `)}`;
}

/**
 * How many scripts are in the filter's scope (its game, or the catalogue) and how many of those
 * match its flags, from the trigger-kept script_facets rows.
 */
export function facetTotals(listing: Listing): RawBuilder<{ scope: number | string | null; matching: number | string | null }> {
  const flags = FLAGS.flatMap(([name, column]) => {
    const value = listing[name];
    return value === undefined ? [] : [sql`f.${sql.raw(column)} = ${bit(value)}`];
  });
  if (listing.platform !== undefined) flags.push(sql`f.${sql.raw(listing.platform)} = 1`);
  const matching = flags.length === 0 ? sql`f.scripts` : sql`CASE WHEN ${sql.join(flags, sql` AND `)} THEN f.scripts ELSE 0 END`;
  const scope = listing.game === undefined ? sql`TRUE` : sql`f.game_id = coalesce(${gameId(listing.game)}, -1)`;
  const scopeTotal = sql`SELECT sum(f.scripts) FROM script_facets AS f WHERE ${scope}`;
  if (listing.executor === undefined) return sql`SELECT sum(f.scripts) AS scope, sum(${matching}) AS matching FROM script_facets AS f WHERE ${scope}`;
  // An executor's scripts are counted by executor_facets, the scope as before.
  return sql`SELECT (${scopeTotal}) AS scope, sum(${matching}) AS matching FROM executor_facets AS f
    WHERE f.executor_id = ${executorId(listing.executor)} AND ${scope}`;
}

/**
 * One read of what a filtered search needs to choose its index lookups: the game's id (null when no
 * game has the slug), the scripts in scope, and for each flag of the filter how many of those its
 * side keeps (0 for a flag left open), from the script_facets rows.
 */
export function factShares(listing: Listing): RawBuilder<Record<'game_id' | 'total' | CatalogueFlagName, number | string | null>> {
  const share = ([name, column]: (typeof FLAGS)[number]) => {
    const value = listing[name];
    const kept = value === undefined ? sql`0` : sql`CASE WHEN f.${sql.raw(column)} = ${bit(value)} THEN f.scripts ELSE 0 END`;
    return sql`sum(${kept}) AS ${sql.ref(name)}`;
  };
  const game = listing.game === undefined ? sql`NULL` : gameId(listing.game);
  const scope = listing.game === undefined ? sql`TRUE` : sql`f.game_id = coalesce(${gameId(listing.game)}, -1)`;
  return sql`SELECT ${game} AS game_id, sum(f.scripts) AS total, ${sql.join(FLAGS.map(share))} FROM script_facets AS f WHERE ${scope}`;
}

