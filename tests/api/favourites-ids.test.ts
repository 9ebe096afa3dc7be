import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS_MAX } from '../../contract/index.ts';
import { IDS_LISTS } from '../../server/cache/public-cache.ts';
import { idsKey, listKey } from '../../server/scripts/service.ts';
import type { Principal } from '../../server/policies/policies.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';

// GET /api/scripts/paginated?ids= (docs/decisions/0043-favourites-without-an-account.md): the listed scripts
// among the ids, in the order given, hidden and deleted ones absent, the other filters applied; bad
// lists a 400 naming ids that changes nothing; every list cached in one capped family.

const ADMIN: Principal = { role: 'admin', adminId: 1 };

describe.each(dialects)('the ids list on %s', (dialect) => {
  let ctx: TestContext;
  let ids: { plain: number; verified: number; hidden: number; deleted: number; other: number };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const plain = (await insertScript(ctx.services)).id;
    const verified = (await insertScript(ctx.services, { verified: true })).id;
    const hidden = (await insertScript(ctx.services)).id;
    const deleted = (await insertScript(ctx.services)).id;
    const other = (await insertScript(ctx.services)).id;
    await ctx.services.visibility.set(ADMIN, hidden, true);
    await ctx.services.scripts.delete(deleted);
    ctx.services.cache.invalidate();
    ids = { plain, verified, hidden, deleted, other };
  });
  afterAll(async () => ctx?.close());

  const list = async (query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/scripts/paginated?${query}` });
    return { status: response.statusCode, body: response.json() as { scripts?: { id: number }[]; total?: number; code?: string; fields?: Record<string, string> } };
  };
  const found = async (query: string) => {
    const { status, body } = await list(query);
    expect(status, JSON.stringify(body)).toBe(200);
    return { ids: (body.scripts ?? []).map((script) => script.id), total: body.total };
  };

  it('answers the scripts in the order given, whatever the catalogue order', async () => {
    expect(await found(`ids=${ids.other},${ids.plain},${ids.verified}`)).toEqual({ ids: [ids.other, ids.plain, ids.verified], total: 3 });
    expect(await found(`ids=${ids.verified},${ids.other},${ids.plain}`)).toEqual({ ids: [ids.verified, ids.other, ids.plain], total: 3 });
  });

  it('leaves hidden, deleted and unknown scripts out, and counts only what it found', async () => {
    expect(await found(`ids=${ids.hidden},${ids.plain},${ids.deleted},2000000000,${ids.other}`)).toEqual({ ids: [ids.plain, ids.other], total: 2 });
    expect(await found(`ids=${ids.hidden},${ids.deleted}`)).toEqual({ ids: [], total: 0 });
  });

  it('applies the other filters: a script a filter drops is absent', async () => {
    const all = `ids=${ids.plain},${ids.verified},${ids.other}`;
    expect(await found(`${all}&verified=true`)).toEqual({ ids: [ids.verified], total: 1 });
    expect(await found(`${all}&verified=false`)).toEqual({ ids: [ids.plain, ids.other], total: 2 });
    expect(await found(`${all}&game=no-such-game`)).toEqual({ ids: [], total: 0 });
  });

  it('drops a cached list when one of its scripts changes', async () => {
    expect(await found(`ids=${ids.other}`)).toEqual({ ids: [ids.other], total: 1 });
    await ctx.services.visibility.set(ADMIN, ids.other, true);
    expect(await found(`ids=${ids.other}`)).toEqual({ ids: [], total: 0 });
    await ctx.services.visibility.set(ADMIN, ids.other, false);
    expect(await found(`ids=${ids.other}`)).toEqual({ ids: [ids.other], total: 1 });
  });

  const tooMany = Array.from({ length: IDS_MAX + 1 }, (_, i) => i + 1).join(',');
  const BAD: [string, string][] = [
    ['more than 100 ids', `ids=${tooMany}`],
    ['far too long a list', `ids=${'1,'.repeat(5_000)}1`],
    ['an empty list', 'ids='],
    ['an empty item', 'ids=1,,2'],
    ['a trailing comma', 'ids=1,2,'],
    ['a non-numeric item', 'ids=1,two'],
    ['a negative id', 'ids=-1'],
    ['zero', 'ids=0'],
    ['a leading zero', 'ids=1,02'],
    ['a decimal', 'ids=1.0'],
    ['spaces', 'ids=1,%202'],
    ['a repeated id', 'ids=3,1,3'],
    ['a NUL byte', 'ids=1%002'],
    ['a control character', 'ids=1,%0A2'],
    ['an id past the largest', 'ids=2147483648'],
    ['ids given twice', 'ids=1&ids=2'],
    ['ids with limit', 'ids=1&limit=5'],
    ['ids with offset', 'ids=1&offset=0'],
    ['ids with sort', 'ids=1&sort=views'],
    ['ids with a search', 'ids=1&q=farm'],
  ];

  it.each(BAD)('refuses %s with a 400 naming ids, changing nothing', async (_name, query) => {
    const before = ctx.services.cache.familySize('ids');
    const countBefore = await ctx.services.scripts.count();
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields ?? {})).toEqual(['ids']);
    expect(ctx.services.cache.familySize('ids')).toBe(before);
    expect(await ctx.services.scripts.count()).toBe(countBefore);
  });

  it('keeps every list in one family with its own cap, so many lists cannot flush the other answers', async () => {
    ctx.services.cache.invalidate();
    expect((await list('limit=5')).status).toBe(200);
    const cap = Math.min(IDS_LISTS, Math.max(16, Math.floor(ctx.services.cache.maxEntries / 16)));
    for (let i = 0; i < cap + 40; i += 1) expect((await list(`ids=${ids.plain},${1_000_000 + i}`)).status).toBe(200);
    expect(ctx.services.cache.familySize('ids')).toBe(cap);
    // The catalogue page asked before the flood is still cached; each exact list is its own entry.
    expect(ctx.services.cache.get(listKey({ limit: 5, offset: 0 }))).toBeDefined();
    expect(ctx.services.cache.get(idsKey([ids.plain, 1_000_000 + cap + 39], {}))).toBeDefined();
    expect(ctx.services.cache.get(idsKey([ids.plain, 1_000_000], {}))).toBeUndefined();
  });
});
