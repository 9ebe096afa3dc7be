import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../contract/index.ts';
import { isDatabaseUnavailable } from '../db/faults.ts';
import { AppError, databaseUnavailable } from '../shared/errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

/** PostgreSQL's "invalid byte sequence" and "untranslatable character" (SQLSTATE 22021, 22P05). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  // Error bodies skip the route's response schema: they are already in their final shape.
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Every failure leaves as { error, code } (plus fields for validation); never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A lost database connection or SQLite's lock still held: the moment's fault, answered as such
    // (docs/decisions.md#database-faults-are-answers).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      error = databaseUnavailable() as unknown as FastifyError;
    }
    if (error instanceof AppError) {
      if (error.extra?.retryAfterSeconds) reply.header('retry-after', String(error.extra.retryAfterSeconds));
      // A refusal is about this client at this moment: no cache may keep it for others.
      if (error.statusCode === 429) reply.header('cache-control', 'no-store');
      if (error.extra?.allow) reply.header('allow', error.extra.allow);
      return send(reply, error.statusCode, { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request';
        fields[field] ??= issue.message ?? 'is invalid';
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : 'Invalid request';
      return send(reply, 400, { error: message, code: 'VALIDATION_FAILED', fields });
    }
    // Defence in depth: text PostgreSQL cannot store (a NUL byte) is the client's input, never our fault.
    if (UNSTORABLE_TEXT.has((error as { code?: string }).code ?? '')) {
      return send(reply, 400, { error: 'The request contains characters that cannot be stored', code: 'BAD_REQUEST' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return send(reply, status, { error: clientMessage(error, request.headers['content-type']), code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
});

/** Client errors come from Fastify and its plugins (parsing, limits); their texts are safe to show. */
function clientMessage(error: FastifyError, contentType: string | undefined): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const type = (contentType ?? '').split(';')[0]?.trim() || 'this content type';
    return `${type} is not accepted here: send application/json`;
  }
  return error.message || 'Bad request';
}
