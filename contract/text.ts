import { z } from 'zod';

// Text a client sends is refused, with a message naming the field, when it holds characters no name,
// search or loader ever needs: C0 control characters (NUL included, which PostgreSQL cannot store
// while SQLite can, so both databases would otherwise answer differently), DEL, and lone UTF-16
// surrogates (which UTF-8 cannot encode: they would be saved as U+FFFD, silently changed).

/** One line: no control character at all. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f\p{Cs}]*$/u;
/** Several lines: tab, line feed and carriage return are text; other control characters are not. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\p{Cs}]*$/u;

const controlMessage = (label: string) => `${label} must not contain control characters`;

export function hasControlCharacters(text: string, lines: 'single' | 'multi' = 'single'): boolean {
  return !(lines === 'single' ? SINGLE_LINE : MULTI_LINE).test(text);
}

/** Adds the control-character rule to an existing string schema. */
export function withoutControls<T extends z.ZodString>(schema: T, label: string, lines: 'single' | 'multi' = 'single'): T {
  return schema.regex(lines === 'single' ? SINGLE_LINE : MULTI_LINE, controlMessage(label)) as T;
}

/** An absolute https: URL with a host (key links, executors' websites). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}
