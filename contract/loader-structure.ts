import type { StepBudget } from './loader-budget.ts';
import type { LuauToken } from './luau-tokens.ts';

/**
 * The shape of a loader's tokens that the loader analysis walks (docs/decisions/0018-loader-analysis.md#loader-findings):
 * which bracket closes which, and each assignment's expression. Computed once, in passes linear in
 * the number of tokens, so every later question is answered by jumping over brackets instead of
 * scanning them again (docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md).
 */
export interface LoaderStructure {
  /** For an opening bracket, the index of the bracket that closes it (the token count when none does); -1 for any other token. */
  closeOf: Int32Array;
  /** How many brackets are open around each token (an opening bracket does not count itself). */
  depth: Int32Array;
  /** `name = expression` (and `a.b.name = …`), in source order. */
  assignments: Assignment[];
}

export interface Assignment {
  /** The assigned name's token (`c` of `a.b.c = …`). */
  target: number;
  /** The expression's first token and the token it ends before. */
  at: number;
  end: number;
}

const OPENS = new Set(['(', '{', '[']);
const CLOSES = new Set([')', '}', ']']);
/** Tokens after which an expression goes on to the next line. */
const CONTINUES = new Set(['..', 'and', 'or', '(', '{', '[', '=', '+', '-', '*', '/', 'not']);

export const isOpen = (token: LuauToken | undefined) => token?.kind === 'symbol' && OPENS.has(token.text);
const isClose = (token: LuauToken) => token.kind === 'symbol' && CLOSES.has(token.text);
const isSymbol = (token: LuauToken | undefined, text: string) => token?.kind === 'symbol' && token.text === text;

/**
 * For each opening bracket the index of the bracket that closes it (the token count when none does),
 * -1 for any other token; a closing bracket closes the innermost open one, whatever its kind. `depth`,
 * when given, gets how many brackets are open around each token.
 */
export function closingBrackets(tokens: LuauToken[], depth?: Int32Array): Int32Array {
  const closeOf = new Int32Array(tokens.length).fill(-1);
  const open: number[] = [];
  tokens.forEach((token, i) => {
    if (depth) depth[i] = open.length;
    if (isOpen(token)) open.push(i);
    else if (isClose(token) && open.length > 0) closeOf[open.pop() as number] = i;
  });
  for (const i of open) closeOf[i] = tokens.length;
  return closeOf;
}

export function loaderStructure(tokens: LuauToken[], source: string, budget: StepBudget): LoaderStructure {
  const depth = new Int32Array(tokens.length);
  const count = tokens.length;
  const closeOf = closingBrackets(tokens, depth);
  const newlineBefore = new Uint8Array(count);
  tokens.forEach((token, i) => {
    budget.spend();
    const before = tokens[i - 1];
    if (before && before.end < token.offset && source.slice(before.end, token.offset).includes('\n')) newlineBefore[i] = 1;
  });

  // Where each assignment's target starts (`a` of `a.b.c = …`): a new statement, which ends the expression before it.
  const targetStart = new Uint8Array(count);
  const targets: number[] = [];
  tokens.forEach((token, i) => {
    if (token.kind !== 'name' || !isSymbol(tokens[i + 1], '=')) return;
    let start = i;
    while (isSymbol(tokens[start - 1], '.') && tokens[start - 2]?.kind === 'name') start -= 2;
    targetStart[start] = 1;
    targets.push(i);
  });

  /**
   * Where the expression starting at `at` ends: at a `;`, a `,`, another assignment's target or a line
   * break outside brackets (unless the line ends in an operator), or where a bracket it did not open
   * closes (a table field's value). Brackets it opens are jumped over, never walked: every token is
   * walked by at most one expression at its own depth.
   */
  const expressionEnd = (at: number): number => {
    for (let j = at; j < count; j += 1) {
      budget.spend();
      const token = tokens[j] as LuauToken;
      const before = tokens[j - 1] as LuauToken;
      const separates = isSymbol(token, ';') || isSymbol(token, ',') || targetStart[j] === 1;
      const lineEnds = newlineBefore[j] === 1 && !(before.kind !== 'string' && before.kind !== 'number' && CONTINUES.has(before.text));
      if (j > at && (separates || lineEnds)) return j;
      if (isOpen(token)) j = closeOf[j] as number;
      else if (isClose(token)) return j;
    }
    return count;
  };
  return { closeOf, depth, assignments: targets.map((target) => ({ target, at: target + 2, end: expressionEnd(target + 2) })) };
}
