import { z } from 'zod';

/** Stable machine-readable error codes; clients branch on these, never on the text. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'HEADERS_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z
  .object({
    error: z.string().describe('Human-readable message'),
    code: z.enum(ERROR_CODES).describe('Stable error code'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Per-field messages for validation failures'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
