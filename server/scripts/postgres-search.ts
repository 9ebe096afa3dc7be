import { type RawBuilder, sql } from 'kysely';
import { filterForIndex, narrows, orderBy, sortColumns } from '../db/listing.ts';
import { type SearchWords, wordsInGrams, wordsInRow, wordsLike } from '../db/search.ts';
import { allWords, listingOfFilter, planKey, type SearchFilter, type SearchReads } from './search-reads.ts';

/** Densities above which reading in the sort's order beats the trigram index, to fill a page / to count. */
const DENSE_FOR_PAGE = 0.005;
const DENSE_FOR_COUNT = 0.05;
/** A short word in fewer than this share of the newest rows is looked up in the gram index. */
const RARE_SHORT = 0.01;

/** Search on PostgreSQL: its planner chooses among the GIN indexes, after a probe in the sort's order. */
export class PostgresSearch {
  constructor(private readonly reads: SearchReads) {}

  /**
   * PostgreSQL's planner misjudges how common a LIKE pattern is (digits and punctuation have no
   * statistics), so the newest rows are read first: a dense search fills its page from them or by
   * reading on newest first; a rare one goes to the trigram index.
   */
  async page(filter: SearchFilter, words: SearchWords, limit: number, offset: number): Promise<number[]> {
    const probe = await this.probe(filter, words);
    if (probe.complete || probe.ids.length >= offset + limit) return probe.ids.slice(offset, offset + limit);
    const sort = listingOfFilter(filter).sort;
    if (probe.density >= DENSE_FOR_PAGE) {
      return this.reads.ids(sql`SELECT s.id FROM scripts AS s WHERE ${this.reads.rowConditions(filter, allWords(words))} ${orderBy(sort)} LIMIT ${limit} OFFSET ${offset}`);
    }
    return this.reads.ids(sql`SELECT s.id FROM (${await this.indexed(filter, words, probe.rareShort, sortColumns(sort))}) AS s ${orderBy(sort)} LIMIT ${limit} OFFSET ${offset}`);
  }

  /** Matches counted up to `atMost` (the count stops there), or all of them. */
  async count(filter: SearchFilter, words: SearchWords, atMost?: number): Promise<number> {
    let rareShort = words.short;
    if (atMost !== undefined) {
      const probe = await this.probe(filter, words);
      if (probe.complete) return Math.min(probe.ids.length, atMost);
      if (probe.density >= DENSE_FOR_COUNT) return this.reads.countOf(sql`SELECT 1 FROM scripts AS s WHERE ${this.reads.rowConditions(filter, allWords(words))}`, atMost);
      rareShort = probe.rareShort;
    }
    return this.reads.countOf(sql`SELECT 1 FROM (${await this.indexed(filter, words, rareShort, sql`1`)}) AS s`, atMost);
  }

  /**
   * Rows found through the indexes alone. OFFSET 0 keeps the planner from reading this as "newest
   * first until the page is full", which on a misjudged rare word means reading every row.
   */
  private async indexed(filter: SearchFilter, words: SearchWords, rareShort: string[], columns: RawBuilder<unknown>): Promise<RawBuilder<unknown>> {
    return sql`SELECT ${columns} FROM scripts AS s WHERE ${await this.conditions(filter, words, rareShort)} OFFSET 0`;
  }

  /**
   * The matches among the first `probeRows` rows in the listing's order (those its filter keeps);
   * `complete` when those are all the rows there are.
   * Also which short words are rare there (under RARE_SHORT of the rows): only those are worth the
   * gram index, whose bitmap for a common pair (`da`, `rp`) costs more than testing the rows.
   */
  private probe(filter: SearchFilter, words: SearchWords): Promise<PostgresProbe> {
    return this.reads.plans.run(`probe:${planKey(filter, words)}`, () => this.readProbe(filter, words));
  }

  private async readProbe(filter: SearchFilter, words: SearchWords): Promise<PostgresProbe> {
    const sort = listingOfFilter(filter).sort;
    const newest = sql`SELECT ${sortColumns(sort)}, s.search_text, s.loadstring_search FROM scripts AS s
      WHERE ${this.reads.scopeConditions(filter)} ${orderBy(sort)} LIMIT ${this.reads.limits.probeRows}`;
    const shortHits = words.short.map((word, i) => sql`${wordsInRow('postgres', [word], filter.scope, 's')} AS ${sql.ref(`short_${i}`)}`);
    const { rows } = await sql<Record<string, unknown> & { id: number; hit: boolean }>`SELECT s.id, ${wordsInRow('postgres', allWords(words), filter.scope, 's')} AS hit
      ${shortHits.length > 0 ? sql`, ${sql.join(shortHits)}` : sql``}
      FROM (${newest}) AS s ${orderBy(sort)}`.execute(this.reads.db.reader);
    const ids = rows.filter((row) => row.hit).map((row) => Number(row.id));
    const rareShort = words.short.filter((_, i) => rows.filter((row) => row[`short_${i}`]).length < RARE_SHORT * rows.length);
    // Fewer rows than the probe reads means it saw every row (of this owner) there is.
    return { ids, complete: rows.length < this.reads.limits.probeRows, density: ids.length / this.reads.limits.probeRows, rareShort };
  }

  /**
   * LIKE for words the pg_trgm indexes serve; the gram index for the rare short words (public), which
   * the planner ANDs with the trigram bitmaps, so `pet simulator 99` ends in the index instead of
   * testing every Pet Simulator script; every short word is still tested on the row.
   */
  private async conditions(filter: SearchFilter, words: SearchWords, rareShort: string[]): Promise<RawBuilder<boolean>> {
    const conditions = [await this.indexScope(filter)];
    if (words.indexed.length > 0) conditions.push(wordsLike(words.indexed, filter.scope, 's'));
    // Alone, short words have no other index: the gram index serves them however common.
    const grams = words.indexed.length === 0 ? words.short : rareShort;
    if (grams.length > 0 && filter.scope === 'public') conditions.push(wordsInGrams(grams, 's'));
    if (words.short.length > 0) conditions.push(wordsInRow('postgres', words.short, filter.scope, 's'));
    return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
  }

  /** The rows a search looks among, for an index scan: the filter's selective facts as index conditions. */
  private async indexScope(filter: SearchFilter): Promise<RawBuilder<boolean>> {
    const listing = filter.listing;
    if (!listing || !narrows(listing)) return this.reads.scopeConditions(filter);
    const selective = await this.reads.selectiveFacts(filter);
    // A game no script has: nothing matches.
    if (selective === null) return sql<boolean>`FALSE`;
    return filterForIndex(listing, selective.facts);
  }
}

interface PostgresProbe {
  /** Matching ids among the newest rows, newest first. */
  ids: number[];
  complete: boolean;
  density: number;
  rareShort: string[];
}
