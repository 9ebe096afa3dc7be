import { formatNumber, LOCALES, type Reading } from '../../contract/i18n.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** British dates read "27 Nov 2026"; the specification's and Russian ones "27.11.2026". */
const DATE_PARTS: Record<Reading, Intl.DateTimeFormatOptions> = {
  spec: { day: '2-digit', month: '2-digit', year: 'numeric' },
  en: { day: 'numeric', month: 'short', year: 'numeric' },
  ru: { day: '2-digit', month: '2-digit', year: 'numeric' },
};

/** A date in the configured zone as `reading` writes it, identical on the server and in the browser (no hydration drift). */
export function formatDate(iso: string | number, timeZone: string, reading: Reading = 'spec'): string {
  const key = `${reading} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALES[reading], { timeZone, ...DATE_PARTS[reading] });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}

/** A count as `reading` writes numbers: `1 234` (the specification's and Russian), `1,234` (English). */
export function formatCount(value: number, reading: Reading = 'spec'): string {
  return formatNumber(reading, value);
}
