import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ftsQuery, gramsQuery, type SearchScope, type SearchWords, searchWords, wordsInGrams, wordsInRow, wordsLike } from '../db/search.ts';

export interface SearchFilter {
  q: string;
  scope: SearchScope;
  /** Only this moderator's scripts (the moderator's own table). */
  ownerModeratorId?: number | undefined;
}

/**
 * SQLite: a search whose indexed words match at most this many rows reads them from the trigram
 * index and sorts them; one that matches more reads rows newest first and stops when the page is
 * full, which the density of its matches (over 1 row in 1,000 of a million) keeps short.
 */
const SPARSE_ROWS = 1_000;
/** PostgreSQL: how many of the newest rows a search reads first, to see how dense its matches are. */
const PROBE_ROWS = 2_000;
/** PostgreSQL: densities above which reading newest first beats the trigram index, to fill a page / to count. */
const DENSE_FOR_PAGE = 0.005;
const DENSE_FOR_COUNT = 0.05;

const NEWEST_FIRST = sql`ORDER BY s.created_at DESC, s.id DESC`;

/**
 * All SQL of catalogue and staff search: which script ids a search finds, newest first, and how many.
 * A script matches when every word of the query occurs in it as a substring, in any order (public:
 * name and description; staff: the loader text too). Both databases answer the same rows; each reads
 * them the cheapest way it can tell, and never gathers every match to return one page.
 */
export class SearchRepository {
  constructor(private readonly db: Db) {}

  /** Ids of one page of matches, newest first. */
  async pageIds(filter: SearchFilter, limit: number, offset: number): Promise<number[]> {
    const words = searchWords(filter.q);
    if (this.db.dialect === 'postgres') return this.postgresPage(filter, words, limit, offset);
    return this.ids(sql`${await this.sqlitePage(filter, words)} ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}`);
  }

  /** Matches counted up to `atMost` (the count stops there), or all of them. */
  async count(filter: SearchFilter, atMost?: number): Promise<number> {
    const words = searchWords(filter.q);
    if (this.db.dialect === 'postgres' && atMost !== undefined) {
      const probe = await this.postgresProbe(filter, words);
      if (probe.complete) return Math.min(probe.ids.length, atMost);
      if (probe.density >= DENSE_FOR_COUNT) return this.countOf(sql`SELECT 1 FROM scripts AS s WHERE ${this.rowConditions(filter, all(words))}`, atMost);
    }
    return this.countOf(this.matching(filter, words), atMost);
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

  /** SQLite has no statistics for its FTS5 tables: count the index's candidates first, then choose. */
  private async sqlitePage(filter: SearchFilter, words: SearchWords): Promise<RawBuilder<unknown>> {
    const index = sqliteIndex(filter, words);
    if (index && (await this.count(filter, SPARSE_ROWS + 1)) <= SPARSE_ROWS) {
      return sql`SELECT s.id FROM (SELECT rowid AS id FROM ${sql.table(index.table)} WHERE ${sql.table(index.table)} MATCH ${index.match}) AS m
        CROSS JOIN scripts AS s ON s.id = m.id WHERE ${this.rowConditions(filter, index.unindexed)}`;
    }
    return sql`SELECT s.id FROM scripts AS s WHERE ${this.rowConditions(filter, all(words))}`;
  }

  /**
   * PostgreSQL's planner misjudges how common a LIKE pattern is (digits and punctuation have no
   * statistics), so the newest rows are read first: a dense search fills its page from them or by
   * reading on newest first; a rare one goes to the trigram index.
   */
  private async postgresPage(filter: SearchFilter, words: SearchWords, limit: number, offset: number): Promise<number[]> {
    const probe = await this.postgresProbe(filter, words);
    if (probe.complete || probe.ids.length >= offset + limit) return probe.ids.slice(offset, offset + limit);
    if (probe.density >= DENSE_FOR_PAGE) {
      return this.ids(sql`SELECT s.id FROM scripts AS s WHERE ${this.rowConditions(filter, all(words))} ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}`);
    }
    return this.ids(sql`SELECT s.id FROM (${this.postgresIndexed(filter, words, sql`s.id, s.created_at`)}) AS s ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}`);
  }

  /**
   * Rows found through the indexes alone. OFFSET 0 keeps the planner from reading this as "newest
   * first until the page is full", which on a misjudged rare word means reading every row.
   */
  private postgresIndexed(filter: SearchFilter, words: SearchWords, columns: RawBuilder<unknown>): RawBuilder<unknown> {
    return sql`SELECT ${columns} FROM scripts AS s WHERE ${this.postgresConditions(filter, words)} OFFSET 0`;
  }

  /** The matches among the newest PROBE_ROWS rows; `complete` when those are all the rows there are. */
  private async postgresProbe(filter: SearchFilter, words: SearchWords) {
    const newest = sql`SELECT s.id, s.created_at, s.search_text, s.loadstring_search FROM scripts AS s
      WHERE ${this.ownerCondition(filter)} ${NEWEST_FIRST} LIMIT ${PROBE_ROWS}`;
    const { rows } = await sql<{ id: number; hit: boolean }>`SELECT s.id, ${wordsInRow('postgres', all(words), filter.scope, 's')} AS hit
      FROM (${newest}) AS s ${NEWEST_FIRST}`.execute(this.db.reader);
    const ids = rows.filter((row) => row.hit).map((row) => Number(row.id));
    // Fewer rows than the probe reads means it saw every row (of this owner) there is.
    return { ids, complete: rows.length < PROBE_ROWS, density: ids.length / PROBE_ROWS };
  }

  /** The rows matching, in no order, for counting through the indexes. */
  private matching(filter: SearchFilter, words: SearchWords): RawBuilder<unknown> {
    if (this.db.dialect === 'postgres') return sql`SELECT 1 FROM (${this.postgresIndexed(filter, words, sql`1`)}) AS s`;
    const index = sqliteIndex(filter, words);
    if (!index) return sql`SELECT 1 FROM scripts AS s WHERE ${this.rowConditions(filter, all(words))}`;
    const table = sql.table(index.table);
    if (index.unindexed.length === 0 && filter.ownerModeratorId === undefined) {
      return sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${index.match}`;
    }
    return sql`SELECT s.id FROM ${table} AS f CROSS JOIN scripts AS s ON s.id = f.rowid
      WHERE f.${table} MATCH ${index.match} AND ${this.rowConditions(filter, index.unindexed)}`;
  }

  /** LIKE for words the pg_trgm indexes serve; short words through the gram index when alone (public). */
  private postgresConditions(filter: SearchFilter, words: SearchWords): RawBuilder<boolean> {
    const conditions = [this.ownerCondition(filter)];
    if (words.indexed.length > 0) conditions.push(wordsLike(words.indexed, filter.scope, 's'));
    if (words.indexed.length === 0 && filter.scope === 'public') conditions.push(wordsInGrams(words.short, 's'));
    if (words.short.length > 0) conditions.push(wordsInRow('postgres', words.short, filter.scope, 's'));
    return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
  }

  /** Conditions read from the script row itself: the owner, and words tested without an index. */
  private rowConditions(filter: SearchFilter, words: string[]): RawBuilder<boolean> {
    const conditions = [this.ownerCondition(filter)];
    if (words.length > 0) conditions.push(wordsInRow(this.db.dialect, words, filter.scope, 's'));
    return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
  }

  private ownerCondition(filter: SearchFilter): RawBuilder<boolean> {
    return filter.ownerModeratorId === undefined ? sql<boolean>`TRUE` : sql<boolean>`s.owner_moderator_id = ${filter.ownerModeratorId}`;
  }
}

const all = (words: SearchWords) => [...words.indexed, ...words.short];

/**
 * The SQLite full-text index a search's candidates come from: the trigram index for words of three
 * characters or more (short ones are then checked on the row), or, when every word is short, the
 * gram index (public search only: it covers name and description, not the loader text).
 */
function sqliteIndex(filter: SearchFilter, words: SearchWords) {
  if (words.indexed.length > 0) return { table: 'scripts_search', match: ftsQuery(words.indexed, filter.scope), unindexed: words.short };
  if (filter.scope === 'public' && words.short.length > 0) return { table: 'scripts_grams', match: gramsQuery(words.short), unindexed: [] };
  return undefined;
}
