import { type RawBuilder, sql } from 'kysely';
import { filterDeclaration, type FilterName, type FilterValue, type FlagFilter, type RefusingFilterName } from '../../contract/catalogue-filters.ts';
import { PLATFORM_SIDE_BITS, PLATFORMS, type PlatformSide } from '../../contract/platforms.ts';
import { type AppError, badRequest } from '../shared/errors.ts';
import type { Dialect } from './database.ts';

/**
 * How each catalogue filter (declared in contract/catalogue-filters.ts) narrows the SQL, one object per
 * filter under the same name (docs/decisions/0057-filters-one-definition.md). `listing.ts`, the search
 * strategies and the caches loop over FILTER_SQL; none of them names a filter. Every place a filter
 * can be read from, besides the row itself, is optional: a filter without it is tested on the rows
 * that place yields.
 */
export interface FilterSql<V> {
  /** Whether a script row (`table` its alias) has the value: for reads in a sort's order, and rows an index did not check. */
  onRow(value: V, table: string, dialect: Dialect): RawBuilder<unknown>;
  /** Its seek in scripts_facets_idx: the value's, every value's (a flag left open, so the index is entered once per combination), or none. */
  inFacetsIndex?(value: V | undefined, table: string): RawBuilder<unknown> | undefined;
  /** The same in the copy of a script's facets that a relation's rows carry (script_executors_gather_idx). */
  inFacetsCopy?(value: V | undefined, table: string): RawBuilder<unknown> | undefined;
  /** A relation (the executor): the ids of its scripts from its own index range, `copy` giving the other filters' seeks in the facets its rows carry. */
  ownRows?(value: V, copy: (table: string) => RawBuilder<unknown>[]): RawBuilder<unknown>;
  /** How the trigger-kept facet rows (script_facets, alias `f`) count it. */
  count: FacetCount<V>;
  /** As a fact of the search indexes (the SQLite tokens, PostgreSQL's btree_gin columns): absent, tested on the rows. */
  search?: SearchFacet<V>;
  /** The public cache's answers (keys) that count scripts by this filter's values: a script's change drops them. */
  countedIn?(key: string): boolean;
}

/**
 * `scope`: a condition on the facet rows that narrows the scope too (a game: its scripts are the
 * scope); `matching`: a condition on a facet row, for the matches; `table`: the filter's own facet
 * table (alias `f`, the same columns plus its own key) for the matches.
 */
export type FacetCount<V> =
  | { scope(value: V): RawBuilder<unknown> }
  | { matching(value: V): RawBuilder<unknown> }
  | { table(value: V): { from: RawBuilder<unknown>; where: RawBuilder<unknown> } };

/** A fact the search indexes hold for a filter's value (a game by its id, a flag's side). */
export type SearchFact = number | boolean;

export interface SearchFacet<V> {
  /** What `fact` reads from the script_facets rows of the scope (an aggregate or a scalar). */
  share(value: V): RawBuilder<unknown>;
  /** The fact worth an index lookup; undefined: tested on the rows instead; null: no script can match. */
  fact(value: V, share: number | string | null, scopeTotal: number): SearchFact | undefined | null;
  /** SQLite: its token in the search indexes (the search-facets migration writes them). */
  token(fact: SearchFact): string;
  /** PostgreSQL: the fact as an index condition on `table`. */
  indexed(fact: SearchFact, table: string): RawBuilder<unknown>;
  /** PostgreSQL: the value as a condition the planner can only test on the row (default: `onRow`). */
  unindexed?(value: V, table: string): RawBuilder<unknown>;
}

const bit = (value: boolean) => (value ? 1 : 0);

/** The game's id by slug; NULL (so nothing matches) when no game has it. */
function gameId(slug: string): RawBuilder<number> {
  return sql<number>`(SELECT g.id FROM games AS g WHERE g.slug = ${slug})`;
}

/** The executor's id by slug; NULL (so nothing matches) when no executor has it. */
function executorId(slug: string): RawBuilder<number> {
  return sql<number>`(SELECT x.id FROM executors AS x WHERE x.slug = ${slug})`;
}

/** The script type's id by slug; NULL (so nothing matches) when no type has it. */
function typeId(slug: string): RawBuilder<number> {
  return sql<number>`(SELECT t.id FROM script_types AS t WHERE t.slug = ${slug})`;
}

/** The stored platform bit sets a platform side keeps (for an IN list an index can seek); every one for no side. */
function platformValues(side: PlatformSide | undefined): number[] {
  const all = Array.from({ length: 2 ** PLATFORMS.length }, (_, bits) => bits);
  return side === undefined ? all : all.filter((bits) => (bits & PLATFORM_SIDE_BITS[side]) !== 0);
}

const game: FilterSql<string> = {
  onRow: (slug, table) => sql`${sql.ref(`${table}.game_id`)} = ${gameId(slug)}`,
  inFacetsIndex: (slug, table) => (slug === undefined ? undefined : sql`${sql.ref(`${table}.game_id`)} = ${gameId(slug)}`),
  // The copies hold no NULL (0 for a script without a game).
  inFacetsCopy: (slug, table) => (slug === undefined ? undefined : sql`${sql.ref(`${table}.game_id`)} = coalesce(${gameId(slug)}, -1)`),
  count: { scope: (slug) => sql`f.game_id = coalesce(${gameId(slug)}, -1)` },
  search: {
    share: (slug) => gameId(slug),
    // Always worth the lookup; a slug no game has matches nothing.
    fact: (_slug, id) => (id == null ? null : Number(id)),
    token: (id) => `zg${Number(id)}z`,
    indexed: (id, table) => sql`${sql.ref(`${table}.game_id`)} = ${Number(id)}`,
  },
  countedIn: (key) => key === 'games',
};

/** A flag filter: its stored column and search token come from its declaration. */
function flagSql(name: FlagFilter['name']): FilterSql<boolean> {
  const { column, token } = filterDeclaration(name);
  const ref = (table: string) => sql.ref(`${table}.${column}`);
  const seek = (value: boolean | undefined, table: string) => (value === undefined ? sql`${ref(table)} IN (0, 1)` : sql`${ref(table)} = ${bit(value)}`);
  return {
    // On SQLite, which keeps no statistics here, a unary `+` keeps the planner from trading the sort's
    // index for the flags' one (and then sorting every match).
    onRow: (value, table, dialect) => sql`${sql.raw(dialect === 'sqlite' ? '+' : '')}${ref(table)} = ${bit(value)}`,
    inFacetsIndex: seek,
    inFacetsCopy: seek,
    count: { matching: (value) => sql`f.${sql.raw(column)} = ${bit(value)}` },
    search: {
      share: (value) => sql`sum(CASE WHEN f.${sql.raw(column)} = ${bit(value)} THEN f.scripts ELSE 0 END)`,
      // A side that keeps most of the scope (Working, not verified) costs an index more than it removes.
      fact: (value, kept, scopeTotal) => (Number(kept ?? 0) * 2 <= scopeTotal ? value : undefined),
      token: (value) => `${token}${bit(Boolean(value))}`,
      indexed: (value, table) => sql`${ref(table)} = ${bit(Boolean(value))}`,
      // Written so the planner can only test it on the row: the index never merges a side's long list.
      unindexed: (value, table) => sql`(${ref(table)} + 0) = ${bit(value)}`,
    },
  };
}

const platform: FilterSql<PlatformSide> = {
  onRow: (side, table) => sql`(${sql.ref(`${table}.platforms`)} & ${PLATFORM_SIDE_BITS[side]}) <> 0`,
  inFacetsIndex: (side, table) => (side === undefined ? undefined : sql`${sql.ref(`${table}.platforms`)} IN (${sql.join(platformValues(side))})`),
  // Every bit set when left open: the seek goes on to the columns after it.
  inFacetsCopy: (side, table) => sql`${sql.ref(`${table}.platforms`)} IN (${sql.join(platformValues(side))})`,
  count: { matching: (side) => sql`f.${sql.raw(side)} = 1` },
};

const executor: FilterSql<string> & { refusal(slug: string): AppError } = {
  // Each row's executor row probed by primary key.
  onRow: (slug, table) => sql`EXISTS (SELECT 1 FROM script_executors AS se WHERE se.script_id = ${sql.ref(`${table}.id`)}
      AND se.executor_id = ${executorId(slug)} AND se.works = 1)`,
  // script_executors_gather_idx carries the scripts' facets: one executor's scripts of one filter are a range of it.
  ownRows: (slug, copy) =>
    sql`SELECT se.script_id AS id FROM script_executors AS se WHERE ${sql.join([sql`se.executor_id = ${executorId(slug)}`, sql`se.works = 1`, ...copy('se'), sql`se.hidden = 0`], sql` AND `)}`,
  count: { table: (slug) => ({ from: sql`executor_facets`, where: sql`f.executor_id = ${executorId(slug)}` }) },
  // An executor's page counts the scripts that work on it.
  countedIn: (key) => key.startsWith('executor:'),
  refusal: (slug) => badRequest(`executor: No executor has the slug "${slug}"`, { executor: 'No executor has this slug' }),
};

/** A script type (docs/decisions/0063-script-types.md): as an executor, its links carry the scripts' facets. */
const type: FilterSql<string> & { refusal(slug: string): AppError } = {
  // Each row's link probed by primary key.
  onRow: (slug, table) => sql`EXISTS (SELECT 1 FROM script_type_links AS sl WHERE sl.script_id = ${sql.ref(`${table}.id`)} AND sl.type_id = ${typeId(slug)})`,
  // script_type_links_gather_idx: one type's scripts of one filter are a range of it.
  ownRows: (slug, copy) => sql`SELECT sl.script_id AS id FROM script_type_links AS sl WHERE ${sql.join([sql`sl.type_id = ${typeId(slug)}`, ...copy('sl'), sql`sl.hidden = 0`], sql` AND `)}`,
  count: { table: (slug) => ({ from: sql`type_facets`, where: sql`f.type_id = ${typeId(slug)}` }) },
  // The types list and a type's page count its scripts.
  countedIn: (key) => key === 'types' || key.startsWith('type:'),
  refusal: (slug) => badRequest(`type: No script type has the slug "${slug}"`, { type: 'No script type has this slug' }),
};

/** A filter the API refuses an unknown value of (contract: `unknown: 'refused'`) says how. */
type FilterEntry<N extends FilterName> = FilterSql<FilterValue<N>> & (N extends RefusingFilterName ? { refusal(value: FilterValue<N>): AppError } : unknown);

/** Every filter's SQL, by the contract's names: the typecheck fails until a declared filter has its entry. */
export const FILTER_SQL: { readonly [N in FilterName]: FilterEntry<N> } = {
  game,
  universal: flagSql('universal'),
  key: flagSql('key'),
  patched: flagSql('patched'),
  verified: flagSql('verified'),
  platform,
  executor,
  type,
};
