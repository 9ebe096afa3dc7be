import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { MATRIX, PUBLIC_ROUTES, STATIC_FOLDERS } from '../helpers/authz-matrix.ts';

// Every route the app registers is either a row of the authorization matrix (staff routes, run by
// staff-authz.test.ts for every principal) or a route anyone may call: a route added without a row
// fails here, so no staff route goes untested for who may call it.

/** `/api/m/:script` and `/api/m/:id` name the same route; a file under a static folder is that folder's `/*`. */
function key(method: string, path: string): string {
  const folder = STATIC_FOLDERS.find((prefix) => path.startsWith(prefix) && !path.includes(':'));
  return `${method} ${folder ? `${folder}*` : path.replace(/:[A-Za-z]+/g, ':param')}`;
}

describe.each([
  ['uploads on disk', {}],
  ['uploads in the database', { IMAGE_STORAGE: 'database' }],
])('every registered route is in the authorization matrix or public (%s)', (_label, env) => {
  let ctx: TestContext;
  const registered: string[] = [];

  beforeAll(async () => {
    const record = (route: RouteOptions) => {
      // HEAD answers as GET does (Fastify adds it to every GET route).
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push(key(method, route.url));
    };
    // With the built web app, as production runs: its pages and assets are routes too.
    ctx = await createTestContext('sqlite', { env, web: true, onRoute: record });
  });
  afterAll(async () => ctx?.close());

  it('lists the routes (the hook saw the app being built)', () => {
    expect(registered).toEqual(expect.arrayContaining([key('POST', '/api/m'), key('GET', '/api/health'), key('GET', '/*')]));
  });

  it('has a matrix row or a public entry for each, and each entry names a registered route', () => {
    const matrix = new Set(MATRIX.map((row) => key(row.method, row.path)));
    const open = new Set(PUBLIC_ROUTES.map((route) => key(route.method, route.path)));
    const unlisted = [...new Set(registered)].filter((route) => !matrix.has(route) && !open.has(route));
    expect(unlisted, 'routes with neither a matrix row (tests/helpers/authz-matrix.ts) nor a public entry').toEqual([]);
    const both = [...matrix].filter((route) => open.has(route));
    expect(both, 'routes listed as public and in the matrix').toEqual([]);
    // Every matrix row is a registered route, so the matrix cannot test a path the app no longer has.
    expect([...matrix].filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('answers a public API route without a token (neither 401 nor 403)', async () => {
    for (const { method, path } of PUBLIC_ROUTES.filter((route) => route.path.startsWith('/api/') && !route.path.includes('*'))) {
      // As a browser: the vote routes refuse crawlers and agent-less clients (403) whatever the token.
      const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' };
      const response = await ctx.app.inject({ method, url: path.replace(':id', '1'), headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect([401, 403], `${method} ${path} answered ${response.statusCode}`).not.toContain(response.statusCode);
    }
  });
});
