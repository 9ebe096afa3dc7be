import type { z } from 'zod';
import { messages } from '../../messages/staff.ts';
import { ApiError } from '../staff/api/client.ts';

const v = messages.moderator.validation;

export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/**
 * A form's values checked with the contract's zod schema (the server's own rules), its issues worded
 * for the panel's language: the schema's English messages describe the API, not this screen.
 */
export function validate<Name extends string, Out>(
  schema: z.ZodType<Out>,
  values: Record<Name, string>,
): { ok: true; data: Out } | { ok: false; errors: FieldErrors<Name> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<Name> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as Name;
    if (!(field in values) || errors[field]) continue;
    if (issue.code === 'too_big' && typeof issue.maximum === 'number') errors[field] = v.tooLong(issue.maximum);
    else if (issue.code === 'too_small' || issue.code === 'invalid_type') errors[field] = v.required;
    else errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The server's per-field messages (a 400's `fields`) for the fields this form has. */
export function serverFieldErrors<Name extends string>(error: unknown, names: readonly Name[], aliases: Partial<Record<string, Name>> = {}): FieldErrors<Name> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const errors: FieldErrors<Name> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const name = (names as readonly string[]).includes(key) ? (key as Name) : aliases[key];
    if (name && !errors[name]) errors[name] = message;
  }
  return errors;
}

/** SPEC.md section 5: channels split on commas, trimmed, empty entries dropped. */
export function splitChannels(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The first `max` characters (whole code points) and an ellipsis when there was more. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}
