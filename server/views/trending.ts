import { TRENDING_DAYS } from '../../contract/index.ts';

/**
 * How much a day's views weigh in the score, `daysAgo` days before today (docs/decisions/0011-trending.md):
 * 7 today down to 1 six days ago. Whole numbers keep sums exact, so equal scores tie exactly.
 */
export function trendingWeight(daysAgo: number): number {
  return daysAgo < 0 || daysAgo >= TRENDING_DAYS ? 0 : TRENDING_DAYS - daysAgo;
}

/** The score of views per day, given as [day, views] pairs, on `today` (docs/decisions/0011-trending.md). */
export function trendingScore(viewsPerDay: Iterable<[day: number, views: number]>, today: number): number {
  let score = 0;
  for (const [day, views] of viewsPerDay) score += views * trendingWeight(today - day);
  return score;
}
