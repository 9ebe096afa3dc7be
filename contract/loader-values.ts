import type { StepBudget } from './loader-budget.ts';
import { isOpen, loaderStructure } from './loader-structure.ts';
import type { LuauToken } from './luau-tokens.ts';

/**
 * What the names of a loader hold, as far as the loader analysis needs to know
 * (docs/decisions/0018-loader-analysis.md#loader-findings): the texts a name is given (`local url = base .. "x.lua"`, joined
 * across `..` so a URL split in pieces reads whole), every text of a table it is given
 * (`local data = { Url = hook }`, `data.Url = hook`), and whether it is another name for a fetch
 * (`local req = syn and syn.request or http_request`). Assignments are read in source order, each as
 * its expression ends; a name given values more than once holds them all.
 *
 * Linear in the number of tokens (docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md): the
 * texts of each bracketed part are gathered once, when it closes, and an expression holding it takes
 * them from there instead of reading the part again, so nesting costs nothing more than length.
 */
export interface LoaderValues {
  /** The texts a call is given, the token after its name at `at`: one string, or every text in its `(…)` or `{…}`, with names as the whole loader gives them. */
  argumentTexts(at: number): string[];
  /** Whether a name is a fetch or was given one. */
  isFetch(name: string): boolean;
}

/** Alternatives kept per chain and per name, and the length a joined text is cut to (a URL is far shorter), so a loader built to multiply them costs nothing. */
const MAX_TEXTS = 16;
const MAX_TEXT_LENGTH = 512;
const KEYWORDS = new Set(['and', 'or', 'not', 'local', 'function', 'return', 'end', 'if', 'then', 'else', 'elseif', 'for', 'while', 'do', 'repeat', 'until', 'in', 'nil', 'true', 'false', 'break', 'continue']);

/** What a stretch of tokens gives: its first MAX_TEXTS texts, and whether it names a fetch without calling it. */
interface Summary {
  texts: string[];
  namesFetch: boolean;
}

const NOTHING: Summary = { texts: [], namesFetch: false };

/** A point where something is read: an assignment as its expression ends, or a bracket as it closes. Inner ones first at the same token. */
interface Moment {
  end: number;
  level: number;
  /** An index into the assignments, or an opening bracket's token (bracket: true). */
  index: number;
  bracket: boolean;
}

export function loaderValues(tokens: LuauToken[], source: string, fetches: ReadonlySet<string>, budget: StepBudget): LoaderValues {
  const { closeOf, depth, assignments } = loaderStructure(tokens, source, budget);
  const texts = new Map<string, string[]>();
  const aliases = new Set<string>();
  const isFetch = (name: string) => fetches.has(name) || aliases.has(name);
  const pieceOf = (token: LuauToken) => (token.kind === 'string' || token.kind === 'number' ? [token.text] : token.kind === 'name' && !KEYWORDS.has(token.text) ? (texts.get(token.text) ?? ['']) : undefined);
  const calledAt = (k: number, until: number) => k < until && (tokens[k]?.kind === 'string' || tokens[k]?.text === '(' || tokens[k]?.text === '{');

  /** The summary of tokens `from` to `until` (exclusive), taking each bracket inside from `inner` (its summary by opening token). */
  const summarize = (from: number, until: number, inner: (Summary | undefined)[]): Summary => {
    const out: string[] = [];
    let chain: string[] | undefined;
    let namesFetch = false;
    const add = (more: readonly string[]) => {
      for (const text of more) if (text !== '' && out.length < MAX_TEXTS) out.push(text);
    };
    const flush = () => {
      if (chain) add(chain);
      chain = undefined;
    };
    for (let j = from; j < until; j += 1) {
      budget.spend();
      const token = tokens[j] as LuauToken;
      if (isOpen(token)) {
        flush();
        const part = inner[j];
        if (part) add(part.texts);
        namesFetch ||= part?.namesFetch ?? false;
        j = closeOf[j] as number;
        continue;
      }
      if (token.kind === 'name' && !namesFetch && isFetch(token.text) && !calledAt(j + 1, until)) namesFetch = true;
      if (out.length >= MAX_TEXTS) continue;
      const piece = pieceOf(token);
      if (!piece) {
        if (token.text !== '..') flush();
        continue;
      }
      chain = chain && tokens[j - 1]?.text === '..' ? joined(chain, piece, budget) : (flush(), piece);
    }
    flush();
    return out.length === 0 && !namesFetch ? NOTHING : { texts: out, namesFetch };
  };

  const moments = readingOrder(tokens, closeOf, depth, assignments, budget);
  const brackets: (Summary | undefined)[] = [];
  for (const moment of moments) {
    if (moment.bracket) {
      brackets[moment.index] = summarize(moment.index + 1, closeOf[moment.index] as number, brackets);
      continue;
    }
    const { target, at, end } = assignments[moment.index] as (typeof assignments)[number];
    const given = summarize(at, end, brackets);
    for (const name of [(tokens[target] as LuauToken).text, ...baseNames(tokens, target)]) {
      texts.set(name, [...(texts.get(name) ?? []), ...given.texts].slice(-MAX_TEXTS));
    }
    if (given.namesFetch) aliases.add((tokens[target] as LuauToken).text);
  }

  // A fetch's arguments read names as the whole loader gives them (a function may fetch a name given
  // its URL further down): each bracket's texts once more, with every assignment known.
  const final: (Summary | undefined)[] = [];
  for (const moment of moments) if (moment.bracket) final[moment.index] = summarize(moment.index + 1, closeOf[moment.index] as number, final);

  const argumentTexts = (at: number): string[] => {
    const first = tokens[at];
    if (first?.kind === 'string') return first.text === '' ? [] : [first.text];
    return first?.kind === 'symbol' && (first.text === '(' || first.text === '{') ? (final[at]?.texts ?? []) : [];
  };
  return { argumentTexts, isFetch };
}

/**
 * Assignments and brackets in the order their contents are complete: by the token they end at, an
 * inner one before an outer one ending at the same token (brackets never closed all end with the text).
 */
function readingOrder(tokens: LuauToken[], closeOf: Int32Array, depth: Int32Array, assignments: { target: number; end: number }[], budget: StepBudget): Moment[] {
  const moments: Moment[] = assignments.map((assignment, index) => ({ end: assignment.end, level: depth[assignment.target] as number, index, bracket: false }));
  tokens.forEach((_, i) => {
    if (closeOf[i] !== -1) moments.push({ end: closeOf[i] as number, level: (depth[i] as number) + 1, index: i, bracket: true });
  });
  budget.spend(moments.length);
  return moments.sort((a, b) => a.end - b.end || b.level - a.level || Number(a.bracket) - Number(b.bracket) || b.index - a.index);
}

/** Every way to join two lists of pieces, at most MAX_TEXTS, each cut to MAX_TEXT_LENGTH. */
function joined(left: string[], right: string[], budget: StepBudget): string[] {
  const out: string[] = [];
  for (const a of left) {
    for (const b of right) {
      if (out.length === MAX_TEXTS) break;
      out.push(a.length >= MAX_TEXT_LENGTH ? a.slice(0, MAX_TEXT_LENGTH) : (a + b).slice(0, MAX_TEXT_LENGTH));
    }
  }
  budget.spend(out.length);
  return out;
}

/** `a` and `a.b` for the target of `a.b.c = …`: a table's field gives the table its texts. */
function baseNames(tokens: LuauToken[], i: number): string[] {
  const names: string[] = [];
  for (let j = i - 1; tokens[j]?.text === '.' && tokens[j - 1]?.kind === 'name'; j -= 2) names.push((tokens[j - 1] as LuauToken).text);
  return names;
}
