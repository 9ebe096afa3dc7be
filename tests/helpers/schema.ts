import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

/**
 * Parses a JSON answer with its contract schema, strictly at every depth: a wrong type fails the
 * parse, and a field the schema lacks (which zod would silently drop) fails the comparison of what
 * was parsed with what was sent.
 */
export function parseStrict<T extends z.ZodType>(schema: T, body: string): z.output<T> {
  const sent: unknown = JSON.parse(body);
  const parsed = schema.parse(sent);
  if (!isDeepStrictEqual(parsed, sent)) {
    throw new Error(`the answer has fields its schema lacks:\n  sent:   ${JSON.stringify(sent)}\n  schema: ${JSON.stringify(parsed)}`);
  }
  return parsed;
}
