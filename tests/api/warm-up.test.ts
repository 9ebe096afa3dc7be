import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmUp } from '../../server/warm-up.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { BROWSER_AGENT } from '../helpers/reports.ts';

// A process asks each kind of public page once before it listens (server/warm-up.ts): every page
// renders, is kept for visitors, and counts nothing a visitor would count.

describe.each(dialects)('the warm-up before a process takes traffic, on %s', (dialect) => {
  let ctx: TestContext;
  let id: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { web: true });
    id = (await insertScript(ctx.services, { playsname: 'Warm Farm' })).id;
  });
  afterAll(() => ctx?.close());

  it('renders every kind of public page, the newest script in each reading, and keeps them', async () => {
    const before = ctx.services.pages.size;
    const warm = await warmUp(ctx.app, undefined);
    expect(warm.pages.map((page) => page.path)).toEqual(expect.arrayContaining(['/', '/scripts', `/scripts/${id}`, `/en/scripts/${id}`, `/ru/scripts/${id}`]));
    for (const page of warm.pages) expect(page.status, page.path).toBe(200);
    expect(ctx.services.pages.size - before).toBe(warm.pages.length);
  });

  it('counts no view and no search', async () => {
    await warmUp(ctx.app, undefined);
    expect(ctx.services.views.pendingCount).toBe(0);
    // The same page asked by a browser is counted: the rule the warm-up relies on is the views' own.
    await ctx.app.inject({ method: 'GET', url: `/scripts/${id}`, headers: { 'user-agent': BROWSER_AGENT } });
    expect(ctx.services.views.pendingCount).toBe(1);
    await ctx.services.views.flush();
    const row = await ctx.db.kysely.selectFrom('scripts').select('views').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(1);
  });
});
