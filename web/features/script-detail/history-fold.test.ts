import { describe, expect, it } from 'vitest';
import { fill } from './history-diff.ts';
import { type DiffLine, type DiffRow, foldUnchanged } from './history-fold.ts';
import { countChanges, lineDiff, normaliseLines } from './history-lines.ts';

// The History section's line diff (docs/product.md#history): the `diff` package's lines, line endings
// made LF first, and long unchanged runs folded with three lines of context each side of a change.

const same = (from: number, to: number): DiffLine[] => Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'same', text: `line ${from + i}` }));
const added = (text: string): DiffLine => ({ kind: 'added', text });
const removed = (text: string): DiffLine => ({ kind: 'removed', text });
const folded = (count: number): DiffRow => ({ kind: 'folded', count });

describe('foldUnchanged', () => {
  it('folds the runs around one change in a long loader, keeping three lines each side', () => {
    const lines = [...same(1, 10), added('new'), ...same(11, 20)];
    expect(foldUnchanged(lines)).toEqual([folded(7), ...same(8, 10), added('new'), ...same(11, 13), folded(7)]);
  });

  it('folds a run between two changes only when it hides two lines or more: 7 lines stay, 8 fold 2', () => {
    const seven = [removed('a'), ...same(1, 7), added('b')];
    expect(foldUnchanged(seven)).toEqual(seven);
    const eight = [removed('a'), ...same(1, 8), added('b')];
    expect(foldUnchanged(eight)).toEqual([removed('a'), ...same(1, 3), folded(2), ...same(6, 8), added('b')]);
  });

  it('keeps a short run at either end whole, and folds a longer one down to its three lines next to the change', () => {
    expect(foldUnchanged([...same(1, 4), added('x')])).toEqual([...same(1, 4), added('x')]);
    expect(foldUnchanged([...same(1, 5), added('x')])).toEqual([folded(2), ...same(3, 5), added('x')]);
    expect(foldUnchanged([added('x'), ...same(1, 9)])).toEqual([added('x'), ...same(1, 3), folded(6)]);
  });

  it('leaves changed lines as they are, folds a diff without changes whole, and takes another context', () => {
    const changes = [removed('a'), removed('b'), added('c')];
    expect(foldUnchanged(changes)).toEqual(changes);
    expect(foldUnchanged(same(1, 12))).toEqual([folded(12)]);
    expect(foldUnchanged([])).toEqual([]);
    expect(foldUnchanged([...same(1, 6), added('x'), ...same(7, 12)], 1)).toEqual([folded(5), ...same(6, 6), added('x'), ...same(7, 7), folded(5)]);
  });
});

describe('lineDiff', () => {
  it('reads CRLF and LF alike: a loader saved from a form and from the API is the same loader', () => {
    expect(normaliseLines('a\r\nb\r\n')).toBe('a\nb\n');
    expect(normaliseLines('a\nb')).toBe('a\nb\n');
    const lines = lineDiff('print(1)\r\nprint(2)', 'print(1)\nprint(2)\n');
    expect(lines).toEqual([
      { kind: 'same', text: 'print(1)' },
      { kind: 'same', text: 'print(2)' },
    ]);
    expect(countChanges(lines)).toEqual({ added: 0, removed: 0 });
  });

  it('adds a line at the end without marking the last old line changed, even with no final newline', () => {
    const lines = lineDiff('local a = 1\nrun(a)', 'local a = 1\nrun(a)\nrequest({ Url = "https://discord.com/api/webhooks/1/x" })');
    expect(lines).toEqual([
      { kind: 'same', text: 'local a = 1' },
      { kind: 'same', text: 'run(a)' },
      { kind: 'added', text: 'request({ Url = "https://discord.com/api/webhooks/1/x" })' },
    ]);
    expect(countChanges(lines)).toEqual({ added: 1, removed: 0 });
  });

  it('shows a replaced line as removed, then added, keeping blank lines', () => {
    expect(lineDiff('a\n\nold\nz\n', 'a\n\nnew\nz\n')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'same', text: '' },
      { kind: 'removed', text: 'old' },
      { kind: 'added', text: 'new' },
      { kind: 'same', text: 'z' },
    ]);
    expect(lineDiff('', 'x')).toEqual([{ kind: 'added', text: 'x' }]);
  });
});

describe('fill', () => {
  it('fills the placeholders of a text the section hands to the diff, leaving unknown ones', () => {
    expect(fill('Changes in the loader from version {before} to version {version}', { before: 2, version: 3 })).toBe('Changes in the loader from version 2 to version 3');
    expect(fill('… {count} unchanged lines {other}', { count: 7 })).toBe('… 7 unchanged lines {other}');
  });
});
