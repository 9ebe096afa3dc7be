import type { I18n } from '../../i18n/messages.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The largest unit that fits is the one said: "3 days ago", not "72 hours ago". */
const UNITS: readonly ['year' | 'month' | 'week' | 'day' | 'hour' | 'minute', number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * How long before `now` the moment `iso` was, in words of the page's reading ("3 days ago", "3 дня
 * назад"). `now` comes with the page's data (the server's clock when the loader ran), so the server's
 * HTML and the browser's hydration say the same words.
 */
export function timeAgo(iso: string, now: string, { m, t }: Pick<I18n, 'm' | 't'>): string {
  const facts = m.executorFacts;
  const elapsed = Date.parse(now) - Date.parse(iso);
  if (!(elapsed >= MINUTE)) return facts.justNow;
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return t(facts.ago[unit], { n: Math.floor(elapsed / size) });
  }
  return facts.justNow;
}

/**
 * When the executors' list was last checked: the latest admin change of any executor (its creation,
 * an edit, a status change), as docs/decisions/0042-executor-pages.md#the-executors-pages says; undefined for no executors.
 */
export function lastChecked(list: readonly { updatedAt: string; statusChangedAt: string }[]): string | undefined {
  let latest: string | undefined;
  let latestMs = -Infinity;
  for (const executor of list) {
    for (const iso of [executor.updatedAt, executor.statusChangedAt]) {
      const ms = Date.parse(iso);
      if (ms > latestMs) {
        latestMs = ms;
        latest = iso;
      }
    }
  }
  return latest;
}
