import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../../server/plugins/web.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { insertScript } from '../helpers/factories.ts';

describe('compressed answers', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { web: true });
    await insertScript(ctx.services, { playsname: 'Compressed Blox Farm' });
  });
  afterAll(async () => ctx?.close());

  it('sends public HTML as brotli or gzip, whichever the client accepts, with Vary', async () => {
    const brotli = await ctx.app.inject({ method: 'GET', url: '/scripts', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('Compressed Blox Farm');

    const gzip = await ctx.app.inject({ method: 'GET', url: '/scripts', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('Compressed Blox Farm');

    const plain = await ctx.app.inject({ method: 'GET', url: '/scripts' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Compressed Blox Farm');
  });

  it('answers the same page in every encoding from one cached copy', async () => {
    ctx.services.cache.invalidate();
    const brotli = await ctx.app.inject({ method: 'GET', url: '/scripts', headers: { 'accept-encoding': 'br' } });
    const gzip = await ctx.app.inject({ method: 'GET', url: '/scripts', headers: { 'accept-encoding': 'gzip' } });
    const plain = await ctx.app.inject({ method: 'GET', url: '/scripts' });
    expect(ctx.services.pages.size).toBe(1);
    const html = brotliDecompressSync(brotli.rawPayload).toString();
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    expect(plain.body).toBe(html);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
  });

  it('keeps the brotli copy alone until a client asks for another encoding, then keeps that copy too', async () => {
    ctx.services.cache.invalidate();
    const brotli = await ctx.app.inject({ method: 'GET', url: '/scripts', headers: { 'accept-encoding': 'br' } });
    const html = brotliDecompressSync(brotli.rawPayload).toString();
    const compressed = ctx.services.pages.bytes;
    // Only the compressed copy is counted: far below the page's HTML.
    expect(compressed).toBeLessThan(html.length / 2);
    await ctx.app.inject({ method: 'GET', url: '/scripts' });
    const withIdentity = ctx.services.pages.bytes;
    expect(withIdentity).toBeGreaterThan(compressed + html.length / 2);
    // A second identity answer reuses the kept copy: nothing grows.
    expect((await ctx.app.inject({ method: 'GET', url: '/scripts' })).body).toBe(html);
    expect(ctx.services.pages.bytes).toBe(withIdentity);
  });

  it('serves the pre-compressed copy of a hashed asset', async () => {
    const assets = fs.readdirSync(path.resolve('build', 'client', 'assets'));
    // The framework chunk: every page loads it, and it is far above the size worth compressing.
    const entry = assets.find((name) => name.startsWith('framework-') && name.endsWith('.js'));
    expect(entry, 'run npm run build first').toBeDefined();
    expect(assets).toContain(`${entry}.br`);
    const response = await ctx.app.inject({ method: 'GET', url: `/assets/${entry}`, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const original = fs.readFileSync(path.resolve('build', 'client', 'assets', entry as string));
    expect(brotliDecompressSync(response.rawPayload).equals(original)).toBe(true);
  });

  it.each([
    [undefined, 5000, undefined],
    ['gzip', 500, undefined],
    ['gzip, br', 5000, 'br'],
    ['gzip', 5000, 'gzip'],
    ['identity', 5000, undefined],
  ] as const)('picks %s for %i bytes → %s', (accept, size, expected) => {
    expect(pickEncoding(accept, size)).toBe(expected);
  });
});
