import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_VISITOR } from '../../contract/index.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { addressGroups } from '../../server/shared/client-address.ts';
import { NETWORK_VOTERS } from '../../server/votes/repository.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { BROWSER_AGENT, postReport } from '../helpers/reports.ts';

// Votes and reports from many /64s of one IPv6 /48
// (docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md): each /64 is a visitor of its
// own, so without limits per /56 and /48 one site's holder could vote 65,536 × 3 times on every script and report 65,536 × 5 times an hour.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const hex = (n: number) => n.toString(16);
/** The i-th /64 of 2001:db8:<site>::/48, each in a /56 of its own. */
const spread = (site: number, i: number) => `2001:db8:${hex(site)}:${hex(i * 256)}::1`;
/** The i-th /64 of one /56 of that /48. */
const packed = (site: number, i: number) => `2001:db8:${hex(site)}:${hex(0x4200 + i)}::1`;

describe('the wider address groups', () => {
  it('puts an IPv6 address in its /64, /56 and /48, and an IPv4 address (mapped too) in none wider', () => {
    expect(addressGroups('2001:db8:1:2345:6:7:8:9')).toEqual({
      narrow: '2001:db8:1:2345::/64',
      wider: [
        { prefix: 56, key: '2001:db8:1:2300::/56' },
        { prefix: 48, key: '2001:db8:1::/48' },
      ],
    });
    expect(addressGroups('203.0.113.9')).toEqual({ narrow: '203.0.113.9', wider: [] });
    expect(addressGroups('::ffff:203.0.113.9')).toEqual({ narrow: '203.0.113.9', wider: [] });
  });
});

describe.each(dialects)('votes and reports per /56 and /48 (%s)', (dialect) => {
  let ctx: TestContext;
  const clock = testClock(Date.UTC(2026, 6, 1));

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { clock: clock.now });
  });
  afterAll(async () => ctx?.close());
  afterEach(async () => ctx.services.votes.flush());

  const vote = (id: number, address: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/scripts/${id}/vote`, remoteAddress: address, headers: { 'user-agent': BROWSER_AGENT }, payload: { value: 'like' } });
  const counts = async (id: number) => {
    const script = await ctx.db.kysely.selectFrom('scripts').select('likes').where('id', '=', id).executeTakeFirstOrThrow();
    const rows = await ctx.db.kysely.selectFrom('script_votes').select('visitor_hash').where('script_id', '=', id).execute();
    return { likes: Number(script.likes), rows: rows.length };
  };

  it(`takes at most ${NETWORK_VOTERS.n48} voters a day on one script from one /48 however many /64s it uses; others and other scripts are untouched`, async () => {
    const script = await insertScript(ctx.services);
    const other = await insertScript(ctx.services);
    const answers = [];
    // Half before a flush, half after: the cap counts stored and buffered voters alike.
    for (let i = 0; i < 10; i += 1) answers.push(await vote(script.id, spread(0xb1, i)));
    await ctx.services.votes.flush();
    for (let i = 10; i < 30; i += 1) answers.push(await vote(script.id, spread(0xb1, i)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(NETWORK_VOTERS.n48);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(30 - NETWORK_VOTERS.n48);
    expect(refused[0]!.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(HOUR_MS / 1000);
    await ctx.services.votes.flush();
    expect(await counts(script.id)).toEqual({ likes: NETWORK_VOTERS.n48, rows: NETWORK_VOTERS.n48 });

    // A voter already counted changes its vote freely; another /48 and IPv4 visitors vote as before;
    // the same /48 votes on another script.
    const change = await ctx.app.inject({ method: 'POST', url: `/api/scripts/${script.id}/vote`, remoteAddress: spread(0xb1, 0), headers: { 'user-agent': BROWSER_AGENT }, payload: { value: 'dislike' } });
    expect(change.statusCode).toBe(200);
    expect((await vote(script.id, spread(0xb2, 0))).statusCode).toBe(200);
    expect((await vote(script.id, '203.0.113.77')).statusCode).toBe(200);
    expect((await vote(other.id, spread(0xb1, 40))).statusCode).toBe(200);

    // A day after, the /48 has room again.
    clock.advance(DAY_MS + 1);
    expect((await vote(script.id, spread(0xb1, 50))).statusCode).toBe(200);
  });

  it(`takes at most ${NETWORK_VOTERS.n56} voters on one script from one /56`, async () => {
    const script = await insertScript(ctx.services);
    const statuses = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await vote(script.id, packed(0xb3, i))).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(NETWORK_VOTERS.n56);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10 - NETWORK_VOTERS.n56);
    // The same /48's other /56s still have the rest of the /48's room.
    expect((await vote(script.id, spread(0xb3, 1))).statusCode).toBe(200);
    await ctx.services.votes.flush();
    expect(await counts(script.id)).toEqual({ likes: NETWORK_VOTERS.n56 + 1, rows: NETWORK_VOTERS.n56 + 1 });
  });

  it('drops at the flush, under the /48’s lock, new voters that two apps let past the cap between them', async () => {
    const otherDb = openDatabase(ctx.config.database);
    const other = await buildApp({ config: ctx.config, db: otherDb, web: { kind: 'none' }, logger: false, clock: clock.now });
    try {
      await other.ready();
      const script = await insertScript(ctx.services);
      const votes = (app: FastifyInstance, from: number) =>
        Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            app.inject({ method: 'POST', url: `/api/scripts/${script.id}/vote`, remoteAddress: spread(0xb4, from + i), headers: { 'user-agent': BROWSER_AGENT }, payload: { value: 'like' } }),
          ),
        );
      // Each app sees 8, under the cap of 12; together they are 16.
      const [here, there] = await Promise.all([votes(ctx.app, 0), votes(other, 8)]);
      expect([...here, ...there].every((answer) => answer.statusCode === 200)).toBe(true);
      // PostgreSQL: both flushes at once (the /48's advisory lock orders them); SQLite: in turn.
      if (dialect === 'postgres') await Promise.all([ctx.services.votes.flush(), other.services.votes.flush()]);
      else for (const app of [other, ctx.app]) await app.services.votes.flush();
      expect(await counts(script.id)).toEqual({ likes: NETWORK_VOTERS.n48, rows: NETWORK_VOTERS.n48 });
    } finally {
      await other.close();
      await otherDb.close();
    }
  });

  it(`takes at most ${2 * REPORTS_PER_VISITOR} reports an hour from one /56 and ${4 * REPORTS_PER_VISITOR} from one /48, storing nothing past them`, async () => {
    const script = await insertScript(ctx.services);
    const reportCount = async () => Number((await ctx.db.kysely.selectFrom('reports').select((eb) => eb.fn.countAll().as('n')).where('script_id', '=', script.id).executeTakeFirstOrThrow()).n);
    const body = { reason: 'spam' };
    // One /56: its /64s are visitors of their own, the /56 holds them to twice one visitor's.
    const packedStatuses = [];
    for (let i = 0; i < 3 * REPORTS_PER_VISITOR; i += 1) packedStatuses.push((await postReport(ctx, script.id, body, { address: packed(0xc1, i) })).statusCode);
    expect(packedStatuses.filter((status) => status === 201)).toHaveLength(2 * REPORTS_PER_VISITOR);
    expect(await reportCount()).toBe(2 * REPORTS_PER_VISITOR);
    // The whole /48, across its /56s: four times one visitor's.
    const spreadAnswers = [];
    for (let i = 1; i <= 4 * REPORTS_PER_VISITOR; i += 1) spreadAnswers.push(await postReport(ctx, script.id, body, { address: spread(0xc1, i) }));
    expect(spreadAnswers.filter((answer) => answer.statusCode === 201)).toHaveLength(2 * REPORTS_PER_VISITOR);
    const refused = spreadAnswers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await reportCount()).toBe(4 * REPORTS_PER_VISITOR);
    // Another /48 and an IPv4 visitor report as before.
    expect((await postReport(ctx, script.id, body, { address: spread(0xc2, 1) })).statusCode).toBe(201);
    expect((await postReport(ctx, script.id, body, { address: '203.0.113.78' })).statusCode).toBe(201);
    expect(await reportCount()).toBe(4 * REPORTS_PER_VISITOR + 2);
  });
});
