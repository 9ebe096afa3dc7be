const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the panels write dates (DD.MM.YYYY) with its time (HH:MM) in the configured zone: a
 * script's loader may change more than once a day, and its history tells those saves apart.
 */
export function formatDateTime(iso: string, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('ru-RU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(iso));
}
