import { createHash } from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { REDACTED_PATHS } from '../../server/logging.ts';
import { loadConfig } from '../../server/shared/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { throwawayDatabase } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { STACK_LINE } from '../helpers/processes.ts';

// Requests as an attacker or a broken client writes them, over a real socket: odd methods, bad Host
// headers, malformed URLs and request lines. Each is answered in the { error, code } shape (405 with
// Allow, 400, 431), OPTIONS is answered 204 with Allow, and nothing is logged as a server error.

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `request` on a fresh connection and reads until the server closes it. The client does not
 * half-close its side: Node's server answers a half-closed connection's pending request with nothing.
 */
function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** An HTTP/1.1 request asks the server to close after answering, so reading ends with the answer. */
const request = (lines: string[]) => `${[...lines, ...(lines[0]?.endsWith('HTTP/1.1') ? ['Connection: close'] : [])].join('\r\n')}\r\n\r\n`;

describe('hostile requests over a real socket', () => {
  let port: number;
  let close: () => Promise<void>;
  const logLines: { level: number; msg?: string; err?: { stack?: string } }[] = [];

  beforeAll(async () => {
    // A production-like app (the built web app, pino at info) whose log lines are kept for inspection.
    const throwaway = await throwawayDatabase('sqlite');
    const config = loadConfig({ NODE_ENV: 'test', DEMO_CATALOGUE: 'off', VIEW_FLUSH_INTERVAL_MS: '3600000', ...throwaway.env });
    const db = openDatabase(config.database);
    await migrateToLatest(db);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp({ config, db, web: { kind: 'build', dir: 'build' }, logger: { level: 'info', stream, redact: REDACTED_PATHS } });
    await insertScript(app.services, { playsname: 'Socket probe' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
    close = async () => {
      await app.close();
      await db.close();
      await throwaway.drop();
    };
  });
  afterAll(async () => {
    await close?.();
    // Whatever was thrown at it, nothing reached the server-error path.
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    expect(JSON.stringify(logLines)).not.toMatch(/\\n\s+at\s/);
  });

  function expectError(answer: RawAnswer, status: number, code: string) {
    expect(answer.status, answer.body).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(body.code).toBe(code);
    expect(typeof body.error).toBe('string');
    expect(Object.keys(body).every((key) => ['error', 'code', 'fields'].includes(key))).toBe(true);
    expect(answer.body).not.toMatch(STACK_LINE);
  }

  it.each([
    ['TRACE /scripts', 'TRACE /scripts HTTP/1.1', 'GET, HEAD, OPTIONS'],
    ['DELETE /scripts (a page)', 'DELETE /scripts HTTP/1.1', 'GET, HEAD, OPTIONS'],
    ['POST /scripts/1 (no page takes a form)', 'POST /scripts/1 HTTP/1.1', 'GET, HEAD, OPTIONS'],
    ['PROPFIND / (WebDAV)', 'PROPFIND / HTTP/1.1', 'GET, HEAD, OPTIONS'],
    ['PUT /api/scripts/paginated', 'PUT /api/scripts/paginated HTTP/1.1', 'GET, HEAD, OPTIONS'],
    ['GET /api/m (a POST-only route)', 'GET /api/m HTTP/1.1', 'POST, OPTIONS'],
    ['POST /api/scripts/1', 'POST /api/scripts/1 HTTP/1.1', 'GET, HEAD, OPTIONS'],
  ])('answers %s with 405 and Allow', async (_label, line, allow) => {
    const answer = await rawRequest(port, request([line, 'Host: 127.0.0.1', 'Content-Length: 0']));
    expectError(answer, 405, 'METHOD_NOT_ALLOWED');
    expect(answer.headers.allow).toBe(allow);
  });

  it.each([
    ['a page', '/scripts', 'GET, HEAD, OPTIONS'],
    ['an API route', '/api/scripts/paginated', 'GET, HEAD, OPTIONS'],
    ['a write route', '/api/update-script/1', 'PATCH, OPTIONS'],
    ['a route with two methods', '/api/site-channels', 'GET, HEAD, POST, OPTIONS'],
  ])('answers OPTIONS on %s with 204 and Allow', async (_label, path, allow) => {
    const answer = await rawRequest(port, request([`OPTIONS ${path} HTTP/1.1`, 'Host: 127.0.0.1']));
    expect(answer.status).toBe(204);
    expect(answer.headers.allow).toBe(allow);
    expect(answer.body).toBe('');
  });

  it('answers OPTIONS on an unknown API path with 404', async () => {
    expectError(await rawRequest(port, request(['OPTIONS /api/nothing-here HTTP/1.1', 'Host: 127.0.0.1'])), 404, 'NOT_FOUND');
  });

  it.each([
    ['a space in the host', 'a b'],
    ['a port out of range', 'x:99999'],
    ['an unclosed IPv6 literal', '[::1'],
    ['user information', 'user@example.com'],
    ['a path', 'example.com/path'],
  ])('answers a Host with %s with 400, on pages and the API', async (_label, host) => {
    for (const path of ['/scripts', '/api/scripts/paginated']) {
      expectError(await rawRequest(port, request([`GET ${path} HTTP/1.1`, `Host: ${host}`])), 400, 'BAD_REQUEST');
    }
  });

  it('answers an HTTP/1.1 request without Host with 400 in the same shape', async () => {
    expectError(await rawRequest(port, request(['GET /scripts HTTP/1.1'])), 400, 'BAD_REQUEST');
  });

  it('serves the API to an HTTP/1.0 client without Host (load-balancer health checks), refusing only pages', async () => {
    const health = await rawRequest(port, request(['GET /api/health HTTP/1.0']));
    expect(health.status).toBe(200);
    expectError(await rawRequest(port, request(['GET /scripts HTTP/1.0'])), 400, 'BAD_REQUEST');
  });

  it.each([
    ['an unknown method', request(['FOO /scripts HTTP/1.1', 'Host: 127.0.0.1'])],
    ['a line that is not HTTP', 'GARBAGE\r\n\r\n'],
    ['a control character in a header', request(['GET /scripts HTTP/1.1', 'Host: 127.0.0.1', 'X-Probe: a\u0001b'])],
    ['a header without a colon', request(['GET /scripts HTTP/1.1', 'Host: 127.0.0.1', 'NoColonHere'])],
  ])('answers %s with 400 in the { error, code } shape', async (_label, raw) => {
    expectError(await rawRequest(port, raw), 400, 'BAD_REQUEST');
  });

  it('answers headers over the size limit with 431 in the same shape', async () => {
    const answer = await rawRequest(port, request(['GET /scripts HTTP/1.1', 'Host: 127.0.0.1', `X-Big: ${'a'.repeat(20_000)}`]));
    expectError(answer, 431, 'HEADERS_TOO_LARGE');
  });

  it.each(['/%zz', '/api/%zz', '/scripts/%E0%A4%A'])('answers the malformed URL %s with 400', async (path) => {
    expectError(await rawRequest(port, request([`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1'])), 400, 'BAD_REQUEST');
  });

  it('answers CONNECT with 405 instead of dropping the connection', async () => {
    expectError(await rawRequest(port, request(['CONNECT example.com:443 HTTP/1.1', 'Host: example.com:443'])), 405, 'METHOD_NOT_ALLOWED');
  });

  it.each([
    ['an absolute-form target', 'GET http://evil.example/scripts HTTP/1.1', 200],
    ['a path that reads as another host', 'GET //evil.example/scripts HTTP/1.1', 404],
  ])('renders %s on its own host, never linking to the other', async (_label, line, status) => {
    const answer = await rawRequest(port, request([line, 'Host: 127.0.0.1']));
    expect(answer.status).toBe(status);
    expect(answer.body).not.toContain('evil.example');
  });
});

describe('caching and transport headers', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { web: true, env: { TRUST_PROXY: '1' } });
    await insertScript(ctx.services, { playsname: 'Header probe' });
  });
  afterAll(async () => ctx?.close());

  it('marks every staff answer and login no-store, successes and failures alike', async () => {
    const admin = await createAdmin(ctx);
    const moderator = await createModerator(ctx);
    const answers = [
      await ctx.app.inject({ method: 'POST', url: '/api/al', payload: { username: admin.username, password: admin.password }, remoteAddress: '10.9.0.1' }),
      await ctx.app.inject({ method: 'POST', url: '/api/al', payload: { username: admin.username, password: 'wrong-password' }, remoteAddress: '10.9.0.2' }),
      await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { UserName: moderator.username, Password: moderator.password }, remoteAddress: '10.9.0.3' }),
      await ctx.app.inject({ method: 'POST', url: '/api/login', payload: {} }),
      await injectAs(ctx, moderator, { method: 'GET', url: '/api/m/check-status' }),
      await injectAs(ctx, moderator, { method: 'GET', url: '/api/m/scripts' }),
      await injectAs(ctx, admin, { method: 'GET', url: '/api/scripts' }),
      await injectAs(ctx, admin, { method: 'GET', url: '/api/moderators' }),
      await injectAs(ctx, admin, { method: 'POST', url: '/api/site-channels', payload: { name: 'News', url: 'https://t.me/news' } }),
      await injectAs(ctx, moderator, { method: 'GET', url: '/api/moderators' }),
      await ctx.app.inject({ method: 'GET', url: '/api/scripts' }),
      await injectAs(ctx, admin, { method: 'POST', url: '/api/logout' }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], `${answer.statusCode} ${answer.body}`).toBe('no-store');
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200, 201, 400, 401, 403]));
  });

  it('leaves public answers cacheable (no no-store)', async () => {
    for (const url of ['/api/scripts/paginated', '/api/site-channels', '/scripts']) {
      expect((await ctx.app.inject({ method: 'GET', url })).headers['cache-control'], url).not.toBe('no-store');
    }
  });

  it('sends HSTS only for requests that came over HTTPS', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Through the one trusted proxy hop, which terminated TLS.
    const secure = await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('sends HSTS on every answer when SITE_URL is https', async () => {
    const secureSite = await createTestContext('sqlite', { env: { SITE_URL: 'https://scripts.example' } });
    try {
      for (const url of ['/api/scripts/paginated', '/api/nothing']) {
        expect((await secureSite.app.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      }
    } finally {
      await secureSite.close();
    }
  });

  it('lets no inline script run but those of the page itself: each is listed by its hash, fresh and cached', async () => {
    ctx.services.cache.invalidate();
    for (const url of ['/scripts', '/scripts', '/', '/privacy', '/admin', '/moderator/login']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const policy = response.headers['content-security-policy'] as string;
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scriptSrc, url).not.toContain('unsafe-inline');
      const inline = [...response.body.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
      expect(inline.length, url).toBeGreaterThan(0);
      for (const text of inline) expect(scriptSrc, url).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    }
  });
});
