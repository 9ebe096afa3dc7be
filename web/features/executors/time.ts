import { executorFacts as t } from '../../messages/executors.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The largest unit that fits is the one said: "3 days ago", not "72 hours ago". */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** Made once: building an Intl formatter costs far more than formatting with it. */
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * How long before `now` the moment `iso` was, in words ("3 days ago"). `now` comes with the page's
 * data (the server's clock when the loader ran), so the server's HTML and the browser's hydration say
 * the same words.
 */
export function timeAgo(iso: string, now: string): string {
  const elapsed = Date.parse(now) - Date.parse(iso);
  if (!(elapsed >= MINUTE)) return t.justNow;
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return t.justNow;
}

/**
 * When the executors' list was last checked: the latest admin change of any executor (its creation,
 * an edit, a status change), as docs/decisions.md#the-executors-pages says; undefined for no executors.
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
