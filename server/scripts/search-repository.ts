import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { filterOnRow, keysetOf, type Listing, matchesInIndex, onRows, orderBy } from '../db/listing.ts';
import { searchWords } from '../db/search.ts';
import { PostgresSearch } from './postgres-search.ts';
import { type FacetTotals, type SearchFilter, type SearchLimits, SearchReads } from './search-reads.ts';
import { SqliteSearch } from './sqlite-search.ts';

export { type FacetTotals, SEARCH_LIMITS, type SearchFilter, type SearchLimits } from './search-reads.ts';

/**
 * All SQL of catalogue and staff search, and of filtered listings: which script ids a search finds,
 * in the listing's order, and how many. A script matches when every word of the query occurs in it
 * as a substring, in any order (public: name and description; staff: the loader text too). Both
 * databases answer the same rows; each reads them the cheapest way it can tell
 * (sqlite-search.ts, postgres-search.ts), and never gathers every match to return one page.
 */
export class SearchRepository {
  private readonly reads: SearchReads;
  private readonly search: SqliteSearch | PostgresSearch;

  constructor(db: Db, limits?: SearchLimits) {
    this.reads = new SearchReads(db, limits);
    this.search = db.dialect === 'postgres' ? new PostgresSearch(this.reads) : new SqliteSearch(this.reads);
  }

  /** Ids of one page of matches, in the listing's order (newest first by default). */
  pageIds(filter: SearchFilter, limit: number, offset: number): Promise<number[]> {
    return this.search.page(filter, searchWords(filter.q), limit, offset);
  }

  /** Matches counted up to `atMost` (the count stops there), or all of them. */
  count(filter: SearchFilter, atMost?: number): Promise<number> {
    return this.search.count(filter, searchWords(filter.q), atMost);
  }

  /**
   * The scripts a filter (game and flags) keeps, counted from script_facets: the scope's total and
   * the matches. Shared by the page and the count of one listing.
   */
  facetTotals(listing: Listing): Promise<FacetTotals> {
    return this.reads.facetTotals(listing);
  }

  /**
   * Ids of one page of a filtered catalogue without words: the matching rows read through
   * scripts_facets_idx and sorted when they are few and reading the scope in order would cost more
   * (a rare combination), else read in the sort's order (a game's own index when a game is set),
   * testing each row, until the page is full.
   */
  async filteredPageIds(listing: Listing, totals: FacetTotals, limit: number, offset: number): Promise<number[]> {
    const page = sql`${orderBy(listing.sort)} LIMIT ${limit} OFFSET ${offset}`;
    if (this.reads.db.dialect === 'postgres') return this.reads.ids(sql`SELECT s.id FROM scripts AS s WHERE ${filterOnRow('postgres', listing)} ${page}`);
    if (gathers(totals, limit + offset, this.reads.limits.gatherRows)) {
      // An executor's few scripts come from its own index range, the scripts' facets copied there;
      // a filter the index does not hold is tested on the rows.
      const { ids, unchecked } = matchesInIndex(listing);
      const conditions = [...onRows('sqlite', unchecked), ...keysetOf(listing)];
      const tested = conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)} `;
      return this.reads.ids(sql`SELECT s.id FROM (${ids}) AS m CROSS JOIN scripts AS s ON s.id = m.id ${tested}${page}`);
    }
    return this.reads.ids(sql`SELECT s.id FROM scripts AS s WHERE ${filterOnRow('sqlite', listing)} ${page}`);
  }
}

/**
 * Whether reading a filter's matches through scripts_facets_idx (and sorting them) costs less than
 * reading its scope in order until `rows` matches are found.
 */
export function gathers({ scope, matching }: FacetTotals, rows: number, gatherRows: number): boolean {
  if (matching > gatherRows) return false;
  // Read in order, the flags are tested in the sort index's entries (they end every sort index);
  // gathered, each match costs a row read, about as much as this many entries read in order.
  const scanned = matching === 0 ? scope : (rows * scope) / matching;
  return matching * ROW_READ_IN_ENTRIES < scanned;
}

const ROW_READ_IN_ENTRIES = 20;
