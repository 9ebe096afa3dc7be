import { describe, expect, it } from 'vitest';
import { StepBudget } from './loader-budget.ts';
import { closingBrackets, loaderStructure } from './loader-structure.ts';
import { tokenize } from './luau-tokens.ts';

// The shape the loader analysis walks: which bracket closes which, and where each assignment's
// expression ends.

const structureOf = (source: string) => loaderStructure(tokenize(source), source, new StepBudget());
const assignments = (source: string) => {
  const tokens = tokenize(source);
  return loaderStructure(tokens, source, new StepBudget()).assignments.map(({ target, at, end }) => ({
    name: tokens[target]?.text,
    expression: tokens.slice(at, end).map((token) => token.text).join(' '),
  }));
};

describe('closingBrackets', () => {
  it('pairs each opening bracket with the one that closes it, and counts the brackets around each token', () => {
    const tokens = tokenize('f(a, {b[1]})');
    const depth = new Int32Array(tokens.length);
    expect([...closingBrackets(tokens, depth)]).toEqual([-1, 10, -1, -1, 9, -1, 8, -1, -1, -1, -1]);
    expect([...depth]).toEqual([0, 0, 1, 1, 1, 2, 2, 3, 3, 2, 1]);
  });

  it('closes the innermost open bracket whatever its kind, and sends a bracket never closed to the end', () => {
    expect([...closingBrackets(tokenize('(]'))]).toEqual([1, -1]);
    expect([...closingBrackets(tokenize('f(('))]).toEqual([-1, 3, 3]);
    expect([...closingBrackets(tokenize(')x'))]).toEqual([-1, -1]);
  });
});

describe('loaderStructure', () => {
  it('ends an expression at a line break, unless the line ends in an operator', () => {
    expect(assignments('a = 1\nb = 2')).toEqual([
      { name: 'a', expression: '1' },
      { name: 'b', expression: '2' },
    ]);
    expect(assignments('x = a ..\n b')).toEqual([{ name: 'x', expression: 'a .. b' }]);
  });

  it('ends an expression where the next assignment starts, even on one line', () => {
    expect(assignments('x=1 y=2')).toEqual([
      { name: 'x', expression: '1' },
      { name: 'y', expression: '2' },
    ]);
  });

  it('jumps over the brackets an expression opens, and ends a table field at its separator or its table’s end', () => {
    expect(assignments('t = { u = 1, v = 2 }')).toEqual([
      { name: 't', expression: '{ u = 1 , v = 2 }' },
      { name: 'u', expression: '1' },
      { name: 'v', expression: '2' },
    ]);
  });

  it('names the field of a dotted target, its expression after the `=`', () => {
    expect(assignments('a.b.c = "x"')).toEqual([{ name: 'c', expression: 'x' }]);
  });

  it('spends a step per token at least, so the budget bounds it', () => {
    const budget = new StepBudget();
    const source = 'x = 1\n'.repeat(10);
    loaderStructure(tokenize(source), source, budget);
    expect(budget.steps).toBeGreaterThanOrEqual(tokenize(source).length);
    expect(() => structureOf('x = 1\n'.repeat(10))).not.toThrow();
    expect(() => loaderStructure(tokenize(source), source, new StepBudget(5))).toThrow(/step budget/);
  });
});
