import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, fieldText } from '../api/client.ts';

export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/**
 * A panel's wording for a zod issue; undefined keeps the schema's own message. The contract's
 * messages describe the API in English, so each panel words what its screen needs in its language.
 */
export type IssueWording = (issue: z.core.$ZodIssue) => string | undefined;

/** The first message per field of a failed parse, worded by the panel. */
export function zodFieldErrors<Name extends string>(error: z.ZodError, word: IssueWording = () => undefined): FieldErrors<Name> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= word(issue) ?? issue.message;
  }
  return errors as FieldErrors<Name>;
}

/**
 * The server's per-field messages (a 400's `fields`) for the fields a form has, by name or alias; a
 * list's item (`executors[].2`, `executors.0`) counts for its list.
 */
export function serverFieldErrors<Name extends string>(error: unknown, names: readonly Name[], aliases: Partial<Record<string, Name>> = {}): FieldErrors<Name> {
  if (!(error instanceof ApiError) || error.kind !== 'http' || !error.fields) return {};
  const errors: FieldErrors<Name> = {};
  const nameOf = (key: string) => ((names as readonly string[]).includes(key) ? (key as Name) : aliases[key]);
  for (const [key, message] of Object.entries(error.fields)) {
    const name = nameOf(key) ?? nameOf(key.split('.')[0] ?? key);
    if (name && !errors[name]) errors[name] = fieldText(key, message);
  }
  return errors;
}

/** Moves focus to the first field (in form order) with an error; answers whether there was one. */
export function focusFirstError<Name extends string>(errors: FieldErrors<Name>, order: readonly Name[], ids: Record<Name, string>): boolean {
  const first = order.find((name) => errors[name]);
  if (!first) return false;
  // After the render that shows the error (and re-enables the fields after a submission).
  setTimeout(() => document.getElementById(ids[first])?.focus(), 0);
  return true;
}

/** A form's values and field errors; changing a field clears its error. */
export function useFieldState<Values extends object>(initial: Values | (() => Values)) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof Values, string>>>({});
  const set = <K extends Extract<keyof Values, string>>(key: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => (previous[key] ? { ...previous, [key]: undefined } : previous));
  };
  return { values, setValues, set, errors, setErrors };
}

/** A form's fields in order, with their element ids and the panel's wording of zod issues. */
export interface FieldsSpec<Name extends string> {
  order: readonly Name[];
  ids: Record<Name, string>;
  word?: IssueWording;
}

/**
 * Checks a form with its schema before any call: sets each field's error (or clears them all) and
 * focuses the first failing field; answers the parsed data, or undefined when something failed.
 */
export function parseFields<Out, Name extends string>(schema: z.ZodType<Out>, values: unknown, spec: FieldsSpec<Name>, setErrors: (errors: FieldErrors<Name>) => void): Out | undefined {
  const parsed = schema.safeParse(values);
  const errors: FieldErrors<Name> = parsed.success ? {} : zodFieldErrors<Name>(parsed.error, spec.word);
  setErrors(errors);
  focusFirstError(errors, spec.order, spec.ids);
  return parsed.success ? parsed.data : undefined;
}
