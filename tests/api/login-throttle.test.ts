import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/shared/errors.ts';
import { AuthService } from '../../server/staff/auth-service.ts';
import { hashPassword } from '../../server/staff/passwords.ts';
import type { Role } from '../../server/staff/repository.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { freePort, spawnEntry, waitForHealthy } from '../helpers/processes.ts';

// The failed-login throttle (issue 9, items 7 and 8): per address and username pair, per address,
// and per username across addresses, where the last one holds back only addresses that already
// failed for that username. An attacker cannot lock a user out; parallel guesses cannot slip past.

/** The default limits (server/shared/config.ts), which the HTTP tests below run against. */
const PAIR = 5;
const ADDRESS = 20;
const PER_USERNAME_PER_MINUTE = 50;
const WINDOW_MS = 15 * 60 * 1000;
const MINUTE = 60 * 1000;

const RIGHT = 'right-password-1';
const WRONG = 'wrong-password-1';

let sequence = 0;
/** Names and addresses of their own per test, so no test sees another's failures. */
const freshName = (prefix: string) => `${prefix}_${process.pid % 1000}_${++sequence}`;
const freshAddress = () => `192.0.${Math.floor(sequence / 250) % 250}.${(sequence++ % 250) + 1}`;

/** Outcome of one service-level login: 200, or the AppError's status. */
async function outcome(attempt: Promise<{ token: string }>): Promise<number> {
  try {
    await attempt;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}

async function retryAfterOf(attempt: Promise<{ token: string }>): Promise<number | undefined> {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) return error.extra?.retryAfterSeconds;
    throw error;
  }
  throw new Error('the attempt was not refused');
}

const expectThrottled = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
  expect(String(response.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
};

const statusCounts = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe.each(dialects)('login throttle on %s', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());

  const account = async (role: Role, password = RIGHT) => {
    const username = freshName(role);
    const hash = await hashPassword(password);
    if (role === 'admin') await ctx.services.staff.upsertAdmin(username, hash);
    else await ctx.services.staff.insertModerator(username, hash);
    return username;
  };

  const adminLogin = (username: string, password: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/al', payload: { username, password }, remoteAddress });
  const moderatorLogin = (UserName: string, Password: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/login', payload: { UserName, Password }, remoteAddress });

  /** An AuthService on the app's database with its own clock and limits, so windows pass without sleeping. */
  const clockedService = (limits: { pair: number; address: number; perUsername: number; windowMs: number }) => {
    const clock = { now: Date.now() };
    const service = new AuthService(
      ctx.services.staff,
      {
        sessionTtlMs: ctx.config.sessionTtlMs,
        throttle: { maxFailures: limits.pair, windowMs: limits.windowMs, addressMaxFailures: limits.address, usernameMaxFailuresPerMinute: limits.perUsername },
      },
      () => clock.now,
    );
    return { service, clock };
  };

  const failureRows = async (key: string) =>
    Number(
      (await ctx.db.kysely.selectFrom('login_failures').select((eb) => eb.fn.countAll<number>().as('n')).where('throttle_key', '=', key).executeTakeFirstOrThrow()).n,
    );

  it('runs on the documented default limits', () => {
    expect(ctx.config).toMatchObject({ loginMaxFailures: PAIR, loginWindowMs: WINDOW_MS });
  });

  describe('nobody can lock the admin out', () => {
    it('after more wrong passwords than every limit, from one and from many addresses, the right password from a fresh address logs in', async () => {
      const admin = await account('admin');

      // One attacker address: the pair limit, then 429 for that address and username only.
      const attacker = freshAddress();
      const single = [];
      for (let i = 0; i < PAIR * 3; i += 1) single.push((await adminLogin(admin, WRONG, attacker)).statusCode);
      expect(statusCounts(single)).toEqual({ 401: PAIR, 429: PAIR * 2 });
      expectThrottled(await adminLogin(admin, RIGHT, attacker));

      // A sprayer: wrong passwords across many usernames until its address is held back.
      const sprayer = freshAddress();
      for (let i = 0; i < ADDRESS; i += 1) expect((await adminLogin(freshName('guess'), WRONG, sprayer)).statusCode).toBe(401);
      expectThrottled(await adminLogin(admin, RIGHT, sprayer));

      // Many attacker addresses, one wrong password each: more than the per-username limit in a minute.
      const botnet = Array.from({ length: PER_USERNAME_PER_MINUTE + 10 }, freshAddress);
      for (const address of botnet) expect((await adminLogin(admin, WRONG, address)).statusCode).toBe(401);
      // Addresses that already failed for the admin are now held back, whatever they send.
      for (const address of botnet.slice(0, 5)) expectThrottled(await adminLogin(admin, WRONG, address));
      expectThrottled(await adminLogin(admin, RIGHT, botnet[6] as string));

      const response = await adminLogin(admin, RIGHT, freshAddress());
      expect(response.statusCode).toBe(200);
      expect(response.json().token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    });

    it('the same holds for moderators, and the 429 is the same whether or not the username exists', async () => {
      const moderator = await account('moderator');
      const ghost = freshName('ghost');
      const attacker = freshAddress();
      for (let i = 0; i < PAIR; i += 1) {
        expect((await moderatorLogin(moderator, WRONG, attacker)).statusCode).toBe(401);
        expect((await moderatorLogin(ghost, WRONG, attacker)).statusCode).toBe(401);
      }
      const forReal = await moderatorLogin(moderator, WRONG, attacker);
      const forGhost = await moderatorLogin(ghost, WRONG, attacker);
      expectThrottled(forReal);
      expectThrottled(forGhost);
      expect(forGhost.json()).toEqual(forReal.json());
      expect((await moderatorLogin(moderator, RIGHT, freshAddress())).statusCode).toBe(200);
    });
  });

  describe('each limit trips exactly at its number and frees when its window passes', () => {
    const limits = { pair: 3, address: 7, perUsername: 9, windowMs: 10 * MINUTE };

    it('address and username pair: the limit-th failure is still checked, the next attempt is 429 for that pair only', async () => {
      const { service, clock } = clockedService(limits);
      const username = await account('moderator');
      const address = freshAddress();
      const start = clock.now;
      for (let i = 0; i < limits.pair; i += 1) {
        expect(await outcome(service.login('moderator', username, WRONG, address))).toBe(401);
        clock.now += 1000;
      }
      // Even the right password is refused from this address, in any letter case.
      expect(await outcome(service.login('moderator', username, RIGHT, address))).toBe(429);
      expect(await outcome(service.login('moderator', username.toUpperCase(), RIGHT, address))).toBe(429);
      // Another address, and another username from this address, are checked.
      expect(await outcome(service.login('moderator', username, WRONG, freshAddress()))).toBe(401);
      const neighbour = await account('moderator');
      expect(await outcome(service.login('moderator', neighbour, RIGHT, address))).toBe(200);

      // The pair frees when its oldest failure leaves the window; Retry-After says when.
      clock.now = start + limits.windowMs - 1000;
      expect(await retryAfterOf(service.login('moderator', username, RIGHT, address))).toBe(1);
      clock.now = start + limits.windowMs;
      expect(await outcome(service.login('moderator', username, RIGHT, address))).toBe(200);
    });

    it('address across usernames: the limit-th failure is still checked, then the address is 429 for every username', async () => {
      const { service, clock } = clockedService(limits);
      const address = freshAddress();
      const start = clock.now;
      for (let i = 0; i < limits.address; i += 1) {
        expect(await outcome(service.login('admin', freshName('spray'), WRONG, address))).toBe(401);
      }
      const admin = await account('admin');
      expect(await outcome(service.login('admin', admin, RIGHT, address))).toBe(429);
      expect(await outcome(service.login('admin', freshName('spray'), WRONG, address))).toBe(429);
      // The role's other door and other addresses are separate.
      const moderator = await account('moderator');
      expect(await outcome(service.login('moderator', moderator, RIGHT, address))).toBe(200);
      expect(await outcome(service.login('admin', admin, RIGHT, freshAddress()))).toBe(200);

      clock.now = start + limits.windowMs - 1;
      expect(await outcome(service.login('admin', admin, RIGHT, address))).toBe(429);
      clock.now = start + limits.windowMs;
      expect(await outcome(service.login('admin', admin, RIGHT, address))).toBe(200);
    });

    it('username across addresses: past the per-minute limit, addresses that failed for it get 429 and fresh ones are still checked', async () => {
      const { service, clock } = clockedService(limits);
      const username = await account('admin');
      const addresses = Array.from({ length: limits.perUsername }, freshAddress);
      const start = clock.now;
      // limit - 1 failures: a known address is still checked, and its check is the limit-th failure.
      for (const address of addresses.slice(1)) expect(await outcome(service.login('admin', username, WRONG, address))).toBe(401);
      expect(await outcome(service.login('admin', username, WRONG, addresses[1] as string))).toBe(401);
      // Now at the limit: every address that failed for this username is held back, the right password too.
      for (const address of addresses.slice(1, 4)) expect(await outcome(service.login('admin', username, RIGHT, address))).toBe(429);
      // The global window (one minute) passes first, so that is what Retry-After names.
      expect(await retryAfterOf(service.login('admin', username, WRONG, addresses[2] as string))).toBe(60);
      // An address with no failure for this username is checked: wrong is 401, right logs in.
      expect(await outcome(service.login('admin', username, WRONG, addresses[0] as string))).toBe(401);
      expect(await outcome(service.login('admin', username, RIGHT, freshAddress()))).toBe(200);
      // Other usernames are not affected.
      const other = await account('admin');
      expect(await outcome(service.login('admin', other, RIGHT, addresses[3] as string))).toBe(200);

      clock.now = start + MINUTE - 1;
      expect(await outcome(service.login('admin', username, RIGHT, addresses[3] as string))).toBe(429);
      clock.now = start + MINUTE;
      expect(await outcome(service.login('admin', username, RIGHT, addresses[3] as string))).toBe(200);
    });
  });

  describe('addresses', () => {
    it('an IPv6 /64 counts as one address (one host usually holds all of it); IPv4-mapped IPv6 counts as the IPv4 address', async () => {
      const { service } = clockedService({ pair: 3, address: 4, perUsername: 100, windowMs: WINDOW_MS });
      const network = `2001:db8:${(++sequence).toString(16)}:7`;
      for (const host of ['::1', '::2', ':0:0:0:3', '::ffff:4']) {
        expect(await outcome(service.login('moderator', freshName('v6'), WRONG, `${network}${host}`))).toBe(401);
      }
      expect(await outcome(service.login('moderator', freshName('v6'), WRONG, `${network}::99`))).toBe(429);
      // The next /64 is another address.
      expect(await outcome(service.login('moderator', freshName('v6'), WRONG, `${network.replace(/:7$/, ':8')}::1`))).toBe(401);

      const v4 = freshAddress();
      for (let i = 0; i < 2; i += 1) expect(await outcome(service.login('moderator', freshName('v4'), WRONG, v4))).toBe(401);
      for (let i = 0; i < 2; i += 1) expect(await outcome(service.login('moderator', freshName('v4'), WRONG, `::ffff:${v4}`))).toBe(401);
      expect(await outcome(service.login('moderator', freshName('v4'), WRONG, v4))).toBe(429);
    });
  });

  describe('successful logins', () => {
    it('are not counted as failures and clear the pair', async () => {
      const { service } = clockedService({ pair: PAIR, address: ADDRESS, perUsername: PER_USERNAME_PER_MINUTE, windowMs: WINDOW_MS });
      const username = await account('moderator');
      const address = freshAddress();
      for (let round = 0; round < 3; round += 1) {
        for (let i = 0; i < PAIR - 1; i += 1) expect(await outcome(service.login('moderator', username, WRONG, address))).toBe(401);
        expect(await outcome(service.login('moderator', username, RIGHT, address))).toBe(200);
        // Nothing of this address's attempts is left: the success cleared its failures and its own reservation.
        expect(await failureRows(`moderator:ip:${address}`)).toBe(0);
      }
      for (let i = 0; i < 10; i += 1) expect(await outcome(service.login('moderator', username, RIGHT, address))).toBe(200);
      expect(await failureRows(`moderator:ip:${address}`)).toBe(0);
      for (let i = 0; i < PAIR; i += 1) expect(await outcome(service.login('moderator', username, WRONG, address))).toBe(401);
      expect(await outcome(service.login('moderator', username, RIGHT, address))).toBe(429);
    });
  });

  describe('parallel attempts are reserved before the password is checked', () => {
    it.each([100, 300])('%i parallel wrong passwords for one username from one address: exactly the limit are checked', async (count) => {
      const username = await account('moderator');
      const address = freshAddress();
      const answers = await Promise.all(Array.from({ length: count }, () => moderatorLogin(username, WRONG, address)));
      expect(statusCounts(answers.map((answer) => answer.statusCode))).toEqual({ 401: PAIR, 429: count - PAIR });
      for (const answer of answers.filter((answer) => answer.statusCode === 429)) expectThrottled(answer);
      expect(await failureRows(`moderator:ip:${address}`)).toBe(PAIR);
    });

    it('the same across two instances on one database (this app and a separate server process)', { timeout: 90_000 }, async () => {
      const username = await account('moderator');
      const port = await freePort();
      const other = spawnEntry({
        DATA_DIR: ctx.config.dataDir,
        ...(ctx.config.database.kind === 'postgres' ? { DATABASE_URL: ctx.config.database.url } : {}),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DEMO_CATALOGUE: 'off',
        LOG_LEVEL: 'silent',
      });
      try {
        await waitForHealthy(other, `http://127.0.0.1:${port}/api/health`);
        // Both instances see the client as 127.0.0.1: the other one over real HTTP, this one by inject.
        const viaOther = () =>
          fetch(`http://127.0.0.1:${port}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ UserName: username, Password: WRONG }),
          }).then((response) => response.status);
        const viaThis = () => moderatorLogin(username, WRONG, '127.0.0.1').then((response) => response.statusCode);
        const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? viaOther() : viaThis())));
        expect(statusCounts(statuses)).toEqual({ 401: PAIR, 429: 100 - PAIR });
        expect(await failureRows('moderator:ip:127.0.0.1')).toBe(PAIR);
      } finally {
        other.child.kill('SIGTERM');
        await other.exited;
      }
    });
  });
});
