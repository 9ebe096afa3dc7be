import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

// TRUST_PROXY (issue 9, item 9): behind a proxy, the client address is the entry the trusted proxy
// appended to X-Forwarded-For, never one the client wrote itself. The per-address login limit
// (20 failures across usernames) shows which address the server used.

const ADDRESS_LIMIT = 20;
const ATTEMPTS = 60;

let sequence = 0;
const freshName = () => `guess_${process.pid % 1000}_${++sequence}`;
/** A different made-up "client address" on every call, as a spoofing client would send. */
const spoofed = () => `203.0.${Math.floor(sequence / 250) % 250}.${(sequence++ % 250) + 1}`;

describe.each(dialects)('TRUST_PROXY on %s', (dialect) => {
  /** Wrong admin passwords, each for a new username, with the given socket address and X-Forwarded-For. */
  async function spray(ctx: TestContext, request: () => { remoteAddress: string; forwardedFor: string }, attempts = ATTEMPTS): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i += 1) {
      const { remoteAddress, forwardedFor } = request();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/al',
        payload: { username: freshName(), password: 'wrong-password-1' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  /** The answers of a client throttled by one address: the limit checked, every later attempt 429. */
  const throttledAfterLimit = (attempts = ATTEMPTS) => [...Array<number>(ADDRESS_LIMIT).fill(401), ...Array<number>(attempts - ADDRESS_LIMIT).fill(429)];

  describe.each(['1', 'true'])('TRUST_PROXY=%s (one proxy hop)', (value) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(dialect, { env: { TRUST_PROXY: value } });
    });
    afterAll(async () => ctx?.close());

    it('throttles a client by the address its proxy appended, whatever it puts leftmost', async () => {
      const statuses = await spray(ctx, () => ({ remoteAddress: '10.0.0.2', forwardedFor: `${spoofed()}, 198.51.100.10` }));
      expect(statuses).toEqual(throttledAfterLimit());
    });

    it('ignores X-Forwarded-For from a public address: a hop count trusts only a proxy on a loopback or private address', async () => {
      const statuses = await spray(ctx, () => ({ remoteAddress: '198.51.100.13', forwardedFor: spoofed() }));
      expect(statuses).toEqual(throttledAfterLimit());
    });

    it('keeps clients behind the same proxy apart', async () => {
      await spray(ctx, () => ({ remoteAddress: '10.0.0.2', forwardedFor: `${spoofed()}, 198.51.100.11` }), ADDRESS_LIMIT + 1);
      const other = await spray(ctx, () => ({ remoteAddress: '10.0.0.2', forwardedFor: `${spoofed()}, 198.51.100.12` }), 1);
      expect(other).toEqual([401]);
    });
  });

  describe('TRUST_PROXY=2 (two proxy hops)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(dialect, { env: { TRUST_PROXY: '2' } });
    });
    afterAll(async () => ctx?.close());

    it('takes the address the outer proxy appended', async () => {
      const statuses = await spray(ctx, () => ({ remoteAddress: '10.0.0.3', forwardedFor: `${spoofed()}, 198.51.100.20, 10.0.0.2` }));
      expect(statuses).toEqual(throttledAfterLimit());
    });
  });

  describe('TRUST_PROXY as a list of proxy addresses and ranges', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(dialect, { env: { TRUST_PROXY: '10.0.0.2, 10.1.0.0/16' } });
    });
    afterAll(async () => ctx?.close());

    it('honours X-Forwarded-For from a listed proxy: the client is throttled by its real address', async () => {
      const statuses = await spray(ctx, () => ({ remoteAddress: '10.0.0.2', forwardedFor: `${spoofed()}, 198.51.100.30` }));
      expect(statuses).toEqual(throttledAfterLimit());
      // Another client through a proxy of the listed range has its own budget.
      expect(await spray(ctx, () => ({ remoteAddress: '10.1.7.7', forwardedFor: `${spoofed()}, 198.51.100.31` }), 1)).toEqual([401]);
    });

    it('ignores X-Forwarded-For from anyone else: the socket address counts', async () => {
      const statuses = await spray(ctx, () => ({ remoteAddress: '198.51.100.40', forwardedFor: `${spoofed()}, ${spoofed()}` }));
      expect(statuses).toEqual(throttledAfterLimit());
    });
  });

  describe.each([['false'], ['unset']])('TRUST_PROXY=%s', (value) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(dialect, { env: value === 'unset' ? {} : { TRUST_PROXY: value } });
    });
    afterAll(async () => ctx?.close());

    it('ignores X-Forwarded-For entirely', async () => {
      const statuses = await spray(ctx, () => ({ remoteAddress: '198.51.100.50', forwardedFor: spoofed() }));
      expect(statuses).toEqual(throttledAfterLimit());
    });
  });
});
