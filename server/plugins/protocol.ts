import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '../../contract/index.ts';
import { malformed, notFound } from '../shared/errors.ts';
import { prefersRussian, russianErrorText } from '../shared/error-texts-russian.ts';

// Answers to requests that never reach a route: bytes that are not HTTP, a malformed URL, a bad Host,
// CONNECT. Each leaves in the { error, code } shape of every other error, never Fastify's default.

/** Longest a request may take to arrive whole, headers and body; then the server answers 408. */
export const REQUEST_TIMEOUT_MS = 60_000;

function rawAnswer(status: number, body: ErrorBody): string {
  const json = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
    '',
    json,
  ].join('\r\n');
}

/**
 * Bounds of a path any route can have (the query string is not part of it). The longest real path is
 * about 110 characters (`/games/{slug}/feed.xml`, `/scripts/{id}-{slug}.data`) and 3 segments; these
 * leave room for a percent-encoded slug typed by hand. Past them no route matches, and React Router's
 * matching, which grows faster than the path, is never asked (docs/decisions/0028-bounded-work-for-every-path.md).
 */
export const MAX_PATH_LENGTH = 1_024;
export const MAX_PATH_SEGMENTS = 16;

/** Whether the path of a request target (up to its `?`) is within the bounds above; one pass at most. */
export function pathWithinBounds(target: string): boolean {
  let query = target.indexOf('?');
  if (query === -1) query = target.length;
  if (query > MAX_PATH_LENGTH) return false;
  let slashes = 0;
  for (let index = 0; index < query; index += 1) {
    if (target.charCodeAt(index) === 47 && (slashes += 1) > MAX_PATH_SEGMENTS) return false;
  }
  return true;
}

/** Protocol-level failures (unparsable request line or headers, a timed-out upload), as Node reports them. */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection is gone: there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: string;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    answer = rawAnswer(408, { error: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT' });
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    answer = rawAnswer(431, { error: 'Request headers are too large', code: 'HEADERS_TOO_LARGE' });
  } else {
    answer = rawAnswer(400, { error: 'Malformed HTTP request', code: 'BAD_REQUEST' });
  }
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) socket.write(answer);
  socket.destroy();
}

/** Fastify's own routing failures (a URL that is not valid percent-encoding, an over-long parameter). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const english = error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Bad request';
  const text = prefersRussian(request.headers['accept-language']) ? (russianErrorText(english) ?? english) : english;
  const body: ErrorBody = { error: text, code: 'BAD_REQUEST' };
  reply.code(400).header('vary', 'Accept-Language').type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * The origin a request names, or undefined when its Host is absent or not a host (`a b`, `x:99999`,
 * `[::1`, `u@h`, `h/p`). The WHATWG URL parser decides, as it does for React Router's own URLs.
 */
export function requestOrigin(protocol: string, host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    const url = new URL(`${protocol}://${host}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** Paths past the bounds, Host checks, the CONNECT method, and the error shapes above. */
export const protocolPlugin = fp(async (app: FastifyInstance) => {
  // Node would answer CONNECT by dropping the connection; answer it like any unsupported method.
  app.server.on('connect', (_request: http.IncomingMessage, socket: Duplex) => {
    socket.end(rawAnswer(405, { error: 'CONNECT is not allowed here', code: 'METHOD_NOT_ALLOWED' }));
  });
  app.addHook('onRequest', (request, _reply, done) => {
    // A path no route can have is answered here, before any route (the web app's above all) sees it.
    if (!pathWithinBounds(request.url)) return done(notFound('No page or resource has this address'));
    // The Host header as sent: X-Forwarded-Host (request.host under trustProxy) names no origin here.
    const host = request.headers.host ?? '';
    if (host === '' && request.raw.httpVersion !== '1.0') return done(malformed('A Host header is required'));
    if (host !== '' && requestOrigin(request.protocol, host) === undefined) return done(malformed('The Host header is not a valid host'));
    done();
  });
});
