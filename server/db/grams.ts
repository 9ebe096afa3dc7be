/**
 * The gram index's tokens: `openDatabase` registers `script_grams` with them on every connection
 * that writes, and the search's short-word queries name them. A file of its own so that the database
 * module imports no search code (search.ts imports the database's `Dialect`).
 */

/**
 * The one- and two-character substrings of a folded text, each once: what a short word can be found
 * through (the trigram indexes cannot: a trigram needs three characters).
 */
export function searchGrams(text: string): string[] {
  const characters = [...text];
  const grams = new Set<string>();
  characters.forEach((character, index) => {
    grams.add(character);
    const next = characters[index + 1];
    if (next !== undefined) grams.add(character + next);
  });
  return [...grams];
}

/**
 * A gram as an FTS5 token: its code points in fixed-width hex, so any character (a space, a dot, a
 * letter newer than the tokenizer's Unicode tables) is one token of letters and digits, and a
 * one-character gram (6 digits) never reads as a two-character one (12).
 */
export function gramToken(gram: string): string {
  return [...gram].map((character) => (character.codePointAt(0) ?? 0).toString(16).padStart(6, '0')).join('');
}

/** The text the SQLite gram index stores for a script's search text (see the grams migration). */
export function gramTokens(searchText: string): string {
  return searchGrams(searchText).map(gramToken).join(' ');
}
