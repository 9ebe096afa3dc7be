import net from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noneMatch, SHARED_CACHE_CONTROL } from '../../server/cache/conditional.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// Shared caches in front (issue 26, item 4): every public kind carries a strong ETag of its bytes and
// answers 304 to a matching If-None-Match; staff and per-visitor answers, and anything asked with an
// Authorization header, are never shareable.

describe.each(dialects)('conditional requests on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let scriptId: number;
  let gameSlug: string;

  beforeAll(async () => {
    // SITE_URL set: without it no page may be shared (tests/api/origin-header.test.ts).
    ctx = await createTestContext(dialect, { web: true, env: { SITE_URL: 'https://scripts.example' } });
    admin = await createAdmin(ctx);
    scriptId = (await insertScript(ctx.services, { playsname: 'Tagged script', game: { name: 'Etag Game' } })).id;
    gameSlug = (await ctx.app.inject({ method: 'GET', url: '/api/games' })).json()[0].slug;
  });
  afterAll(async () => ctx?.close());

  /** The app on a real port (once), for requests only a raw socket can send. */
  async function listening(): Promise<number> {
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    return (ctx.app.server.address() as net.AddressInfo).port;
  }

  // light-my-request's own User-Agent is a bot's: no request here counts a view, so an answer's bytes
  // change only when a test changes the script.
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const publicUrls = () => [
    '/',
    '/scripts',
    '/scripts.data',
    `/scripts/${scriptId}`,
    '/feed.xml',
    `/games/${gameSlug}/feed.xml`,
    '/sitemap.xml',
    '/robots.txt',
    '/api/scripts/paginated',
    `/api/scripts/${scriptId}`,
    `/api/scripts/${scriptId}/channels`,
    '/api/games',
    '/api/site-channels',
  ];

  it('tags every public kind and answers 304 with no body to its tag, in GET and HEAD', async () => {
    for (const url of publicUrls()) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers.etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control'], url).toBe(SHARED_CACHE_CONTROL);
      // A browser would serve a stale copy under stale-while-revalidate: a panel's list after its own write.
      expect(first.headers['cache-control'], url).toMatch(/max-age=0/);
      expect(first.headers['cache-control'], url).not.toMatch(/stale-while-revalidate/);
      expect(first.headers.vary, url).toContain('accept-encoding');
      const again = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers.etag, url).toBe(first.headers.etag);
      const head = await ctx.app.inject({ method: 'HEAD', url, headers: { 'if-none-match': first.headers.etag as string } });
      expect(head.statusCode, url).toBe(304);
      const plainHead = await ctx.app.inject({ method: 'HEAD', url });
      expect(plainHead.statusCode, url).toBe(200);
      expect(plainHead.headers.etag, url).toBe(first.headers.etag);
    }
  });

  it('gives every encoding of a page one tag: the tag names the HTML, Vary keeps the encodings apart', async () => {
    const brotli = await get('/scripts', { 'accept-encoding': 'br' });
    const plain = await get('/scripts');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers.etag).toBe(plain.headers.etag);
  });

  it('derives the tag from the bytes: a page or answer rendered again, unchanged, keeps its tag and its 304', async () => {
    const urls = [`/scripts/${scriptId}`, `/api/scripts/${scriptId}`, '/api/games', '/sitemap.xml'];
    const before = await Promise.all(urls.map(async (url) => (await get(url)).headers.etag as string));
    ctx.services.cache.invalidate();
    for (const [index, url] of urls.entries()) {
      const answer = await get(url, { 'if-none-match': before[index] as string });
      expect(answer.statusCode, url).toBe(304);
    }
  });

  it('accepts *, lists and weak forms, and sends the body to a tag it does not have', async () => {
    const url = `/api/scripts/${scriptId}`;
    const tag = (await get(url)).headers.etag as string;
    for (const header of ['*', `"nope", ${tag}`, `W/${tag}`, `"a",W/${tag} , "b"`]) {
      expect((await get(url, { 'if-none-match': header })).statusCode, header).toBe(304);
    }
    for (const header of ['"nope"', tag.slice(0, -2) + '"', '', ',', 'W/', tag.slice(1, -1)]) {
      const answer = await get(url, { 'if-none-match': header });
      expect(answer.statusCode, header).toBe(200);
      expect(answer.json().playsname).toBe('Tagged script');
    }
  });

  it('changes the tags of the page and the API answer when an edit changes their bytes', async () => {
    const urls = [`/scripts/${scriptId}`, `/api/scripts/${scriptId}`, '/api/scripts/paginated', '/feed.xml'];
    const before = await Promise.all(urls.map(async (url) => (await get(url)).headers.etag as string));
    const patch = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${scriptId}`, payload: { playsname: 'Retagged script' } });
    expect(patch.statusCode).toBe(200);
    for (const [index, url] of urls.entries()) {
      const answer = await get(url, { 'if-none-match': before[index] as string });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('Retagged script');
      expect(answer.headers.etag, url).not.toBe(before[index]);
    }
    const patchBack = await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${scriptId}`, payload: { playsname: 'Tagged script' } });
    expect(patchBack.statusCode).toBe(200);
  });

  it('answers a request with an Authorization header no-store and untagged, on public and staff routes', async () => {
    for (const url of [...publicUrls(), '/api/scripts', '/api/moderators']) {
      const answer = await injectAs(ctx, admin, { method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(answer.headers.etag, url).toBeUndefined();
    }
    const bogus = await get('/api/scripts/paginated', { authorization: 'Bearer not-a-token' });
    expect(bogus.headers['cache-control']).toBe('no-store');
    expect(bogus.headers.etag).toBeUndefined();
  });

  it('keeps staff pages, staff answers and a visitor\u2019s own vote out of every cache', async () => {
    for (const url of ['/admin', '/moderator', '/admin.data', '/moderator/scripts', `/api/scripts/${scriptId}/my-vote`, '/api/scripts', '/api/m/check-status']) {
      const answer = await get(url, { 'if-none-match': '*' });
      expect(answer.statusCode, url).not.toBe(304);
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(answer.headers.etag, url).toBeUndefined();
    }
  });

  it('never fails on a hostile If-None-Match', async () => {
    for (const header of ['"\u0001\u0002"', 'W/W/W/"x"', '"' + 'a'.repeat(8000) + '"', ','.repeat(4000), '*, "x"']) {
      for (const url of ['/scripts', `/api/scripts/${scriptId}`]) {
        const answer = await get(url, { 'if-none-match': header });
        expect([200, 304, 400], `${url} ${header.slice(0, 20)}`).toContain(answer.statusCode);
      }
    }
    // A header over Node's limit is refused by the HTTP parser before any route (431), never a 500.
    const huge = await get('/scripts', { 'if-none-match': `"${'a'.repeat(20000)}"` });
    expect(huge.statusCode).toBeLessThan(500);
  });

  it('keeps a staff page asked for in absolute form (GET http://host/admin) out of every cache', async () => {
    const port = await listening();
    const head = await rawHead(port, `GET http://127.0.0.1:${port}/admin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(/\r\ncache-control: no-store\r\n/i);
    expect(head).not.toMatch(/\r\netag:/i);
  });

  it('answers a NUL byte in If-None-Match over real HTTP with a 4xx, never a 500', async () => {
    const port = await listening();
    for (const url of ['/scripts', `/api/scripts/${scriptId}`]) {
      const status = await rawStatus(port, `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: "a\u0000b"\r\nConnection: close\r\n\r\n`);
      expect(status, url).toBeGreaterThanOrEqual(400);
      expect(status, url).toBeLessThan(500);
    }
  });
});

/** The head of the answer to a request written byte for byte on a socket (what fetch and inject would refuse to send). */
function rawHead(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject).on('close', () => resolve(data.split('\r\n\r\n')[0] ?? ''));
  });
}

async function rawStatus(port: number, request: string): Promise<number> {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(await rawHead(port, request))?.[1] ?? 0);
}

describe('If-None-Match comparison', () => {
  it.each([
    ['"a"', '"a"', true],
    ['W/"a"', '"a"', true],
    ['"a"', 'W/"a"', true],
    ['"b", "a"', '"a"', true],
    ['*', '"a"', true],
    [' * ', '"a"', true],
    ['"b"', '"a"', false],
    ['a', '"a"', false],
    ['', '"a"', false],
    [undefined, '"a"', false],
  ] as const)('%s against %s → %s', (header, tag, expected) => {
    expect(noneMatch(header, tag)).toBe(expected);
  });
});
