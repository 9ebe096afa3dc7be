import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { facetTotals, factShares, filterOnRow, keysetOf, type Listing, narrows, type SelectiveFacts, selectiveFacts, visibleOnly } from '../db/listing.ts';
import { type SearchScope, type SearchWords, wordsInRow } from '../db/search.ts';
import { SingleFlight } from '../cache/single-flight.ts';

// What the SQLite and PostgreSQL search strategies (sqlite-search.ts, postgres-search.ts) share.

export interface SearchFilter {
  q: string;
  scope: SearchScope;
  /** Only this moderator's scripts (the moderator's own table). */
  ownerModeratorId?: number | undefined;
  /** The catalogue's filters and sort (public search); newest first and unfiltered when absent. */
  listing?: Listing | undefined;
}

export interface FacetTotals {
  /** Scripts in the filter's scope: its game's, or the whole catalogue. */
  scope: number;
  /** Scripts in the scope matching its flags. */
  matching: number;
}

/**
 * The row counts at which the search strategies change how they read (docs/decisions/0015-filters-and-sorts.md#filtered-search).
 * Tests shrink them so a small catalogue takes every path a million scripts would.
 */
export interface SearchLimits {
  /** SQLite: a search's candidates up to this many are read from its index and sorted. */
  sparseRows: number;
  /** A filter's matches (without words), or a filtered search's candidates (SQLite), up to this many may be gathered and sorted. */
  gatherRows: number;
  /** How many rows in the listing's order a search reads first, to see how dense its matches are. */
  probeRows: number;
}

export const SEARCH_LIMITS: SearchLimits = { sparseRows: 1_000, gatherRows: 5_000, probeRows: 2_000 };

const NEWEST: Listing = { sort: 'newest' };

/** The listing of a search (sort and filters); the staff tables' is newest first, unfiltered. */
export const listingOfFilter = (filter: SearchFilter): Listing => filter.listing ?? NEWEST;

export const allWords = (words: SearchWords) => [...words.indexed, ...words.short];

/** One search's key among the reads in flight (its page and its count share them). */
export const planKey = (filter: SearchFilter, words: SearchWords) => JSON.stringify([filter.scope, filter.ownerModeratorId ?? null, words, filter.listing ?? null]);

/** The reads and SQL conditions both databases' search strategies build on. */
export class SearchReads {
  /** The page and the count of one search run at the same time: they share one plan or probe. */
  readonly plans = new SingleFlight();

  constructor(
    readonly db: Db,
    readonly limits: SearchLimits = SEARCH_LIMITS,
  ) {}

  /**
   * The scripts a filter (game and flags) keeps, counted from script_facets: the scope's total and
   * the matches. Shared by the page and the count of one listing.
   */
  facetTotals(listing: Listing): Promise<FacetTotals> {
    return this.plans.run(`facets:${JSON.stringify(listing)}`, async () => {
      const { rows } = await facetTotals(listing, this.db.dialect).execute(this.db.kysely);
      return { scope: Number(rows[0]?.scope ?? 0), matching: Number(rows[0]?.matching ?? 0) };
    });
  }

  /**
   * The facts of a public search's filter worth an index lookup (docs/decisions/0015-filters-and-sorts.md#filtered-search):
   * the game (by id), and each flag whose side keeps at most half of the scripts in scope. A side that
   * keeps most of them (Working, not verified) costs an index more than it removes, and is tested on
   * the rows instead. `complete` when every fact of the filter is among them. Null for a game no
   * script has (no game has that slug).
   */
  selectiveFacts(filter: SearchFilter): Promise<SelectiveFacts | null> {
    const listing = filter.listing;
    if (filter.scope !== 'public' || !listing || !narrows(listing)) return Promise.resolve({ facts: {}, complete: true });
    // The page and the count of one search both ask: one read serves them.
    return this.plans.run(`selective:${JSON.stringify(listing)}`, async () => {
      const { rows } = await factShares(listing).execute(this.db.kysely);
      return selectiveFacts(listing, rows[0]);
    });
  }

  async ids(query: RawBuilder<unknown>): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`${query}`.execute(this.db.reader);
    return rows.map((row) => Number(row.id));
  }

  async countOf(rows: RawBuilder<unknown>, atMost: number | undefined): Promise<number> {
    const limit = atMost === undefined ? sql`` : sql`LIMIT ${atMost}`;
    const result = await sql<{ n: number }>`SELECT count(*) AS n FROM (${rows} ${limit}) AS matches`.execute(this.db.reader);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Conditions read from the script row itself: the owner, the filter, and words tested without an index. */
  rowConditions(filter: SearchFilter, words: string[]): RawBuilder<boolean> {
    const conditions = [this.scopeConditions(filter)];
    if (words.length > 0) conditions.push(wordsInRow(this.db.dialect, words, filter.scope, 's'));
    return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
  }

  /** The rows a search looks among: the owner's (staff, hidden ones too), or the visible ones the catalogue's filter keeps. */
  scopeConditions(filter: SearchFilter): RawBuilder<boolean> {
    const owner = filter.ownerModeratorId === undefined ? sql<boolean>`TRUE` : sql<boolean>`s.owner_moderator_id = ${filter.ownerModeratorId}`;
    // filterOnRow holds a keyset's position itself; an unfiltered listing adds it here.
    if (filter.listing && narrows(filter.listing)) return sql<boolean>`${owner} AND ${filterOnRow(this.db.dialect, filter.listing)}`;
    const after = keysetOf(filter.listing);
    const visible = filter.scope === 'public' ? [visibleOnly('s.id')] : [];
    return sql<boolean>`${sql.join([owner, ...visible, ...after], sql` AND `)}`;
  }
}
