import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../contract/index.ts';
import { isDatabaseUnavailable } from '../db/faults.ts';
import { prefersRussian, russianErrorText } from '../shared/error-texts-russian.ts';
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

/** The body in Russian for `Accept-Language: ru`: `error` and the `fields` texts; a text the catalogue lacks stays English. */
function inRussian(body: ErrorBody): ErrorBody {
  const text = (english: string) => russianErrorText(english) ?? english;
  const fields = body.fields && Object.fromEntries(Object.entries(body.fields).map(([field, english]) => [field, text(english)]));
  return { ...body, error: text(body.error), ...(fields ? { fields } : {}) };
}

/** Adds Accept-Language to Vary, keeping what is there: a cache must not give one language's error to another. */
function varyByLanguage(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const list = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*accept-language\s*(,|$)/i.test(list)) return;
  reply.header('vary', list.trim() === '' ? 'Accept-Language' : `${list}, Accept-Language`);
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody) {
  varyByLanguage(reply);
  const answer = prefersRussian(request.headers['accept-language']) ? inRussian(body) : body;
  // Error bodies skip the route's response schema: they are already in their final shape.
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(answer));
}

/** Every failure leaves as { error, code } (plus fields for validation); never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A lost database connection or SQLite's lock still held: the moment's fault, answered as such
    // (docs/decisions/0027-database-faults-are-answers.md).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      error = databaseUnavailable() as unknown as FastifyError;
    }
    if (error instanceof AppError) {
      if (error.extra?.retryAfterSeconds) reply.header('retry-after', String(error.extra.retryAfterSeconds));
      // A refusal is about this client at this moment: no cache may keep it for others.
      if (error.statusCode === 429) reply.header('cache-control', 'no-store');
      if (error.extra?.allow) reply.header('allow', error.extra.allow);
      return send(request, reply, error.statusCode, { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request';
        fields[field] ??= issue.message ?? 'is invalid';
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : 'Invalid request';
      return send(request, reply, 400, { error: message, code: 'VALIDATION_FAILED', fields });
    }
    // Defence in depth: text PostgreSQL cannot store (a NUL byte) is the client's input, never our fault.
    if (UNSTORABLE_TEXT.has((error as { code?: string }).code ?? '')) {
      return send(request, reply, 400, { error: 'The request contains characters that cannot be stored', code: 'BAD_REQUEST' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return send(request, reply, status, { error: clientMessage(error, request.headers['content-type']), code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
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
