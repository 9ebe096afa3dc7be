import type { z } from 'zod';
import { ApiError, errorText } from '../../staff/api/client.ts';
import { messages } from '../../../messages/staff.ts';

const t = messages.admin.common;

/**
 * A list's banner text (SPEC.md section 8): the response's `error` field when present, else the
 * screen's default; a time-out and an answer of the wrong shape have their own texts.
 */
export function loadErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'invalid') return t.invalidData;
  return errorText(error, fallback, t.timedOut);
}

/** An action's banner text: the response's `error` field when present, else the default. */
export function actionErrorText(error: unknown, fallback: string): string {
  return errorText(error, fallback, t.timedOut);
}

/** 401 (no or revoked session) or 403 (not an admin token): the session is over. */
export function isSessionError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === 'http' && (error.status === 401 || error.status === 403);
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field of a failed zod parse. */
export function zodFieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    fields[key] ??= issue.message;
  }
  return fields as FieldErrors<K>;
}

/** The server's per-field messages (400 `fields`, or a 409's text for `conflictField`), keyed by form field. */
export function serverFieldErrors<K extends string>(error: unknown, known: readonly K[], aliases: Record<string, K> = {}): FieldErrors<K> {
  if (!(error instanceof ApiError) || error.kind !== 'http') return {};
  const result: FieldErrors<K> = {};
  for (const [key, message] of Object.entries(error.fields ?? {})) {
    const field = (known as readonly string[]).includes(key) ? (key as K) : aliases[key];
    if (field && !result[field]) result[field] = message;
  }
  return result;
}
