const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant as the API writes it (ISO 8601, UTC): the one way rows' dates become answers. */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** The UTC day of an instant, as days since 1970-01-01 (the `day` of script_daily_views and search misses). */
export function utcDay(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS);
}

/** A UTC day number as YYYY-MM-DD. */
export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
