import { describe, expect, it } from 'vitest';
import { formatCount, formatDate } from './format.ts';

// Dates and counts as each reading writes them, the same on the server and in the browser.

describe('formatDate', () => {
  it('writes the day in the configured zone, as each reading does', () => {
    const late = '2026-11-27T22:30:00.000Z';
    expect(formatDate(late, 'UTC')).toBe('27.11.2026');
    expect(formatDate(late, 'UTC', 'ru')).toBe('27.11.2026');
    expect(formatDate(late, 'UTC', 'en')).toBe('27 Nov 2026');
    // Already the next day in Moscow.
    expect(formatDate(late, 'Europe/Moscow')).toBe('28.11.2026');
    expect(formatDate(Date.parse(late), 'Europe/Moscow', 'en')).toBe('28 Nov 2026');
  });
});

describe('formatCount', () => {
  it('groups thousands as each reading does', () => {
    expect(formatCount(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatCount(1234, 'ru')).toBe('1\u00a0234');
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(999, 'en')).toBe('999');
  });
});
