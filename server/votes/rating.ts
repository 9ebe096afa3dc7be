/** z of a two-sided 95% interval. */
const Z = 1.96;

/**
 * The lower bound of the Wilson score interval of the share of likes among likes and dislikes
 * (docs/decisions/0020-votes.md#rating-sort); 0 without votes. A few likes rank below many with a similar share.
 */
export function wilsonLowerBound(likes: number, dislikes: number): number {
  const n = likes + dislikes;
  if (n <= 0) return 0;
  const p = likes / n;
  const z2 = Z * Z;
  const centre = p + z2 / (2 * n);
  const margin = Z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n);
  return Math.max(0, (centre - margin) / (1 + z2 / n));
}
