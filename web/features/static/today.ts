/**
 * Today: the moment the server read it, which the page writes with its reading's `date()` in the
 * configured zone (27.11.2026, or "27 Nov 2026" in English), and its calendar day as `<time dateTime>`
 * wants it (yyyy-mm-dd).
 */
export interface DateStamp {
  at: string;
  iso: string;
}

const isoFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Today in the configured time zone. Call it in a loader (on the server) and render the result from
 * loader data, so the browser never computes its own "today" and hydration cannot mismatch: it writes
 * the server's moment in the same zone, as the server did.
 */
export function todayStamp(timeZone: string, now: Date = new Date()): DateStamp {
  let formatter = isoFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    isoFormatters.set(timeZone, formatter);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => formatter.formatToParts(now).find((p) => p.type === type)?.value ?? '';
  return { at: now.toISOString(), iso: `${part('year')}-${part('month')}-${part('day')}` };
}

/**
 * Headers of a page that shows today's date: `no-cache` keeps it out of the server's HTML cache
 * (server/plugins/web.ts) and makes browsers revalidate, so the date never outlives its day.
 */
export const DATED_PAGE_HEADERS = { 'Cache-Control': 'no-cache' } as const;
