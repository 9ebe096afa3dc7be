import { describe, expect, it } from 'vitest';
import { dayString, toIso, utcDay } from './dates.ts';

// Instants as the API writes them, and the UTC days views and search misses are counted by.

describe('dates', () => {
  it('writes an instant as ISO 8601 in UTC, from a Date or a stored text', () => {
    expect(toIso(new Date(Date.UTC(2026, 10, 27, 21, 5)))).toBe('2026-11-27T21:05:00.000Z');
    expect(toIso('2026-11-27T21:05:00+03:00')).toBe('2026-11-27T18:05:00.000Z');
  });

  it('numbers UTC days from 1970-01-01 and writes them back as YYYY-MM-DD', () => {
    expect(utcDay(0)).toBe(0);
    const lastMoment = Date.UTC(2026, 10, 27, 23, 59, 59, 999);
    expect(utcDay(lastMoment)).toBe(utcDay(Date.UTC(2026, 10, 27)));
    expect(utcDay(lastMoment + 1)).toBe(utcDay(lastMoment) + 1);
    expect(dayString(utcDay(lastMoment))).toBe('2026-11-27');
    expect(dayString(0)).toBe('1970-01-01');
  });
});
