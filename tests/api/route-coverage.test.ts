import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, accessOf } from '../../server/policies/access.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { MATRIX, PRINCIPALS, type RouteRow } from '../helpers/authz-matrix.ts';

// Every route the app registers declares who may call it where it is registered (server/policies/access.ts:
// the guard it runs behind, or `config: PUBLIC`), read here from the app's route table; a route that
// declares neither fails with its method and path. Every staff route has a row of the authorization
// matrix (staff-authz.test.ts runs it for every principal) whose statuses agree with its guard, so no
// staff route goes untested for who may call it.

/** `/api/m/:script` and `/api/m/:id` name the same route. */
function key(method: string, path: string): string {
  return `${method} ${path.replace(/:[A-Za-z]+/g, ':param')}`;
}

/** What a row's statuses must be for a route of `access`: 401 without a live token; the other role 403; an allowed moderator may meet 404 on another's script. */
function agreesWith(access: Access, statuses: RouteRow['statuses']): boolean {
  const status = (principal: (typeof PRINCIPALS)[number]) => statuses[PRINCIPALS.indexOf(principal)]!;
  const allowed = (code: number) => code >= 200 && code < 300;
  const tokenless = (['anonymous', 'deleted moderator', 'expired token', 'garbage token'] as const).every((principal) => status(principal) === 401);
  const moderators = access === 'admin' ? status('owner') === 403 && status('other moderator') === 403 : allowed(status('owner')) && (allowed(status('other moderator')) || status('other moderator') === 404);
  const admin = access === 'moderator' ? status('admin') === 403 : allowed(status('admin'));
  return tokenless && moderators && admin;
}

describe.each([
  ['uploads on disk', {}],
  ['uploads in the database', { IMAGE_STORAGE: 'database' }],
])('every registered route declares who may call it, and every staff route is in the authorization matrix (%s)', (_label, env) => {
  let ctx: TestContext;
  /** `access` is read once the app is built: a plugin's scope declares its routes public as they register, after this hook saw them. */
  const registered: { key: string; method: string; url: string; route: RouteOptions; access?: Access }[] = [];

  beforeAll(async () => {
    const record = (route: RouteOptions) => {
      // HEAD answers as GET does (Fastify adds it to every GET route).
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push({ key: key(method, route.url), method, url: route.url, route });
    };
    // With the built web app, as production runs: its pages and assets are routes too.
    ctx = await createTestContext('sqlite', { env, web: true, onRoute: record });
    for (const entry of registered) entry.access = accessOf(entry.route);
  });
  afterAll(async () => ctx?.close());

  it('lists the routes (the hook saw the app being built)', () => {
    expect(registered.map((entry) => entry.key)).toEqual(expect.arrayContaining([key('POST', '/api/m'), key('GET', '/api/health'), key('GET', '/*')]));
    const accessOfKey = (wanted: string) => registered.find((entry) => entry.key === wanted)?.access;
    expect(accessOfKey(key('POST', '/api/m'))).toBe('moderator');
    expect(accessOfKey(key('GET', '/api/moderators'))).toBe('admin');
    expect(accessOfKey(key('GET', '/*'))).toBe('public');
  });

  it('has a declared access for each: a guard or config PUBLIC', () => {
    const undeclared = registered.filter((entry) => entry.access === undefined).map((entry) => `${entry.method} ${entry.url}`);
    expect(undeclared, 'routes with neither a guard nor config: PUBLIC (server/policies/access.ts)').toEqual([]);
  });

  it('has a matrix row for each staff route, agreeing with its guard, and a registered staff route for each row', () => {
    const rows = new Map(MATRIX.map((row) => [key(row.method, row.path), row]));
    const staff = registered.filter((entry) => entry.access !== 'public' && entry.access !== undefined);
    const unlisted = staff.filter((entry) => !rows.has(entry.key)).map((entry) => `${entry.method} ${entry.url}`);
    expect(unlisted, 'staff routes without a row in tests/helpers/authz-matrix.ts').toEqual([]);
    const disagreeing = staff.filter((entry) => rows.has(entry.key) && !agreesWith(entry.access!, rows.get(entry.key)!.statuses)).map((entry) => `${entry.method} ${entry.url} (${entry.access})`);
    expect(disagreeing, 'matrix rows whose statuses are not those of the route’s guard').toEqual([]);
    // Every row is a registered staff route, so the matrix cannot test a path the app no longer has, or a public one.
    const staffKeys = new Set(staff.map((entry) => entry.key));
    expect([...rows.keys()].filter((route) => !staffKeys.has(route))).toEqual([]);
  });

  it('answers a public API route without a token (neither 401 nor 403)', async () => {
    const open = registered.filter((entry) => entry.access === 'public' && entry.url.startsWith('/api/') && !entry.url.includes('*'));
    expect(open.map((entry) => entry.key)).toEqual(expect.arrayContaining([key('GET', '/api/scripts/paginated'), key('POST', '/api/login'), key('POST', '/api/scripts/:id/vote')]));
    for (const { method, url } of open) {
      // As a browser: the vote routes refuse crawlers and agent-less clients (403) whatever the token.
      const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' };
      const response = await ctx.app.inject({ method: method as 'GET' | 'POST', url: url.replace(/:[A-Za-z]+/g, '1'), headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect([401, 403], `${method} ${url} answered ${response.statusCode}`).not.toContain(response.statusCode);
    }
  });
});
