import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders, helmetOptions } from '../../server/plugins/security.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { insertScript } from '../helpers/factories.ts';

describe('security headers', () => {
  let ctx: TestContext;
  let id: number;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    id = (await insertScript(ctx.services, { playsname: 'Header Farm' })).id;
  });
  afterAll(async () => ctx?.close());

  it('computes the policy helmet sets, including the CSP directives', () => {
    const headers = helmetHeaders(helmetOptions(false));
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("img-src 'self' data: https:");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('leaves the CSP out in development, where Vite needs eval and a websocket', () => {
    expect(helmetHeaders(helmetOptions(true))['content-security-policy']).toBeUndefined();
  });

  it.each([
    ['a cached API answer', () => `/api/scripts/${id}`, 200],
    ['a validation failure', () => '/api/scripts/paginated?limit=-1', 400],
    ['an unknown API path', () => '/api/nope', 404],
    ['a staff route without a token', () => '/api/m/check-status', 401],
  ])('sends the same headers on %s', async (_name, url, status) => {
    // HSTS only where the site is reached over HTTPS (tested below); this app is plain HTTP.
    const { 'strict-transport-security': hsts, ...expected } = helmetHeaders(helmetOptions(false));
    expect(hsts).toContain('max-age=');
    // Twice: the second answer of a cached route must carry them too.
    for (let i = 0; i < 2; i += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: url() });
      expect(response.statusCode).toBe(status);
      for (const [name, value] of Object.entries(expected)) expect(response.headers[name], name).toBe(value);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
