import { describe, expect, it } from 'vitest';
import { pluralCategory } from './i18n.ts';

// The plural rules each reading follows (messages' plurals, formatted: tests/api/i18n-format.test.ts).

describe('pluralCategory', () => {
  it('follows Russian rules in the Russian reading: one, few, many, other', () => {
    expect([0, 1, 2, 4, 5, 11, 12, 14, 21, 101, 112, 1.5].map((n) => pluralCategory('ru', n))).toEqual([
      'many',
      'one',
      'few',
      'few',
      'many',
      'many',
      'many',
      'many',
      'one',
      'one',
      'many',
      'other',
    ]);
  });

  it('follows English rules in the English reading and in the specification’s, whose texts are English', () => {
    for (const reading of ['en', 'spec'] as const) {
      expect([0, 1, 2, 21, 1.5].map((n) => pluralCategory(reading, n))).toEqual(['other', 'one', 'other', 'other', 'other']);
    }
  });
});
