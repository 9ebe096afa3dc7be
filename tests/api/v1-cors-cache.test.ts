import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// Issue 38 item 2: /api/v1/* and /raw/* answer any origin (GET, HEAD, OPTIONS; preflights 204 with
// X-API-Key and If-None-Match allowed; never credentials), and no other route does; every v1 and raw
// answer has a strong ETag, and a matching If-None-Match is a 304 with no body. Needs build/ (the pages).

describe.each(dialects)('cross-origin reads and conditional answers of /api/v1 and /raw on %s', (dialect) => {
  let ctx: TestContext;
  let id: number;
  let gatedId: number;

  beforeAll(async () => {
    // With the built web app: the pages are among the routes that must not answer other origins.
    ctx = await createTestContext(dialect, { web: true, env: { SITE_URL: 'https://catalogue.example' } });
    id = (await insertScript(ctx.services, { playsname: 'Open Hub', loadstring: 'print("open")' })).id;
    gatedId = (await insertScript(ctx.services, { playsname: 'Gated Hub', loadstring: 'print("gated")', channels: [{ name: 'Provider', url: 'https://t.me/provider' }] })).id;
  });
  afterAll(async () => ctx?.close());

  const request = (method: 'GET' | 'HEAD' | 'OPTIONS', url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { origin: 'https://hub.example', ...headers } });

  const crossOriginUrls = () => [
    '/api/v1/scripts',
    '/api/v1/scripts?placeId=1',
    `/api/v1/scripts/${id}`,
    '/api/v1/games',
    '/api/v1/executors',
    `/raw/${id}`,
  ];

  it('lets any origin read every v1 and raw answer, errors included, never with credentials', async () => {
    const unknown = await request('GET', '/api/v1/nothing-here?x=1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No API route GET /api/v1/nothing-here', code: 'NOT_FOUND' });
    for (const url of [...crossOriginUrls(), '/api/v1/scripts?limit=0', '/api/v1/scripts/999999', '/api/v1/nothing-here', `/raw/${gatedId}`, '/raw/999999', '/raw/abc']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await request(method, url);
        expect(response.headers['access-control-allow-origin'], `${method} ${url}`).toBe('*');
        expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
        expect(String(response.headers['access-control-expose-headers']), url).toMatch(/ETag/i);
      }
    }
  });

  it('answers preflights 204, allowing GET, HEAD, OPTIONS and the headers X-API-Key and If-None-Match', async () => {
    for (const url of ['/api/v1/scripts', `/api/v1/scripts/${id}`, '/api/v1/games', `/raw/${id}`]) {
      const response = await request('OPTIONS', url, { 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key, if-none-match' });
      expect(response.statusCode, url).toBe(204);
      expect(response.body).toBe('');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
      expect(String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/).sort()).toEqual(['if-none-match', 'x-api-key']);
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('sends no cross-origin header on any other route: the site API, staff APIs, documents, pages, preflights', async () => {
    const others: ['GET' | 'OPTIONS', string][] = [
      ['GET', '/api/scripts/paginated'],
      ['GET', `/api/scripts/${id}`],
      ['GET', '/api/games'],
      ['GET', '/api/executors'],
      ['GET', '/api/site-channels'],
      ['GET', '/api/health'],
      ['GET', '/api/docs/json'],
      ['GET', '/api/moderators'],
      ['GET', '/api/audit-log'],
      ['GET', '/api/insights/overview'],
      ['GET', '/api/nothing-here'],
      ['GET', '/scripts'],
      ['GET', `/scripts/${id}`],
      ['GET', '/'],
      ['GET', '/rawish'],
      ['OPTIONS', '/api/scripts/paginated'],
      ['OPTIONS', '/api/login'],
      ['OPTIONS', '/scripts'],
    ];
    for (const [method, url] of others) {
      const response = await request(method, url, { 'access-control-request-method': 'GET' });
      if (method === 'GET' && ['/scripts', '/', `/scripts/${id}`].includes(url)) expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
      expect(response.headers['access-control-allow-methods'], `${method} ${url}`).toBeUndefined();
    }
  });

  it('tags every answer with a strong ETag and answers a matching If-None-Match with a bodiless 304', async () => {
    for (const url of crossOriginUrls()) {
      const first = await request('GET', url);
      expect(first.statusCode, url).toBe(200);
      const tag = String(first.headers.etag);
      expect(tag, url).toMatch(/^"[^"]+"$/);
      const again = await request('GET', url, { 'if-none-match': tag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers['access-control-allow-origin'], url).toBe('*');
      expect((await request('GET', url, { 'if-none-match': '"other"' })).statusCode, url).toBe(200);
    }
  });

  it('changes the tag when the script changes', async () => {
    const before = await request('GET', `/raw/${id}`);
    const list = await request('GET', '/api/v1/scripts');
    await ctx.services.scripts.update(id, { loadstring: 'print("open v2")' });
    ctx.services.cache.changed({ kind: 'script', id });
    const after = await request('GET', `/raw/${id}`, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe('print("open v2")');
    expect((await request('GET', '/api/v1/scripts', { 'if-none-match': String(list.headers.etag) })).statusCode).toBe(200);
  });
});
