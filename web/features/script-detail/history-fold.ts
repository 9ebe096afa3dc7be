/**
 * The History section's line diff, folded (docs/product.md#history): long runs of unchanged lines
 * become one "… N unchanged lines" row, keeping `context` lines each side of a change. Pure, so it
 * is unit-tested on its own (history-fold.test.ts, beside it).
 */

export type LineKind = 'added' | 'removed' | 'same';

/** One line of the diff: what happened to it and its text (no line ending). */
export interface DiffLine {
  kind: LineKind;
  text: string;
}

/** A row as shown: a line, or a run of unchanged lines left out. */
export type DiffRow = DiffLine | { kind: 'folded'; count: number };

/** Lines kept each side of a change. */
export const FOLD_CONTEXT = 3;
/** Fewer left-out lines than this are shown instead: a fold row for one line hides nothing. */
export const FOLD_MIN = 2;

/** The end (exclusive) of the run of lines of the same kind as the one at `start`. */
function runEnd(lines: readonly DiffLine[], start: number): number {
  let end = start;
  while (end < lines.length && lines[end]?.kind === lines[start]?.kind) end += 1;
  return end;
}

/** One unchanged run's rows: its head and tail kept next to a change, the middle folded. */
function foldRun(run: readonly DiffLine[], changeBefore: boolean, changeAfter: boolean, context: number): DiffRow[] {
  const head = changeBefore ? context : 0;
  const tail = changeAfter ? context : 0;
  const hidden = run.length - head - tail;
  if (hidden < FOLD_MIN) return [...run];
  return [...run.slice(0, head), { kind: 'folded', count: hidden }, ...run.slice(run.length - tail)];
}

/** The rows of a diff: changed lines as they are, unchanged runs folded beyond `context` lines of a change. */
export function foldUnchanged(lines: readonly DiffLine[], context = FOLD_CONTEXT): DiffRow[] {
  const rows: DiffRow[] = [];
  for (let start = 0; start < lines.length; ) {
    const end = runEnd(lines, start);
    const run = lines.slice(start, end);
    if (lines[start]?.kind === 'same') rows.push(...foldRun(run, start > 0, end < lines.length, context));
    else rows.push(...run);
    start = end;
  }
  return rows;
}
