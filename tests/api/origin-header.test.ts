import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_CACHE_CONTROL } from '../../server/cache/conditional.ts';
import { pathIn } from '../../web/i18n/reading.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { BUILT_ENTRY, freePort, spawnEntry, waitForHealthy } from '../helpers/processes.ts';
import { type PublicPages, publicPages } from '../helpers/public-pages.ts';

// Issue 36, item 3: with TRUST_PROXY=true and SITE_URL unset, X-Forwarded-Host chose the origin of the
// canonical, hreflang, JSON-LD and feed links of answers sent `public, s-maxage=1`, so one request a
// second kept a shared cache's pages naming an attacker's host for everyone. Now no request header but
// Host names an origin, and without SITE_URL no page that names one may be kept by a shared cache; with
// SITE_URL set only SITE_URL is ever named. Needs `npm run build`.

const EVIL = 'evil.example';
const SITE_URL = 'https://scripts.example';
const ATTACKS: Record<string, string>[] = [
  { 'x-forwarded-host': EVIL },
  { 'x-forwarded-host': `${EVIL}, scripts.example`, 'x-forwarded-proto': 'https' },
  { 'x-forwarded-host': `scripts.example, ${EVIL}` },
  { host: EVIL },
  { host: `${EVIL}:8443`, 'x-forwarded-host': EVIL },
];

/** Every page, feed and site file in each of its readings, its data request, and the public API. */
function everyAnswer(pages: PublicPages): string[] {
  const read = pages.read.flatMap((page) => ['spec', 'en', 'ru'].map((reading) => pathIn(reading as 'spec', page)));
  return [...read, ...pages.site, '/sitemap.xml?page=1', '/api/scripts/paginated', '/api/games', '/api/site-channels'];
}

const shareable = (cacheControl: unknown) => !/private|no-store/.test(String(cacheControl ?? ''));

describe.each(dialects)('the origin of a page on %s', (dialect) => {
  describe('behind a trusted proxy without SITE_URL', () => {
    let ctx: TestContext;
    let urls: string[];
    // light-my-request connects from 127.0.0.1: the trusted proxy of TRUST_PROXY=true.
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    beforeAll(async () => {
      ctx = await createTestContext(dialect, { web: true, env: { TRUST_PROXY: 'true' } });
      urls = everyAnswer(await publicPages(ctx));
    });
    afterAll(async () => ctx?.close());

    it('never takes the origin from X-Forwarded-Host, and shares no answer that names a request\u2019s host', async () => {
      for (const url of urls) {
        for (const headers of ATTACKS) {
          const attack = await get(url, headers);
          const what = `${url} ${JSON.stringify(headers)}`;
          expect(attack.statusCode, what).toBeLessThan(500);
          if (!headers.host) expect(attack.body, what).not.toContain(EVIL);
          if (attack.body.includes(EVIL)) expect(shareable(attack.headers['cache-control']), `${what}: ${attack.headers['cache-control']}`).toBe(false);
          const plain = await get(url);
          expect(plain.body, `${url} after ${JSON.stringify(headers)}`).not.toContain(EVIL);
        }
      }
    });

    it('sends every page, feed and site file private, revalidated with its tag', async () => {
      for (const url of urls.filter((each) => !each.startsWith('/api/'))) {
        const answer = await get(url);
        expect(answer.headers['cache-control'], url).toBe('private, no-cache');
        if (answer.statusCode === 200 && answer.headers.etag) {
          expect((await get(url, { 'if-none-match': answer.headers.etag as string })).statusCode, url).toBe(304);
        }
      }
    });
  });

  describe('with SITE_URL set', () => {
    let ctx: TestContext;
    let urls: string[];
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    beforeAll(async () => {
      ctx = await createTestContext(dialect, { web: true, env: { TRUST_PROXY: 'true', SITE_URL } });
      urls = everyAnswer(await publicPages(ctx));
    });
    afterAll(async () => ctx?.close());

    it('names only SITE_URL, whatever the Host and X-Forwarded-Host, and shares its pages', async () => {
      for (const url of urls) {
        for (const headers of ATTACKS) {
          const attack = await get(url, headers);
          const what = `${url} ${JSON.stringify(headers)}`;
          expect(attack.statusCode, what).toBeLessThan(500);
          expect(attack.body, what).not.toContain(EVIL);
          // Shared, or revalidated every time (the dated policy pages and the script feeds' own no-cache).
          if (attack.statusCode === 200) expect([SHARED_CACHE_CONTROL, 'no-cache'], what).toContain(attack.headers['cache-control']);
        }
      }
      expect((await get('/scripts', { host: EVIL })).body).toContain(`<link rel="canonical" href="${SITE_URL}/scripts"`);
    });
  });
});

describe('the page cache under many Host values, without SITE_URL', () => {
  it('keeps each host\u2019s pages within its bounds, and a page visitors ask for survives a flood of hosts', async () => {
    // 1 MB: 256 entries, 64 of them for pages asked once (docs/decisions/0038-pages-asked-once-stay-on-probation.md).
    const ctx = await createTestContext('sqlite', { web: true, env: { PAGE_CACHE_MB: '1' } });
    try {
      const pages = ctx.services.pages;
      const visitors = 'html:http://localhost/scripts';
      for (let round = 0; round < 2; round += 1) expect((await ctx.app.inject({ method: 'GET', url: '/scripts' })).statusCode).toBe(200);
      expect(pages.get(visitors)).toBeDefined();
      for (let index = 0; index < 100; index += 1) {
        const flood = await ctx.app.inject({ method: 'GET', url: '/scripts', headers: { host: `h${index}.example` } });
        expect(flood.statusCode).toBe(200);
        expect(flood.headers['cache-control']).toBe('private, no-cache');
      }
      expect(pages.size).toBeLessThanOrEqual(1 + pages.maxEntries / 4);
      expect(pages.get(visitors)).toBeDefined();
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

describe('the start behind a proxy', () => {
  async function startOutput(env: Record<string, string>): Promise<string> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'origin-start-'));
    const port = await freePort();
    const server = spawnEntry({ NODE_ENV: 'production', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), DEMO_CATALOGUE: 'off', LOG_LEVEL: 'warn', ...env }, BUILT_ENTRY);
    try {
      await waitForHealthy(server, `http://127.0.0.1:${port}/api/health`);
    } finally {
      server.child.kill('SIGTERM');
    }
    const { stdout, stderr } = await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    return stdout + stderr;
  }

  it('warns, naming SITE_URL, when TRUST_PROXY is set and SITE_URL is not', async () => {
    expect(await startOutput({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY is set but SITE_URL is not[^\n]*Set SITE_URL/);
    expect(await startOutput({ TRUST_PROXY: 'true', SITE_URL })).not.toContain('SITE_URL is not');
  }, 120_000);
});
