import { diffLines } from 'diff';
import type { DiffLine } from './history-fold.ts';

/**
 * Two loader versions as a line diff (the `diff` package's `diffLines`). Loaders saved from a form
 * carry CRLF and from the API LF, so line endings are made LF first: a diff shows what changed in
 * the code, not how a browser sent it. A missing final newline is added to both for the same reason.
 */
export function normaliseLines(text: string): string {
  const lf = text.replace(/\r\n?/g, '\n');
  return lf === '' || lf.endsWith('\n') ? lf : `${lf}\n`;
}

/** Each line of `after` against `before`, in order: removed lines before the lines added in their place. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const change of diffLines(normaliseLines(before), normaliseLines(after))) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    for (const text of change.value.slice(0, -1).split('\n')) lines.push({ kind, text });
  }
  return lines;
}

/** How many lines were added and removed. */
export function countChanges(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'added') added += 1;
    else if (line.kind === 'removed') removed += 1;
  }
  return { added, removed };
}
