import type { DayFigure } from '../../../../contract/insights.ts';

/** A UTC day (YYYY-MM-DD) as the panels write dates: DD.MM.YYYY, or DD.MM on a chart's axis. */
export function dayText(day: string, short = false): string {
  const [year, month, date] = day.split('-');
  return short ? `${date}.${month}` : `${date}.${month}.${year}`;
}

/** What a day chart says in words: the sum, the number of days, and the busiest day (the latest of equals). */
export function daySummary(data: readonly DayFigure[]): { total: number; days: number; peak: number; peakDay: string | null } {
  let total = 0;
  let peak = 0;
  let peakDay: string | null = null;
  for (const { day, value } of data) {
    total += value;
    if (value > 0 && value >= peak) {
      peak = value;
      peakDay = day;
    }
  }
  return { total, days: data.length, peak, peakDay };
}
