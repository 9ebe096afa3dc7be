import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './database.ts';

/** Indexed search needs three characters: both trigram indexes work on three-character grams. */
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

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A condition on `scripts` matching the folded term as a substring.
 * SQLite: FTS5 trigram phrase query; PostgreSQL: LIKE served by pg_trgm GIN indexes.
 * Terms under three characters cannot use either index and fall back to a scan.
 */
export function searchCondition(dialect: Dialect, query: string, scope: SearchScope = 'public'): RawBuilder<boolean> {
  const term = foldSearchText(query);
  const columns = scope === 'public' ? ['search_text'] : ['search_text', 'loadstring_search'];
  if ([...term].length < MIN_INDEXED_LENGTH) {
    const find = dialect === 'postgres' ? 'strpos' : 'instr';
    return sql<boolean>`(${sql.join(
      columns.map((column) => sql`${sql.raw(find)}(${sql.ref(`scripts.${column}`)}, ${term}) > 0`),
      sql` OR `,
    )})`;
  }
  if (dialect === 'postgres') {
    const pattern = `%${escapeLike(term)}%`;
    return sql<boolean>`(${sql.join(
      columns.map((column) => sql`${sql.ref(`scripts.${column}`)} LIKE ${pattern} ESCAPE '\\'`),
      sql` OR `,
    )})`;
  }
  const phrase = `"${term.replace(/"/g, '""')}"`;
  const match = scope === 'public' ? `{search_text} : ${phrase}` : phrase;
  return sql<boolean>`scripts.id IN (SELECT rowid FROM scripts_search WHERE scripts_search MATCH ${match})`;
}

/** Case-insensitive substring on a column already stored folded (such as a username key). */
export function containsCondition(dialect: Dialect, column: string, query: string): RawBuilder<boolean> {
  const find = dialect === 'postgres' ? 'strpos' : 'instr';
  return sql<boolean>`${sql.raw(find)}(${sql.ref(column)}, ${foldSearchText(query)}) > 0`;
}
