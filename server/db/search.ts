import { type RawBuilder, sql } from 'kysely';
import { SEARCH_MAX_WORDS } from '../../contract/index.ts';
import type { Dialect } from './database.ts';

/** Both trigram indexes work on three-character grams: shorter words are matched by reading rows. */
const MIN_INDEXED_LENGTH = 3;

/**
 * The one folding applied to stored search text and to queries alike: Unicode lower case
 * (Latin and Cyrillic), NFC, and ё read as е, so matching never depends on the database's collation.
 */
export function foldSearchText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/ё/g, 'е');
}

export function searchTextOf(playsname: string, description: string): string {
  return foldSearchText(`${playsname}\n${description}`);
}

/** Public search covers name and description; the staff tables' search adds the loader text. */
export type SearchScope = 'public' | 'staff';

/** A query as words to find: each must occur, as a substring, in any order. */
export interface SearchWords {
  /** Three characters or more: the trigram index can find them. */
  indexed: string[];
  /** One or two characters: matched by reading the candidate rows. */
  short: string[];
}

/**
 * Splits a query into folded words (at spaces, commas and semicolons). Repeats, and words inside
 * another word ("far" beside "farm"), add nothing and are dropped; at most SEARCH_MAX_WORDS remain
 * (the contract refuses longer queries; the cut only guards direct callers).
 */
export function searchWords(query: string): SearchWords {
  const all = [...new Set(foldSearchText(query).split(/[\s,;]+/u).filter((word) => word !== ''))];
  const words = all.filter((word) => !all.some((other) => other !== word && other.includes(word))).slice(0, SEARCH_MAX_WORDS);
  const length = (word: string) => [...word].length;
  return {
    indexed: words.filter((word) => length(word) >= MIN_INDEXED_LENGTH),
    short: words.filter((word) => length(word) < MIN_INDEXED_LENGTH),
  };
}

const columnsOf = (scope: SearchScope) => (scope === 'public' ? ['search_text'] : ['search_text', 'loadstring_search']);

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Every word as a plain substring test on the row itself (no index): what a scan in newest-first
 * order filters with, on either database, and the check of short words on indexed candidates.
 */
export function wordsInRow(dialect: Dialect, words: string[], scope: SearchScope, table = 'scripts'): RawBuilder<boolean> {
  const find = dialect === 'postgres' ? 'strpos' : 'instr';
  const one = (word: string) =>
    sql`(${sql.join(
      columnsOf(scope).map((column) => sql`${sql.raw(find)}(${sql.ref(`${table}.${column}`)}, ${word}) > 0`),
      sql` OR `,
    )})`;
  return sql<boolean>`(${sql.join(words.map(one), sql` AND `)})`;
}

/** PostgreSQL: every word as LIKE, which the pg_trgm GIN indexes serve for words of 3+ characters. */
export function wordsLike(words: string[], scope: SearchScope, table = 'scripts'): RawBuilder<boolean> {
  const one = (word: string) =>
    sql`(${sql.join(
      columnsOf(scope).map((column) => sql`${sql.ref(`${table}.${column}`)} LIKE ${`%${escapeLike(word)}%`} ESCAPE '\\'`),
      sql` OR `,
    )})`;
  return sql<boolean>`(${sql.join(words.map(one), sql` AND `)})`;
}

/** SQLite: the FTS5 trigram query that finds rows holding every indexed word (each a phrase). */
export function ftsQuery(words: string[], scope: SearchScope): string {
  const phrase = (word: string) => `"${word.replace(/"/g, '""')}"`;
  return words.map((word) => (scope === 'public' ? `{search_text} : ${phrase(word)}` : phrase(word))).join(' AND ');
}

/** Case-insensitive substring on a column already stored folded (such as a username key). */
export function containsCondition(dialect: Dialect, column: string, query: string): RawBuilder<boolean> {
  const find = dialect === 'postgres' ? 'strpos' : 'instr';
  return sql<boolean>`${sql.raw(find)}(${sql.ref(column)}, ${foldSearchText(query)}) > 0`;
}
