import { type RawBuilder, sql } from 'kysely';
import { CATALOGUE_FILTER_NAMES, type FilterName } from '../../contract/catalogue-filters.ts';
import { SEARCH_MAX_WORDS } from '../../contract/index.ts';
import type { Dialect } from './database.ts';
import { FILTER_SQL, type FilterSql, type SearchFact } from './catalogue-filters.ts';
import { gramToken } from './grams.ts';

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

/**
 * SQLite: the FTS5 trigram query that finds rows holding every indexed word (each a phrase) and
 * every facet token. Words are looked for in the text columns only, never among the tokens.
 */
export function ftsQuery(words: string[], scope: SearchScope, facets: string[] = []): string {
  const phrase = (word: string) => `"${word.replace(/"/g, '""')}"`;
  const columns = scope === 'public' ? '{search_text}' : '{search_text loadstring_search}';
  return [...words.map((word) => `${columns} : ${phrase(word)}`), ...facets.map((token) => `{facets} : "${token}"`)].join(' AND ');
}

/** SQLite: the gram-index query that finds rows holding every short word (see gramToken) and every facet token. */
export function gramsQuery(words: string[], facets: string[] = []): string {
  return [...words.map((word) => `"${gramToken(word)}"`), ...facets.map((token) => `"${token}"`)].join(' AND ');
}

/** A catalogue filter's facts, as the search-facets migration indexes them (a game by its id, a flag's side), by filter name. */
export type SearchFacets = Partial<Record<FilterName, SearchFact>>;

/**
 * SQLite: the index tokens a filter asks for (the search-facets migration writes them for each
 * script), each filter's `search.token` (server/db/catalogue-filters.ts): `zg<id>z` for a game, a
 * flag's token and 0 or 1. Neither index's words can hold them: trigram words are looked for in other
 * columns, gram tokens are hex digits.
 */
export function facetTokens(facets: SearchFacets): string[] {
  return CATALOGUE_FILTER_NAMES.flatMap((name) => {
    const fact = facets[name];
    const search = (FILTER_SQL[name] as FilterSql<unknown>).search;
    return fact === undefined || !search ? [] : [search.token(fact)];
  });
}

/** PostgreSQL: every short word is one of the row's grams (the gram index serves it). */
export function wordsInGrams(words: string[], table = 'scripts'): RawBuilder<boolean> {
  return sql<boolean>`script_grams(${sql.ref(`${table}.search_text`)}) @> ${words}::text[]`;
}

/** Case-insensitive substring on a column already stored folded (such as a username key). */
export function containsCondition(dialect: Dialect, column: string, query: string): RawBuilder<boolean> {
  const find = dialect === 'postgres' ? 'strpos' : 'instr';
  return sql<boolean>`${sql.raw(find)}(${sql.ref(column)}, ${foldSearchText(query)}) > 0`;
}
