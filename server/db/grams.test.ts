import { describe, expect, it } from 'vitest';
import { gramToken, gramTokens, searchGrams } from './grams.ts';

// The gram index's tokens, through which a search finds words too short for a trigram.

describe('searchGrams', () => {
  it('lists every one- and two-character substring once', () => {
    expect(searchGrams('abab')).toEqual(['a', 'ab', 'b', 'ba']);
    expect(searchGrams('x')).toEqual(['x']);
    expect(searchGrams('')).toEqual([]);
  });

  it('counts a character outside the Basic Multilingual Plane as one', () => {
    expect(searchGrams('🎮a')).toEqual(['🎮', '🎮a', 'a']);
  });
});

describe('gramToken', () => {
  it('spells each code point in six hex digits, so a one-character gram never reads as a two-character one', () => {
    expect(gramToken('a')).toBe('000061');
    expect(gramToken('ab')).toBe('000061000062');
    expect(gramToken(' ')).toBe('000020');
    expect(gramToken('🎮')).toBe('01f3ae');
  });

  it('joins a text’s grams as the SQLite index stores them', () => {
    expect(gramTokens('ab')).toBe('000061 000061000062 000062');
  });
});
