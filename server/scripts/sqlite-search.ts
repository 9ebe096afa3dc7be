import { type RawBuilder, sql } from 'kysely';
import { CATALOGUE_FIRST_PAGE, SEARCH_TOTAL_CAP } from '../../contract/index.ts';
import { narrows, orderBy, sortColumns, visibleOnly } from '../db/listing.ts';
import { facetTokens, ftsQuery, gramsQuery, type SearchWords, wordsInRow } from '../db/search.ts';
import { allWords, listingOfFilter, planKey, type SearchFilter, type SearchReads } from './search-reads.ts';

/** A density above which reading in the sort's order fills a page sooner than testing every candidate. */
const DENSE_FOR_PAGE = 0.005;

/**
 * Search on SQLite (docs/decisions/0015-filters-and-sorts.md#filtered-search): FTS5 keeps no statistics, so the candidates
 * are counted in the indexes the words can use (the filter's facts included), and the cheapest way
 * to the page and the total is chosen from those counts.
 */
export class SqliteSearch {
  constructor(private readonly reads: SearchReads) {}

  /** Ids of one page of matches, in the listing's order. */
  async page(filter: SearchFilter, words: SearchWords, limit: number, offset: number): Promise<number[]> {
    const plan = await this.planOf(filter, words);
    if (plan?.candidates === 0) return [];
    const page = sql`${orderBy(listingOfFilter(filter).sort)} LIMIT ${limit} OFFSET ${offset}`;
    const source = await this.sourceOf(filter, plan, limit + offset);
    if (plan && source === 'gathered') return (await this.gathered(filter, words, plan)).slice(offset, offset + limit);
    if (plan && source === 'candidates') return this.reads.ids(sql`${this.candidatesQuery(filter, plan)} ${page}`);
    const inOrder = sql`SELECT s.id FROM scripts AS s WHERE ${this.reads.rowConditions(filter, allWords(words))} ${page}`;
    // Many candidates for every word (and, filtered, for the selective facts) mean dense matches.
    if (!plan || !narrows(listingOfFilter(filter)) || plan.unindexed.length === 0) return this.reads.ids(inOrder);
    // Short words, which the index does not check, can leave few matches among many candidates, and
    // reading in order for them reads the whole scope: the first rows in order say how dense they are.
    const probe = await this.probeInOrder(filter, words);
    if (probe.complete || probe.ids.length >= offset + limit) return probe.ids.slice(offset, offset + limit);
    if (probe.density >= DENSE_FOR_PAGE) return this.reads.ids(inOrder);
    return (await this.gathered(filter, words, plan)).slice(offset, offset + limit);
  }

  /** Matches counted up to `atMost` (the count stops there), or all of them. */
  async count(filter: SearchFilter, words: SearchWords, atMost?: number): Promise<number> {
    const plan = await this.planOf(filter, words);
    if (plan?.candidates === 0) return 0;
    if (plan && exact(filter, plan) && (plan.candidates < plan.countedUpTo || (atMost !== undefined && plan.candidates >= atMost))) {
      return Math.min(plan.candidates, atMost ?? Infinity);
    }
    if (plan && narrows(listingOfFilter(filter)) && atMost !== undefined && atMost <= SEARCH_TOTAL_CAP + 1) {
      // As the first page chose: its gather holds every match up to the cap; its probe says whether
      // the matches are sparse, and then its gather counts them.
      const source = await this.sourceOf(filter, plan, CATALOGUE_FIRST_PAGE);
      if (source === 'gathered') return Math.min((await this.gathered(filter, words, plan)).length, atMost);
      if (source === 'inOrder' && plan.unindexed.length > 0) {
        const probe = await this.probeInOrder(filter, words);
        if (probe.complete) return Math.min(probe.ids.length, atMost);
        if (probe.density < DENSE_FOR_PAGE) return Math.min((await this.gathered(filter, words, plan)).length, atMost);
      }
    }
    return this.reads.countOf(this.matchingQuery(filter, words, plan), atMost);
  }

  /**
   * The plan's index candidates that match, in no order: each row tested for what the index does not
   * check (short words, the owner; the filter when its facts were not in the query).
   */
  private candidatesQuery(filter: SearchFilter, plan: SqlitePlan): RawBuilder<unknown> {
    const table = sql.table(plan.table);
    // The index checked the filter's facts; a keyset's position is still tested on the rows.
    const rest = plan.filtered ? { ...filter, listing: filter.listing?.after ? { sort: filter.listing.sort, after: filter.listing.after } : undefined } : filter;
    // The plan read every candidate's id when they were few: the index is not searched again.
    const ids = plan.ids ? sql`SELECT value AS id FROM json_each(${plan.ids})` : sql`SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ${plan.match}${visibleRowid(filter)}`;
    return sql`SELECT s.id FROM (${ids}) AS m CROSS JOIN scripts AS s ON s.id = m.id WHERE ${this.reads.rowConditions(rest, plan.unindexed)}`;
  }

  /**
   * A public search whose matches are sparse among many candidates: its matches in the listing's
   * order, up to where public totals and pages stop (SEARCH_TOTAL_CAP). Read once for the page and
   * the count of one search, which run together: testing every candidate is the cost of both.
   */
  private gathered(filter: SearchFilter, words: SearchWords, plan: SqlitePlan): Promise<number[]> {
    return this.reads.plans.run(`gathered:${planKey(filter, words)}`, () =>
      this.reads.ids(sql`${this.candidatesQuery(filter, plan)} ${orderBy(listingOfFilter(filter).sort)} LIMIT ${SEARCH_TOTAL_CAP + 1}`),
    );
  }

  /** The matches among the first `probeRows` rows in the listing's order (those its filter keeps). */
  private probeInOrder(filter: SearchFilter, words: SearchWords): Promise<{ ids: number[]; complete: boolean; density: number }> {
    return this.reads.plans.run(`sqlite-probe:${planKey(filter, words)}`, async () => {
      const sort = listingOfFilter(filter).sort;
      const { rows } = await sql<{ id: number; hit: number }>`SELECT p.id, ${wordsInRow('sqlite', allWords(words), filter.scope, 'p')} AS hit
        FROM (SELECT ${sortColumns(sort)}, s.search_text, s.loadstring_search FROM scripts AS s
          WHERE ${this.reads.scopeConditions(filter)} ${orderBy(sort)} LIMIT ${this.reads.limits.probeRows}) AS p ${orderBy(sort, 'p')}`.execute(this.reads.db.reader);
      const ids = rows.filter((row) => Boolean(row.hit)).map((row) => Number(row.id));
      return { ids, complete: rows.length < this.reads.limits.probeRows, density: ids.length / this.reads.limits.probeRows };
    });
  }

  /**
   * SQLite has no statistics for its FTS5 tables, so the candidates are counted (up to `sparseRows` + 1,
   * or `gatherRows` + 1 with a filter) in each index the words can use, and the one with the fewest is read: `pet simulator 99` finds no
   * script holding `99` in the gram index at once, instead of testing every Pet Simulator script. The
   * page and the count of one search run at the same time and share the one plan.
   */
  private planOf(filter: SearchFilter, words: SearchWords): Promise<SqlitePlan | undefined> {
    return this.reads.plans.run(`plan:${planKey(filter, words)}`, () => this.choosePlan(filter, words));
  }

  private async choosePlan(filter: SearchFilter, words: SearchWords): Promise<SqlitePlan | undefined> {
    const selective = await this.reads.selectiveFacts(filter);
    // A game no script can have: nothing matches, and no index needs reading to say so.
    if (selective === null) return { table: 'scripts_search', match: '', unindexed: [], filtered: true, lead: false, candidates: 0, countedUpTo: 0, ids: '[]' };
    // A filtered search's candidates are counted further: up to `gatherRows` of them are worth gathering.
    let countedUpTo = (narrows(listingOfFilter(filter)) ? this.reads.limits.gatherRows : this.reads.limits.sparseRows) + 1;
    let best: SqlitePlan | undefined;
    const facets = { tokens: facetTokens(selective.facts), complete: selective.complete };
    for (const index of sqliteIndexes(filter, words, facets)) {
      const table = sql.table(index.table);
      // The ids as one JSON text: thousands of rows would cost more to pass from the reader than to find.
      const { rows } = await sql<{ n: number; ids: string }>`SELECT count(*) AS n, json_group_array(id) AS ids
        FROM (SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ${index.match}${visibleRowid(filter)} LIMIT ${countedUpTo})`.execute(this.reads.db.reader);
      const candidates = Number(rows[0]?.n ?? 0);
      const plan = { ...index, candidates, countedUpTo, ids: candidates < countedUpTo ? rows[0]?.ids : undefined };
      // One word with the filter's facts, when that leaves few enough to gather, spares the index the rest.
      if (index.lead) {
        if (candidates < countedUpTo) return plan;
        // One word and the facts already match thousands: all the words are counted only far enough
        // to tell few (read and sorted) from many (read in order, where they are dense).
        countedUpTo = this.reads.limits.sparseRows + 1;
        continue;
      }
      if (!best || candidates < best.candidates) best = plan;
      if (candidates === 0) break;
    }
    return best;
  }

  /**
   * Where a page's rows come from. Unfiltered: the candidates, read and sorted, when they are few (the plan counted them all);
   * else the catalogue in order. Filtered, with up to `gatherRows` candidates: when their rows must
   * be tested (words or flags the index did not check), every match gathered once for the page and
   * the count; when the index checked everything, the candidates if there are fewer than a read in
   * order would test. Else in the sort's order, each row tested, until the page is full.
   */
  private async sourceOf(filter: SearchFilter, plan: SqlitePlan | undefined, rows: number): Promise<'candidates' | 'gathered' | 'inOrder'> {
    if (!plan) return 'inOrder';
    const many = plan.candidates >= plan.countedUpTo;
    if (!narrows(listingOfFilter(filter))) return many ? 'inOrder' : 'candidates';
    if (many) return 'inOrder';
    if (plan.unindexed.length > 0 || !plan.filtered) return 'gathered';
    return plan.candidates <= this.reads.limits.sparseRows || (await this.gathersCandidates(filter, plan, rows)) ? 'candidates' : 'inOrder';
  }

  /**
   * A filtered search's C candidates among the S scripts its filter keeps: reading them costs C row
   * reads; reading the filter's scripts in the sort's order (the flags tested in the index entry)
   * finds `rows` matches after about rows × S / C row reads. Gathering wins when C² < rows × S.
   */
  private async gathersCandidates(filter: SearchFilter, plan: SqlitePlan, rows: number): Promise<boolean> {
    const { matching } = await this.reads.facetTotals(listingOfFilter(filter));
    return plan.candidates * plan.candidates < Math.max(rows, 1) * matching;
  }

  /**
   * The rows matching, in no order, for counting: the plan's candidates, each tested for what the
   * index does not check. Never a scan of the catalogue in order: a count has no order to stop at.
   */
  private matchingQuery(filter: SearchFilter, words: SearchWords, plan: SqlitePlan | undefined): RawBuilder<unknown> {
    if (!plan) return sql`SELECT s.id FROM scripts AS s WHERE ${this.reads.rowConditions(filter, allWords(words))}`;
    const table = sql.table(plan.table);
    if (exact(filter, plan)) return sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${plan.match}${visibleRowid(filter)}`;
    return this.candidatesQuery(filter, plan);
  }
}

/**
 * The search indexes hold hidden scripts too (staff search finds them): a public search drops their
 * ids from the candidates, tested on the index's rowid (docs/decisions/0021-hidden-scripts-and-reports.md#hidden-scripts).
 */
const visibleRowid = (filter: SearchFilter) => (filter.scope === 'public' ? sql` AND ${visibleOnly('rowid')}` : sql``);

/** Whether every candidate of the plan matches: the index checked every word, the filter, and there is no owner to test. */
const exact = (filter: SearchFilter, plan: SqlitePlan) =>
  plan.unindexed.length === 0 && filter.ownerModeratorId === undefined && (plan.filtered || !narrows(listingOfFilter(filter)));

interface SqliteIndex {
  table: 'scripts_search' | 'scripts_grams';
  match: string;
  /** Words the index does not check, tested on each candidate row. */
  unindexed: string[];
  /** Whether the query holds every fact of the filter, so every candidate passes the filter. */
  filtered: boolean;
  /** One word of several (the cheapest to look up) with the filter's facts; the other words are tested on the rows. */
  lead: boolean;
}

interface SqlitePlan extends SqliteIndex {
  /** Candidates in the index, counted up to `countedUpTo` (exact below it). */
  candidates: number;
  countedUpTo: number;
  /** Every candidate's id as a JSON array, when there are fewer than `countedUpTo`. */
  ids: string | undefined;
}

/**
 * The SQLite full-text indexes a search's candidates can come from: the trigram index for words of
 * three characters or more, and (public search only: it covers name and description, not the loader
 * text) the gram index for words of one or two. Both hold the filter's facts as tokens.
 */
function sqliteIndexes(filter: SearchFilter, words: SearchWords, facets: { tokens: string[]; complete: boolean }): SqliteIndex[] {
  const indexes: SqliteIndex[] = [];
  const { tokens, complete: filtered } = facets;
  if (tokens.length > 0 && words.indexed.length > 1) {
    // Each trigram of a word is a list to merge: the shortest word costs the least.
    const lead = words.indexed.reduce((shortest, word) => ([...word].length < [...shortest].length ? word : shortest));
    const rest = [...words.indexed.filter((word) => word !== lead), ...words.short];
    indexes.push({ table: 'scripts_search', match: ftsQuery([lead], filter.scope, tokens), unindexed: rest, filtered, lead: true });
  }
  if (words.indexed.length > 0) indexes.push({ table: 'scripts_search', match: ftsQuery(words.indexed, filter.scope, tokens), unindexed: words.short, filtered, lead: false });
  if (filter.scope === 'public' && words.short.length > 0) indexes.push({ table: 'scripts_grams', match: gramsQuery(words.short, tokens), unindexed: words.indexed, filtered, lead: false });
  return indexes;
}
