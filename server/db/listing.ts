import { type RawBuilder, sql } from 'kysely';
import { DEFAULT_SORT } from '../../contract/catalogue-params.ts';
import { CATALOGUE_FILTER_NAMES, type FilterName, type FilterValues } from '../../contract/catalogue-filters.ts';
import type { CatalogueFilter, ScriptSort } from '../../contract/index.ts';
import { FILTER_SQL, type FilterSql, type SearchFact } from './catalogue-filters.ts';
import type { Dialect } from './database.ts';
import type { SearchFacets } from './search.ts';

/**
 * The catalogue's filters and orders as SQL (docs/decisions/0015-filters-and-sorts.md): which rows a
 * filter keeps, and the ORDER BY of each sort, each matching one index of the games-and-filters
 * migration so a page reads its rows in order and stops. Each filter's own SQL is its entry in
 * catalogue-filters.ts; these functions combine them, naming none (docs/decisions/0057-filters-one-definition.md).
 */

/**
 * A filter with its sort made explicit (newest when none was asked for), and optionally the position
 * a keyset page starts after (`after`: the sort's columns of the last row given, docs/decisions/0062-integrator-api.md).
 */
export type Listing = FilterValues & { sort: ScriptSort; after?: Keyset | undefined };

/** A row's place in a sort's order: the values of the sort's columns (SORT_COLUMNS), the id last. */
export type Keyset = readonly (string | number)[];

export function listingOf(filter: CatalogueFilter): Listing {
  // Keys in the order of the filters' definition: a listing's JSON is a key of search plans.
  const values = Object.fromEntries(CATALOGUE_FILTER_NAMES.map((name) => [name, filter[name]])) as FilterValues;
  return { ...values, sort: filter.sort ?? DEFAULT_SORT };
}

/** Each filter with its SQL, in the definition's order. */
const FILTERS = CATALOGUE_FILTER_NAMES.map((name) => ({ name, entry: FILTER_SQL[name] as FilterSql<unknown> }));

/** A filter the listing gives a value. */
export interface GivenFilter {
  name: FilterName;
  entry: FilterSql<unknown>;
  value: unknown;
}

/** The filters the listing gives a value, in the definition's order. */
export function givenFilters(listing: Listing): GivenFilter[] {
  return FILTERS.flatMap((filter) => {
    const value = listing[filter.name];
    return value === undefined ? [] : [{ ...filter, value }];
  });
}

/** Whether the filter keeps fewer rows than the whole catalogue (any filter given). */
export function narrows(listing: Listing): boolean {
  return FILTERS.some(({ name }) => listing[name] !== undefined);
}

/** The one key of a filter and sort in cache keys: every field, in a fixed order, defaults filled in. */
export function listingKey(listing: Listing, withSort = true): string {
  const part = (value: unknown) => (value === undefined ? '' : typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  const parts = FILTERS.map(({ name }) => part(listing[name]));
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

/** The columns of each sort's order, the id last: a keyset names a row's values of them. */
export function sortKeyColumns(sort: ScriptSort): readonly string[] {
  return ORDERS[sort];
}

/**
 * The rows after a keyset position in the sort's order (every column descending): one row-value
 * comparison, which both databases seek in the sort's index, so a page after a cursor costs what the
 * first page does and a write between two pages never shifts a row across pages (keyset, not offset).
 */
export function afterKeyset(sort: ScriptSort, after: Keyset, table = 's'): RawBuilder<boolean> {
  const columns = ORDERS[sort].map((column) => sql.ref(`${table}.${column}`));
  return sql<boolean>`(${sql.join(columns)}) < (${sql.join(after.map((value) => sql`${value}`))})`;
}

/** The keyset condition of a listing that starts after a position, else none. */
export function keysetOf(listing: Listing | undefined, table = 's'): RawBuilder<boolean>[] {
  return listing?.after ? [afterKeyset(listing.sort, listing.after, table)] : [];
}

/** The columns a sort reads, to carry through a subquery. */
export function sortColumns(sort: ScriptSort, table = 's'): RawBuilder<unknown> {
  return sql.join(ORDERS[sort].map((column) => sql.ref(`${table}.${column}`)));
}

/** ORDER BY for a sort, every column descending (ties go to the newer script). */
export function orderBy(sort: ScriptSort, table = 's'): RawBuilder<unknown> {
  return sql`ORDER BY ${sql.join(ORDERS[sort].map((column) => sql`${sql.ref(`${table}.${column}`)} DESC`))}`;
}

/**
 * Public reads leave hidden scripts out (docs/decisions/0021-hidden-scripts-and-reports.md#hidden-scripts): the few hidden ids come
 * from the partial index `scripts_hidden_idx`, read once per statement, and each id is tested where
 * the sort's or the search's index already has it: no row read, no index rebuilt for a rare state.
 */
export function visibleOnly(column: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} NOT IN (SELECT h.id FROM scripts AS h WHERE h.hidden = 1)`;
}

const and = (conditions: RawBuilder<unknown>[]) => sql<boolean>`${sql.join(conditions, sql` AND `)}`;

/**
 * The filter as conditions tested on each row, for a read in sort order (each filter's `onRow`; on
 * SQLite a flag keeps the planner on the sort's index, a game stays indexable: its per-game sort
 * indexes serve it).
 */
export function filterOnRow(dialect: Dialect, listing: Listing, table = 's'): RawBuilder<boolean> {
  return and([visibleOnly(`${table}.id`), ...givenFilters(listing).map((filter) => filter.entry.onRow(filter.value, table, dialect)), ...keysetOf(listing, table)]);
}

/** The given filters as conditions on the rows (no visibility test): what an index read left unchecked. */
export function onRows(dialect: Dialect, filters: GivenFilter[], table = 's'): RawBuilder<unknown>[] {
  return filters.map((filter) => filter.entry.onRow(filter.value, table, dialect));
}

/**
 * PostgreSQL: the filter for a scan of the search text's GIN index (btree_gin, see the search-facets
 * migration): the facts in `facts` (the game, selective flags) are index conditions; every other
 * filter is written so the planner can only test it on the row, so a side that keeps most scripts
 * never makes the index merge its long list (docs/decisions/0015-filters-and-sorts.md#filtered-search).
 */
export function filterForIndex(listing: Listing, facts: SearchFacets, table = 's'): RawBuilder<boolean> {
  const conditions = givenFilters(listing).map(({ name, entry: filter, value }) => {
    const fact = facts[name];
    if (filter.search && fact !== undefined) return filter.search.indexed(fact, table);
    return filter.search?.unindexed?.(value, table) ?? filter.onRow(value, table, 'postgres');
  });
  return and([visibleOnly(`${table}.id`), ...conditions, ...keysetOf(listing, table)]);
}

/**
 * The filter as seeks in scripts_facets_idx: a flag left open is either value, so the index is
 * entered once per combination (at most 16) and yields exactly the matching rows of the filters it holds.
 */
export function filterInIndex(listing: Listing, table = 'scripts'): RawBuilder<boolean> {
  const seeks = FILTERS.flatMap(({ name, entry: filter }) => filter.inFacetsIndex?.(listing[name], table) ?? []);
  return and([...seeks, visibleOnly(`${table}.id`)]);
}

/** The ids of a filter's matches read from an index in no order, and the given filters that index did not check. */
export interface IndexedMatches {
  ids: RawBuilder<unknown>;
  unchecked: GivenFilter[];
}

/**
 * A filter's matches from an index: a relation's (an executor's) own range of its index, which carries
 * the scripts' facets (each flag left open entered both ways, as in scripts_facets_idx), when the
 * filter names one; else scripts_facets_idx.
 */
export function matchesInIndex(listing: Listing): IndexedMatches {
  const given = givenFilters(listing);
  const own = given.find((filter) => filter.entry.ownRows);
  if (own?.entry.ownRows) {
    const others = FILTERS.filter(({ name }) => name !== own.name);
    const copy = (table: string) => others.flatMap(({ name, entry: filter }) => filter.inFacetsCopy?.(listing[name], table) ?? []);
    return { ids: own.entry.ownRows(own.value, copy), unchecked: given.filter((filter) => filter !== own && !filter.entry.inFacetsCopy) };
  }
  return { ids: sql`SELECT scripts.id FROM scripts WHERE ${filterInIndex(listing)}`, unchecked: given.filter((filter) => !filter.entry.inFacetsIndex) };
}

/** The ids from an index alone (tests read their plans; the executor's range when the listing names one). */
export function executorRowsInIndex(listing: Listing): RawBuilder<unknown> {
  return matchesInIndex(listing).ids;
}

/** The facet rows (alias `f`) in the filter's scope: its game's, or all of them. */
function facetScope(given: GivenFilter[]): RawBuilder<boolean> {
  const scope = given.flatMap(({ entry: filter, value }) => ('scope' in filter.count ? [filter.count.scope(value)] : []));
  return scope.length === 0 ? sql<boolean>`TRUE` : and(scope);
}

/**
 * How many scripts are in the filter's scope (its game, or the catalogue) and how many of those
 * match it, from the trigger-kept script_facets rows, or a relation's own facet rows (an executor's,
 * executor_facets) for the matches. Two relations have no facet rows in common: their matches are
 * counted on the scripts.
 */
export function facetTotals(listing: Listing, dialect: Dialect): RawBuilder<{ scope: number | string | null; matching: number | string | null }> {
  const given = givenFilters(listing);
  const conditions = given.flatMap(({ entry: filter, value }) => ('matching' in filter.count ? [filter.count.matching(value)] : []));
  const matching = conditions.length === 0 ? sql`f.scripts` : sql`CASE WHEN ${and(conditions)} THEN f.scripts ELSE 0 END`;
  const scope = facetScope(given);
  const tables = given.flatMap(({ entry: filter, value }) => ('table' in filter.count ? [filter.count.table(value)] : []));
  const [own] = tables;
  if (!own) return sql`SELECT sum(f.scripts) AS scope, sum(${matching}) AS matching FROM script_facets AS f WHERE ${scope}`;
  const scopeTotal = sql`SELECT sum(f.scripts) FROM script_facets AS f WHERE ${scope}`;
  if (tables.length > 1) return sql`SELECT (${scopeTotal}) AS scope, (SELECT count(*) FROM scripts AS s WHERE ${filterOnRow(dialect, listing)}) AS matching`;
  return sql`SELECT (${scopeTotal}) AS scope, sum(${matching}) AS matching FROM ${own.from} AS f WHERE ${own.where} AND ${scope}`;
}

/** A filter's facts an index should look up, and whether those are all of its filters. */
export interface SelectiveFacts {
  facts: SearchFacets;
  complete: boolean;
}

/**
 * One read of what a filtered search needs to choose its index lookups: the scripts in the scope,
 * and each given filter's share of them (its search facet's `share`: a game's id, how many scripts a
 * flag's side keeps), from the script_facets rows.
 */
export function factShares(listing: Listing): RawBuilder<Record<string, number | string | null>> {
  const given = givenFilters(listing);
  const shares = given.flatMap(({ name, entry: filter, value }) => (filter.search ? [sql`${filter.search.share(value)} AS ${sql.ref(name)}`] : []));
  const columns = shares.length === 0 ? sql`` : sql`, ${sql.join(shares)}`;
  return sql`SELECT sum(f.scripts) AS total${columns} FROM script_facets AS f WHERE ${facetScope(given)}`;
}

/**
 * The facts of a filter worth an index lookup (docs/decisions/0015-filters-and-sorts.md#filtered-search), from its shares:
 * each given filter's search facet says (a game always, by id; a flag when its side keeps at most
 * half of the scope). `complete` when every given filter is among them. Null when no script can
 * match (a slug no game has).
 */
export function selectiveFacts(listing: Listing, shares: Record<string, number | string | null> | undefined): SelectiveFacts | null {
  const total = Number(shares?.total ?? 0);
  const facts: Partial<Record<FilterName, SearchFact>> = {};
  let complete = true;
  for (const { name, entry: filter, value } of givenFilters(listing)) {
    const fact = filter.search?.fact(value, shares?.[name] ?? null, total);
    if (fact === null) return null;
    if (fact === undefined) complete = false;
    else facts[name] = fact;
  }
  return { facts, complete };
}
