import { type RawBuilder, sql } from 'kysely';
import { SEARCH_TOTAL_CAP } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { SingleFlight } from '../single-flight.ts';
import { facetTotals, filterInIndex, filterOnRow, type Listing, narrows, orderBy, sortColumns } from '../db/listing.ts';
import { ftsQuery, gramsQuery, type SearchScope, type SearchWords, searchWords, wordsInGrams, wordsInRow, wordsLike } from '../db/search.ts';

export interface SearchFilter {
  q: string;
  scope: SearchScope;
  /** Only this moderator's scripts (the moderator's own table). */
  ownerModeratorId?: number | undefined;
  /** The catalogue's filters and sort (public search); newest first and unfiltered when absent. */
  listing?: Listing | undefined;
}

const NEWEST: Listing = { sort: 'newest' };

/**
 * A filter matching at most this many scripts is read through scripts_facets_idx (every matching
 * row) and sorted, instead of reading the catalogue in order, when that reads fewer rows.
 */
export const GATHER_ROWS = 5_000;

export interface FacetTotals {
  /** Scripts in the filter's scope: its game's, or the whole catalogue. */
  scope: number;
  /** Scripts in the scope matching its flags. */
  matching: number;
}

/**
 * SQLite: a search whose indexed words match at most this many rows reads them from the trigram
 * index and sorts them; one that matches more reads rows newest first and stops when the page is
 * full, which the density of its matches (over 1 row in 1,000 of a million) keeps short.
 */
const SPARSE_ROWS = 1_000;
/** How many rows in the listing's order a search reads first, to see how dense its matches are. */
const PROBE_ROWS = 2_000;
/** SQLite: a density above which reading in the sort's order fills a page sooner than testing every candidate. */
const SQLITE_DENSE_FOR_PAGE = 0.005;
/** PostgreSQL: densities above which reading newest first beats the trigram index, to fill a page / to count. */
const DENSE_FOR_PAGE = 0.005;
const DENSE_FOR_COUNT = 0.05;
/** PostgreSQL: a short word in fewer than this share of the newest rows is looked up in the gram index. */
const RARE_SHORT = 0.01;

/** The listing of a search (sort and filters); the staff tables' is newest first, unfiltered. */
const listingOfFilter = (filter: SearchFilter): Listing => filter.listing ?? NEWEST;

/**
 * All SQL of catalogue and staff search: which script ids a search finds, newest first, and how many.
 * A script matches when every word of the query occurs in it as a substring, in any order (public:
 * name and description; staff: the loader text too). Both databases answer the same rows; each reads
 * them the cheapest way it can tell, and never gathers every match to return one page.
 */
export class SearchRepository {
  /** The page and the count of one search run at the same time: they share one plan or probe. */
  private readonly plans = new SingleFlight();

  constructor(private readonly db: Db) {}

  /** Ids of one page of matches, in the listing's order (newest first by default). */
  async pageIds(filter: SearchFilter, limit: number, offset: number): Promise<number[]> {
    const words = searchWords(filter.q);
    if (this.db.dialect === 'postgres') return this.postgresPage(filter, words, limit, offset);
    const plan = await this.sqlitePlan(filter, words);
    if (plan?.candidates === 0) return [];
    const page = sql`${orderBy(listingOfFilter(filter).sort)} LIMIT ${limit} OFFSET ${offset}`;
    const source = await this.sqliteSource(filter, words, plan);
    // Unfiltered, many candidates mean dense matches: read in order at once, as before filters existed.
    if (!plan || !source.inOrder || !narrows(listingOfFilter(filter))) return this.ids(sql`${source.rows} ${page}`);
    // Many candidates: read in the sort's order only where matches are dense. A filter, or words that
    // go together (`tower hell` among one game's scripts), can leave few matches among many candidates,
    // and reading the catalogue in order for them reads all of it; then the candidates are tested and sorted.
    const probe = await this.sqliteProbe(filter, words);
    if (probe.complete || probe.ids.length >= offset + limit) return probe.ids.slice(offset, offset + limit);
    if (probe.density >= SQLITE_DENSE_FOR_PAGE) return this.ids(sql`${source.rows} ${page}`);
    if (filter.scope === 'public') return (await this.sqliteGathered(filter, words, plan)).slice(offset, offset + limit);
    return this.ids(sql`${this.sqliteCandidates(filter, plan)} ${page}`);
  }

  /** The plan's word-index candidates that match (each tested for the rest), in no order. */
  private sqliteCandidates(filter: SearchFilter, plan: SqlitePlan): RawBuilder<unknown> {
    const table = sql.table(plan.table);
    return sql`SELECT s.id FROM (SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ${plan.match}) AS m
      CROSS JOIN scripts AS s ON s.id = m.id WHERE ${this.rowConditions(filter, plan.unindexed)}`;
  }

  /**
   * A public search whose matches are sparse among many candidates: its matches in the listing's
   * order, up to where public totals and pages stop (SEARCH_TOTAL_CAP). Read once for the page and
   * the count of one search, which run together: testing every candidate is the cost of both.
   */
  private sqliteGathered(filter: SearchFilter, words: SearchWords, plan: SqlitePlan): Promise<number[]> {
    return this.plans.run(`gathered:${planKey(filter, words)}`, () =>
      this.ids(sql`${this.sqliteCandidates(filter, plan)} ${orderBy(listingOfFilter(filter).sort)} LIMIT ${SEARCH_TOTAL_CAP + 1}`),
    );
  }

  /** SQLite: the matches among the first PROBE_ROWS rows in the listing's order (those its filter keeps). */
  private sqliteProbe(filter: SearchFilter, words: SearchWords): Promise<{ ids: number[]; complete: boolean; density: number }> {
    return this.plans.run(`sqlite-probe:${planKey(filter, words)}`, async () => {
      const sort = listingOfFilter(filter).sort;
      const { rows } = await sql<{ id: number; hit: number }>`SELECT p.id, ${wordsInRow('sqlite', all(words), filter.scope, 'p')} AS hit
        FROM (SELECT ${sortColumns(sort)}, s.search_text, s.loadstring_search FROM scripts AS s
          WHERE ${this.scopeConditions(filter)} ${orderBy(sort)} LIMIT ${PROBE_ROWS}) AS p ${orderBy(sort, 'p')}`.execute(this.db.reader);
      const ids = rows.filter((row) => Boolean(row.hit)).map((row) => Number(row.id));
      return { ids, complete: rows.length < PROBE_ROWS, density: ids.length / PROBE_ROWS };
    });
  }

  /**
   * The scripts a filter (game and flags) keeps, counted from script_facets: the scope's total and
   * the matches. Shared by the page and the count of one listing.
   */
  facetTotals(listing: Listing): Promise<FacetTotals> {
    return this.plans.run(`facets:${JSON.stringify(listing)}`, async () => {
      const { rows } = await facetTotals(listing).execute(this.db.kysely);
      return { scope: Number(rows[0]?.scope ?? 0), matching: Number(rows[0]?.matching ?? 0) };
    });
  }

  /**
   * Ids of one page of a filtered catalogue without words: the matching rows read through
   * scripts_facets_idx and sorted when they are few and reading the scope in order would cost more
   * (a rare combination), else read in the sort's order (a game's own index when a game is set),
   * testing each row, until the page is full.
   */
  async filteredPageIds(listing: Listing, totals: FacetTotals, limit: number, offset: number): Promise<number[]> {
    const page = sql`${orderBy(listing.sort)} LIMIT ${limit} OFFSET ${offset}`;
    if (this.db.dialect === 'postgres') return this.ids(sql`SELECT s.id FROM scripts AS s WHERE ${filterOnRow('postgres', listing)} ${page}`);
    if (gathers(totals, limit + offset)) {
      return this.ids(sql`SELECT s.id FROM (SELECT scripts.id FROM scripts WHERE ${filterInIndex(listing)}) AS m
        CROSS JOIN scripts AS s ON s.id = m.id ${page}`);
    }
    return this.ids(sql`SELECT s.id FROM scripts AS s WHERE ${filterOnRow('sqlite', listing)} ${page}`);
  }

  /** Matches counted up to `atMost` (the count stops there), or all of them. */
  async count(filter: SearchFilter, atMost?: number): Promise<number> {
    const words = searchWords(filter.q);
    if (this.db.dialect === 'postgres') {
      let rareShort = words.short;
      if (atMost !== undefined) {
        const probe = await this.postgresProbe(filter, words);
        if (probe.complete) return Math.min(probe.ids.length, atMost);
        if (probe.density >= DENSE_FOR_COUNT) return this.countOf(sql`SELECT 1 FROM scripts AS s WHERE ${this.rowConditions(filter, all(words))}`, atMost);
        rareShort = probe.rareShort;
      }
      return this.countOf(sql`SELECT 1 FROM (${this.postgresIndexed(filter, words, rareShort, sql`1`)}) AS s`, atMost);
    }
    const plan = await this.sqlitePlan(filter, words);
    if (plan?.candidates === 0) return 0;
    const narrowed = narrows(listingOfFilter(filter));
    if (plan && narrowed && filter.scope === 'public' && atMost !== undefined && atMost <= SEARCH_TOTAL_CAP + 1 && (await this.sqliteSource(filter, words, plan)).inOrder) {
      // The page's probe already says whether the matches are sparse; then the page's gather counts them.
      const probe = await this.sqliteProbe(filter, words);
      if (probe.complete) return Math.min(probe.ids.length, atMost);
      if (probe.density < SQLITE_DENSE_FOR_PAGE) return Math.min((await this.sqliteGathered(filter, words, plan)).length, atMost);
    }
    return this.countOf(await this.sqliteMatching(filter, words, plan), atMost);
  }

  private async ids(query: RawBuilder<unknown>): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`${query}`.execute(this.db.reader);
    return rows.map((row) => Number(row.id));
  }

  private async countOf(rows: RawBuilder<unknown>, atMost: number | undefined): Promise<number> {
    const limit = atMost === undefined ? sql`` : sql`LIMIT ${atMost}`;
    const result = await sql<{ n: number }>`SELECT count(*) AS n FROM (${rows} ${limit}) AS matches`.execute(this.db.reader);
    return Number(result.rows[0]?.n ?? 0);
  }

  /**
   * SQLite has no statistics for its FTS5 tables, so the candidates are counted (up to SPARSE_ROWS + 1)
   * in each index the words can use, and the one with the fewest is read: `pet simulator 99` finds no
   * script holding `99` in the gram index at once, instead of testing every Pet Simulator script. The
   * page and the count of one search run at the same time and share the one plan.
   */
  private sqlitePlan(filter: SearchFilter, words: SearchWords): Promise<SqlitePlan | undefined> {
    return this.plans.run(`plan:${planKey(filter, words)}`, () => this.chooseSqlitePlan(filter, words));
  }

  private async chooseSqlitePlan(filter: SearchFilter, words: SearchWords): Promise<SqlitePlan | undefined> {
    let best: SqlitePlan | undefined;
    for (const index of sqliteIndexes(filter, words)) {
      const table = sql.table(index.table);
      const candidates = await this.countOf(sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${index.match}`, SPARSE_ROWS + 1);
      if (!best || candidates < best.candidates) best = { ...index, candidates };
      if (candidates === 0) break;
    }
    return best;
  }

  /**
   * Where a page's rows come from, before its ORDER BY. Few candidates in a word index: read them and
   * sort them. Else, a filter matching few scripts: read those through scripts_facets_idx and test
   * the words on each. Else: read scripts in the sort's order, testing each, until the page is full.
   */
  private async sqliteSource(filter: SearchFilter, words: SearchWords, plan: SqlitePlan | undefined): Promise<{ rows: RawBuilder<unknown>; inOrder: boolean }> {
    const listing = listingOfFilter(filter);
    if (plan && plan.candidates <= SPARSE_ROWS) {
      const table = sql.table(plan.table);
      return {
        rows: sql`SELECT s.id FROM (SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ${plan.match}) AS m
          CROSS JOIN scripts AS s ON s.id = m.id WHERE ${this.rowConditions(filter, plan.unindexed)}`,
        inOrder: false,
      };
    }
    if (narrows(listing) && (await this.facetTotals(listing)).matching <= GATHER_ROWS) {
      return {
        rows: sql`SELECT s.id FROM (SELECT scripts.id FROM scripts WHERE ${filterInIndex(listing)}) AS m
          CROSS JOIN scripts AS s ON s.id = m.id WHERE ${this.rowConditions({ ...filter, listing: undefined }, all(words))}`,
        inOrder: false,
      };
    }
    return { rows: sql`SELECT s.id FROM scripts AS s WHERE ${this.rowConditions(filter, all(words))}`, inOrder: true };
  }

  /**
   * The rows matching, in no order, for counting: through the plan's word index, each candidate
   * tested for the rest (short words, the owner, the filter), unless a filter matching few scripts
   * gives fewer rows to test. Never a scan of the catalogue in order: a count has no order to stop at.
   */
  private async sqliteMatching(filter: SearchFilter, words: SearchWords, plan: SqlitePlan | undefined): Promise<RawBuilder<unknown>> {
    const listing = listingOfFilter(filter);
    if (!plan || (narrows(listing) && (await this.facetTotals(listing)).matching <= GATHER_ROWS)) return (await this.sqliteSource(filter, words, plan)).rows;
    const table = sql.table(plan.table);
    if (plan.unindexed.length === 0 && filter.ownerModeratorId === undefined && !narrows(listing)) {
      return sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${plan.match}`;
    }
    return sql`SELECT s.id FROM ${table} AS f CROSS JOIN scripts AS s ON s.id = f.rowid
      WHERE f.${table} MATCH ${plan.match} AND ${this.rowConditions(filter, plan.unindexed)}`;
  }

  /**
   * PostgreSQL's planner misjudges how common a LIKE pattern is (digits and punctuation have no
   * statistics), so the newest rows are read first: a dense search fills its page from them or by
   * reading on newest first; a rare one goes to the trigram index.
   */
  private async postgresPage(filter: SearchFilter, words: SearchWords, limit: number, offset: number): Promise<number[]> {
    const probe = await this.postgresProbe(filter, words);
    if (probe.complete || probe.ids.length >= offset + limit) return probe.ids.slice(offset, offset + limit);
    const sort = listingOfFilter(filter).sort;
    if (probe.density >= DENSE_FOR_PAGE) {
      return this.ids(sql`SELECT s.id FROM scripts AS s WHERE ${this.rowConditions(filter, all(words))} ${orderBy(sort)} LIMIT ${limit} OFFSET ${offset}`);
    }
    return this.ids(sql`SELECT s.id FROM (${this.postgresIndexed(filter, words, probe.rareShort, sortColumns(sort))}) AS s ${orderBy(sort)} LIMIT ${limit} OFFSET ${offset}`);
  }

  /**
   * Rows found through the indexes alone. OFFSET 0 keeps the planner from reading this as "newest
   * first until the page is full", which on a misjudged rare word means reading every row.
   */
  private postgresIndexed(filter: SearchFilter, words: SearchWords, rareShort: string[], columns: RawBuilder<unknown>): RawBuilder<unknown> {
    return sql`SELECT ${columns} FROM scripts AS s WHERE ${this.postgresConditions(filter, words, rareShort)} OFFSET 0`;
  }

  /**
   * The matches among the first PROBE_ROWS rows in the listing's order (those its filter keeps);
   * `complete` when those are all the rows there are.
   * Also which short words are rare there (under RARE_SHORT of the rows): only those are worth the
   * gram index, whose bitmap for a common pair (`da`, `rp`) costs more than testing the rows.
   */
  private postgresProbe(filter: SearchFilter, words: SearchWords): Promise<PostgresProbe> {
    return this.plans.run(`probe:${planKey(filter, words)}`, () => this.readPostgresProbe(filter, words));
  }

  private async readPostgresProbe(filter: SearchFilter, words: SearchWords): Promise<PostgresProbe> {
    const sort = listingOfFilter(filter).sort;
    const newest = sql`SELECT ${sortColumns(sort)}, s.search_text, s.loadstring_search FROM scripts AS s
      WHERE ${this.scopeConditions(filter)} ${orderBy(sort)} LIMIT ${PROBE_ROWS}`;
    const shortHits = words.short.map((word, i) => sql`${wordsInRow('postgres', [word], filter.scope, 's')} AS ${sql.ref(`short_${i}`)}`);
    const { rows } = await sql<Record<string, unknown> & { id: number; hit: boolean }>`SELECT s.id, ${wordsInRow('postgres', all(words), filter.scope, 's')} AS hit
      ${shortHits.length > 0 ? sql`, ${sql.join(shortHits)}` : sql``}
      FROM (${newest}) AS s ${orderBy(sort)}`.execute(this.db.reader);
    const ids = rows.filter((row) => row.hit).map((row) => Number(row.id));
    const rareShort = words.short.filter((_, i) => rows.filter((row) => row[`short_${i}`]).length < RARE_SHORT * rows.length);
    // Fewer rows than the probe reads means it saw every row (of this owner) there is.
    return { ids, complete: rows.length < PROBE_ROWS, density: ids.length / PROBE_ROWS, rareShort };
  }

  /**
   * LIKE for words the pg_trgm indexes serve; the gram index for the rare short words (public), which
   * the planner ANDs with the trigram bitmaps, so `pet simulator 99` ends in the index instead of
   * testing every Pet Simulator script; every short word is still tested on the row.
   */
  private postgresConditions(filter: SearchFilter, words: SearchWords, rareShort: string[]): RawBuilder<boolean> {
    const conditions = [this.scopeConditions(filter)];
    if (words.indexed.length > 0) conditions.push(wordsLike(words.indexed, filter.scope, 's'));
    // Alone, short words have no other index: the gram index serves them however common.
    const grams = words.indexed.length === 0 ? words.short : rareShort;
    if (grams.length > 0 && filter.scope === 'public') conditions.push(wordsInGrams(grams, 's'));
    if (words.short.length > 0) conditions.push(wordsInRow('postgres', words.short, filter.scope, 's'));
    return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
  }

  /** Conditions read from the script row itself: the owner, the filter, and words tested without an index. */
  private rowConditions(filter: SearchFilter, words: string[]): RawBuilder<boolean> {
    const conditions = [this.scopeConditions(filter)];
    if (words.length > 0) conditions.push(wordsInRow(this.db.dialect, words, filter.scope, 's'));
    return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
  }

  /** The rows a search looks among: the owner's (staff), or those the catalogue's filter keeps. */
  private scopeConditions(filter: SearchFilter): RawBuilder<boolean> {
    const owner = filter.ownerModeratorId === undefined ? sql<boolean>`TRUE` : sql<boolean>`s.owner_moderator_id = ${filter.ownerModeratorId}`;
    if (!filter.listing || !narrows(filter.listing)) return owner;
    return sql<boolean>`${owner} AND ${filterOnRow(this.db.dialect, filter.listing)}`;
  }
}

/**
 * Whether reading a filter's matches through scripts_facets_idx (and sorting them) costs less than
 * reading its scope in order until `rows` matches are found.
 */
export function gathers({ scope, matching }: FacetTotals, rows: number): boolean {
  if (matching > GATHER_ROWS) return false;
  // Read in order, the flags are tested in the sort index's entries (they end every sort index);
  // gathered, each match costs a row read, about as much as this many entries read in order.
  const scanned = matching === 0 ? scope : (rows * scope) / matching;
  return matching * ROW_READ_IN_ENTRIES < scanned;
}

const ROW_READ_IN_ENTRIES = 20;

const all = (words: SearchWords) => [...words.indexed, ...words.short];

const planKey = (filter: SearchFilter, words: SearchWords) => JSON.stringify([filter.scope, filter.ownerModeratorId ?? null, words, filter.listing ?? null]);

interface PostgresProbe {
  /** Matching ids among the newest rows, newest first. */
  ids: number[];
  complete: boolean;
  density: number;
  rareShort: string[];
}

interface SqliteIndex {
  table: 'scripts_search' | 'scripts_grams';
  match: string;
  /** Words the index does not check, tested on each candidate row. */
  unindexed: string[];
}

interface SqlitePlan extends SqliteIndex {
  /** Candidates in the index, counted up to SPARSE_ROWS + 1. */
  candidates: number;
}

/**
 * The SQLite full-text indexes a search's candidates can come from: the trigram index for words of
 * three characters or more, and (public search only: it covers name and description, not the loader
 * text) the gram index for words of one or two.
 */
function sqliteIndexes(filter: SearchFilter, words: SearchWords): SqliteIndex[] {
  const indexes: SqliteIndex[] = [];
  if (words.indexed.length > 0) indexes.push({ table: 'scripts_search', match: ftsQuery(words.indexed, filter.scope), unindexed: words.short });
  if (filter.scope === 'public' && words.short.length > 0) indexes.push({ table: 'scripts_grams', match: gramsQuery(words.short), unindexed: words.indexed });
  return indexes;
}
