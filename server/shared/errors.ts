import type { ErrorCode } from '../../contract/index.ts';
import type { ErrorText } from './error-texts.ts';

type Fields = Record<string, string>;
/** The factories' texts: each has its Russian in error-texts.ts, or the call does not compile. */
type TextFields = Record<string, ErrorText>;

/** An expected failure with a status and a stable code; the error handler serialises it. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Fields,
    readonly extra?: { retryAfterSeconds?: number; allow?: string },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

// Named factories: every status and code is spelled once, here.
export const badRequest = (message: ErrorText, fields?: TextFields) => new AppError(400, 'VALIDATION_FAILED', message, fields);
export const malformed = (message: ErrorText) => new AppError(400, 'BAD_REQUEST', message);
export const unauthorized = (message: ErrorText = 'Authentication required') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: ErrorText) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: ErrorText = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const methodNotAllowed = (method: string, allow: string[]) =>
  new AppError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here; use ${allow.join(', ')}`, undefined, { allow: allow.join(', ') });
export const conflict = (message: ErrorText, fields?: TextFields) => new AppError(409, 'CONFLICT', message, fields);
/** An `Idempotency-Key` header that is not one (empty, longer than 255 characters, control characters, sent twice). */
export const idempotencyKeyInvalid = () =>
  new AppError(400, 'IDEMPOTENCY_KEY_INVALID', 'Idempotency-Key must be 1 to 255 printable characters, sent once');
/** The same key while the request first sent with it is still being answered. */
export const idempotencyKeyInUse = () =>
  new AppError(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still in progress; try again in a moment', undefined, { retryAfterSeconds: 1 });
/** The same key with another request: a key names one request. */
export const idempotencyKeyReused = () => new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request');
export const payloadTooLarge = (message: ErrorText, fields?: TextFields) => new AppError(413, 'PAYLOAD_TOO_LARGE', message, fields);
export const unsupportedMediaType = (message: ErrorText, fields?: TextFields) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message, fields);
export const rateLimited = (message: ErrorText, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
export const serviceUnavailable = (message: ErrorText, retryAfterSeconds?: number) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', message, undefined, retryAfterSeconds ? { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) } : undefined);
/** Seconds a client is asked to wait after a database fault: a lost connection is replaced in milliseconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;
/** The database could not answer this time (a lost connection, SQLite's lock still held): try again. */
export const databaseUnavailable = () =>
  new AppError(503, 'DATABASE_UNAVAILABLE', 'The database is briefly unavailable; please try again in a moment', undefined, {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
