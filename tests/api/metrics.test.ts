import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// The admin's process metrics (what the realistic benchmark reads): admin only, never stored.

describe.each(dialects)('metrics on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await createAdmin(ctx);
    moderator = await createModerator(ctx);
  });
  afterAll(async () => ctx?.close());

  it.each([
    ['GET', '/api/metrics'],
    ['POST', '/api/metrics/reset'],
    ['POST', '/api/metrics/clear-caches'],
  ] as const)('%s %s is 401 without a token and 403 for a moderator', async (method, url) => {
    expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    const forbidden = await injectAs(ctx, moderator, { method, url });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('no-store');
  });

  it('shows the event-loop delay, memory and cache sizes to the admin, uncached', async () => {
    await injectAs(ctx, admin, { method: 'POST', url: '/api/metrics/reset' });
    const script = await insertScript(ctx.services);
    await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` });
    const response = await injectAs(ctx, admin, { method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const metrics = response.json();
    expect(metrics.eventLoopDelayMs.p99).toBeGreaterThanOrEqual(0);
    expect(metrics.rssBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(metrics.heapTotalBytes).toBeGreaterThanOrEqual(metrics.heapUsedBytes);
    expect(metrics.externalBytes).toBeGreaterThan(0);
    expect(metrics.caches.answers.entries).toBeGreaterThan(0);
    expect(metrics.caches.answers.bytes).toBeGreaterThan(0);
    expect(metrics.pid).toBe(process.pid);
    expect(metrics.coldGate).toEqual(ctx.services.coldGate.state);
    if (dialect === 'postgres') expect(metrics.databasePool).toEqual({ total: expect.any(Number), idle: expect.any(Number), waiting: 0 });
    else expect(metrics.databasePool).toBeNull();
  });

  it('clears every cached answer on request, so the next read is fresh', async () => {
    const script = await insertScript(ctx.services, { playsname: 'Cached then cleared' });
    await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` });
    await ctx.db.kysely.updateTable('scripts').set({ playsname: 'Changed behind the cache' }).where('id', '=', script.id).execute();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json().playsname).toBe('Cached then cleared');
    expect((await injectAs(ctx, admin, { method: 'POST', url: '/api/metrics/clear-caches' })).statusCode).toBe(200);
    expect(ctx.services.cache.size).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scripts/${script.id}` })).json().playsname).toBe('Changed behind the cache');
  });
});
