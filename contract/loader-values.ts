import type { LuauToken } from './luau-tokens.ts';

/**
 * What the names of a loader hold, as far as the loader analysis needs to know
 * (docs/decisions.md#loader-findings): the texts a name is given (`local url = base .. "x.lua"`, joined
 * across `..` so a URL split in pieces reads whole), every text of a table it is given
 * (`local data = { Url = hook }`, `data.Url = hook`), and whether it is another name for a fetch
 * (`local req = syn and syn.request or http_request`). Assignments are read in source order; a name
 * given values more than once holds them all.
 */
export interface LoaderValues {
  /** The texts an expression at `at` can be, up to `until` (exclusive): each `..` chain joined. */
  textsIn(tokens: LuauToken[], at: number, until: number): string[];
  /** Whether a name is a fetch or was given one. */
  isFetch(name: string): boolean;
}

/** Alternatives kept per chain and per name, and the length a joined text is cut to (a URL is far shorter), so a loader built to multiply them costs nothing. */
const MAX_TEXTS = 16;
const MAX_TEXT_LENGTH = 512;
const KEYWORDS = new Set(['and', 'or', 'not', 'local', 'function', 'return', 'end', 'if', 'then', 'else', 'elseif', 'for', 'while', 'do', 'repeat', 'until', 'in', 'nil', 'true', 'false', 'break', 'continue']);
/** Tokens after which an expression goes on to the next line. */
const CONTINUES = new Set(['..', 'and', 'or', '(', '{', '[', '=', '+', '-', '*', '/', 'not']);

export function loaderValues(tokens: LuauToken[], source: string, fetches: ReadonlySet<string>): LoaderValues {
  const texts = new Map<string, string[]>();
  const aliases = new Set<string>();
  const isFetch = (name: string) => fetches.has(name) || aliases.has(name);

  const textsIn = (slice: LuauToken[], at: number, until: number): string[] => {
    const out: string[] = [];
    let chain: string[] | undefined;
    const flush = () => {
      if (chain) out.push(...chain);
      chain = undefined;
    };
    for (let i = at; i < until; i += 1) {
      const token = slice[i] as LuauToken;
      const piece = token.kind === 'string' || token.kind === 'number' ? [token.text] : token.kind === 'name' && !KEYWORDS.has(token.text) ? (texts.get(token.text) ?? ['']) : undefined;
      if (!piece) {
        if (token.text !== '..') flush();
        continue;
      }
      chain = chain && slice[i - 1]?.text === '..' ? joined(chain, piece) : (flush(), piece);
    }
    flush();
    return out.filter((text) => text !== '').slice(0, MAX_TEXTS);
  };

  tokens.forEach((token, i) => {
    if (token.kind !== 'name' || tokens[i + 1]?.kind !== 'symbol' || tokens[i + 1]?.text !== '=') return;
    const end = expressionEnd(tokens, i + 2, source);
    const given = textsIn(tokens, i + 2, end);
    for (const name of [token.text, ...baseNames(tokens, i)]) texts.set(name, [...(texts.get(name) ?? []), ...given].slice(-MAX_TEXTS));
    if (refersToFetch(tokens, i + 2, end, isFetch)) aliases.add(token.text);
  });
  return { textsIn, isFetch };
}

/** Every way to join two lists of pieces, at most MAX_TEXTS. */
function joined(left: string[], right: string[]): string[] {
  const out: string[] = [];
  for (const a of left) for (const b of right) if (out.length < MAX_TEXTS) out.push((a + b).slice(0, MAX_TEXT_LENGTH));
  return out;
}

/** `a` and `a.b` for the target of `a.b.c = …`: a table's field gives the table its texts. */
function baseNames(tokens: LuauToken[], i: number): string[] {
  const names: string[] = [];
  for (let j = i - 1; tokens[j]?.text === '.' && tokens[j - 1]?.kind === 'name'; j -= 2) names.push((tokens[j - 1] as LuauToken).text);
  return names;
}

/**
 * Where the expression starting at `at` ends: at a `;`, a `,` or a line break outside brackets (unless
 * the line ends in an operator), or where a bracket it did not open closes (a table field's value).
 */
function expressionEnd(tokens: LuauToken[], at: number, source: string): number {
  let depth = 0;
  for (let j = at; j < tokens.length; j += 1) {
    const token = tokens[j] as LuauToken;
    const before = tokens[j - 1] as LuauToken;
    if (j > at && depth === 0 && (token.text === ';' || token.text === ',' || (source.slice(before.end, token.offset).includes('\n') && !CONTINUES.has(before.text)))) return j;
    if (token.kind !== 'symbol') continue;
    if (token.text === '(' || token.text === '{' || token.text === '[') depth += 1;
    if (token.text === ')' || token.text === '}' || token.text === ']') depth -= 1;
    if (depth < 0) return j;
  }
  return tokens.length;
}

/** Whether an expression names a fetch without calling it (`syn and syn.request or request`). */
function refersToFetch(tokens: LuauToken[], at: number, end: number, isFetch: (name: string) => boolean): boolean {
  for (let j = at; j < end; j += 1) {
    const token = tokens[j] as LuauToken;
    const next = tokens[j + 1];
    const called = next !== undefined && j + 1 < end && (next.kind === 'string' || (next.kind === 'symbol' && (next.text === '(' || next.text === '{')));
    if (token.kind === 'name' && isFetch(token.text) && !called) return true;
  }
  return false;
}
