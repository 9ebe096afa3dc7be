import { describe, expect, it } from 'vitest';
import { wilsonLowerBound } from './rating.ts';

// The rating sort's score: the lower bound of the Wilson interval of the share of likes.

describe('wilsonLowerBound', () => {
  it('is 0 without votes, or with dislikes only', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonLowerBound(0, 5)).toBeCloseTo(0, 12);
  });

  it('ranks a few likes below many at a similar share', () => {
    expect(wilsonLowerBound(1, 0)).toBeLessThan(wilsonLowerBound(90, 10));
    expect(wilsonLowerBound(9, 1)).toBeLessThan(wilsonLowerBound(900, 100));
  });

  it('stays below the observed share and approaches it as votes grow', () => {
    const small = wilsonLowerBound(8, 2);
    const large = wilsonLowerBound(8_000, 2_000);
    expect(small).toBeLessThan(0.8);
    expect(large).toBeLessThan(0.8);
    expect(large).toBeGreaterThan(small);
    expect(large).toBeGreaterThan(0.79);
  });

  it('gives the textbook value for 1 like of 1 (z = 1.96)', () => {
    expect(wilsonLowerBound(1, 0)).toBeCloseTo(0.2065, 4);
  });
});
