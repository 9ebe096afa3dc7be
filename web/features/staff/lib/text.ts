/**
 * The first `max` characters (whole code points, so an emoji is never cut in half) and "…" when
 * there was more; the space before a cut is dropped.
 */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}

/** A channels text as the server reads it: split on commas, trimmed, empty entries dropped. */
export function splitChannels(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
