import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects } from '../helpers/databases.ts';
import { createRecordingContext, pngImage, type RecordingContext, scriptForm } from '../helpers/staff.ts';

// Logins, tokens, revocation, expiry and the failed-login throttle (docs/product.md#tokens, docs/product.md#errors).
// The app of this file records every answer and logs at trace level to a captured stream: after each
// test, no answer it got carried a password and no log line it caused carried a password or token.
// Time moves with the app's clock (sessions, throttle windows), never by rewriting rows; each test
// makes its own accounts and addresses, and moves the clock only forward, so none needs another's.

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43,}$/;
const DEFAULT_PASSWORDS = ['admin-password-1', 'moderator-password-1'];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let addressSequence = 0;
/** A fresh client address (a range the shared auth helpers never use), so throttles never leak between tests. */
const freshAddress = () => `172.16.${Math.floor(addressSequence / 250)}.${(addressSequence++ % 250) + 1}`;

let nameSequence = 0;
const freshName = (prefix: string) => `${prefix}_${++nameSequence}`;

describe.each(dialects)('staff sessions on %s', (dialect) => {
  let ctx: RecordingContext;
  const clock = testClock(Date.now());
  const logLines: string[] = [];
  /** The passwords this test used; reset before each. */
  let passwords = new Set<string>(DEFAULT_PASSWORDS);
  let answersBefore = 0;
  let logLinesBefore = 0;

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    ctx = await createRecordingContext(dialect, { logStream, clock: clock.now });
  });
  afterAll(async () => ctx?.close());

  beforeEach(() => {
    passwords = new Set(DEFAULT_PASSWORDS);
    answersBefore = ctx.answers.length;
    logLinesBefore = logLines.length;
  });

  /** Every answer of the test that just ran, every log line it caused: no password, no token it was given. */
  afterEach(() => {
    const answers = ctx.answers.slice(answersBefore);
    const lines = logLines.slice(logLinesBefore).join('\n');
    const tokens = answers.flatMap((answer) => [...answer.matchAll(/"token":"([A-Za-z0-9_-]+)"/g)].map((match) => match[1] as string));
    for (const answer of answers) {
      for (const password of passwords) expect(answer, 'an answer carries a password').not.toContain(password);
    }
    for (const secret of [...passwords, ...tokens]) expect(lines, 'a log line carries a credential').not.toContain(secret);
  });

  const moderator = async (password = 'moderator-password-1') => {
    passwords.add(password);
    return createModerator(ctx, freshName('mod'), password);
  };
  const admin = async (password = 'admin-password-1') => {
    passwords.add(password);
    return createAdmin(ctx, freshName('admin'), password);
  };

  const moderatorLogin = (UserName: unknown, Password: unknown, remoteAddress = freshAddress()) => {
    if (typeof Password === 'string') passwords.add(Password);
    return ctx.app.inject({ method: 'POST', url: '/api/login', payload: { UserName, Password }, remoteAddress });
  };
  const adminLogin = (username: unknown, password: unknown, remoteAddress = freshAddress()) => {
    if (typeof password === 'string') passwords.add(password);
    return ctx.app.inject({ method: 'POST', url: '/api/al', payload: { username, password }, remoteAddress });
  };
  const as = (account: Pick<Account, 'token'> | undefined, options: InjectOptions) => injectAs(ctx, account, options);
  const checkStatus = (account: Pick<Account, 'token'>) => as(account, { method: 'GET', url: '/api/m/check-status' });
  const listModerators = (account: Pick<Account, 'token'>) => as(account, { method: 'GET', url: '/api/moderators' });
  const sessionCount = async () =>
    Number((await ctx.db.kysely.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  describe('logins', () => {
    it.each([
      ['POST /api/login', 'moderator'],
      ['POST /api/al', 'admin'],
    ] as const)('%s answers { token } of at least 43 base64url characters', async (_name, role) => {
      const account = role === 'moderator' ? await moderator() : await admin();
      const response = role === 'moderator' ? await moderatorLogin(account.username, account.password) : await adminLogin(account.username, account.password);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['token']);
      expect(body.token).toMatch(TOKEN_FORMAT);
      // Each login is a new session with its own token.
      expect(body.token).not.toBe(account.token);
    });

    it('stores only the SHA-256 of a token: the token itself appears nowhere in the sessions table', async () => {
      const account = await moderator();
      const rows = await ctx.db.kysely.selectFrom('sessions').selectAll().where('moderator_id', '=', account.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(sha256(account.token));
      const everything = JSON.stringify(await ctx.db.kysely.selectFrom('sessions').selectAll().execute());
      expect(everything).not.toContain(account.token);
      // Not even a recognisable part of it.
      expect(everything).not.toContain(account.token.slice(0, 16));
    });

    it('answers a wrong password and an unknown user with the same 401 that does not say which part was wrong', async () => {
      const account = await moderator();
      const wrongPassword = await moderatorLogin(account.username, 'not-the-password-1');
      const unknownUser = await moderatorLogin(freshName('nobody'), 'not-the-password-1');
      const adminAccount = await admin();
      const adminWrongPassword = await adminLogin(adminAccount.username, 'not-the-password-1');
      const adminUnknownUser = await adminLogin(freshName('nobody'), 'not-the-password-1');
      for (const response of [wrongPassword, unknownUser, adminWrongPassword, adminUnknownUser]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHORIZED');
        expect(response.json().error).not.toMatch(/unknown|not found|no such|does not exist|incorrect password|wrong password|user not/i);
      }
      expect(unknownUser.body).toBe(wrongPassword.body);
      expect(adminUnknownUser.body).toBe(adminWrongPassword.body);
    });

    it.each([
      ['/api/login', {}, 'UserName'],
      ['/api/login', { Password: 'whatever-password' }, 'UserName'],
      ['/api/login', { UserName: 'someone' }, 'Password'],
      ['/api/login', { UserName: '   ', Password: 'whatever-password' }, 'UserName'],
      ['/api/login', { UserName: 'someone', Password: '' }, 'Password'],
      ['/api/al', {}, 'username'],
      ['/api/al', { password: 'whatever-password' }, 'username'],
      ['/api/al', { username: 'someone' }, 'password'],
      ['/api/al', { UserName: 'someone', Password: 'whatever-password' }, 'username'],
    ])('POST %s with %j is 400 naming %s, and opens no session', async (url, payload, field) => {
      const before = await sessionCount();
      const response = await ctx.app.inject({ method: 'POST', url, payload, remoteAddress: freshAddress() });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().fields).toHaveProperty(field);
      expect(await sessionCount()).toBe(before);
    });

    it('a moderator cannot log in as admin, nor an admin as moderator', async () => {
      const mod = await moderator();
      const adm = await admin();
      expect((await adminLogin(mod.username, mod.password)).statusCode).toBe(401);
      expect((await moderatorLogin(adm.username, adm.password)).statusCode).toBe(401);
    });
  });

  describe('roles', () => {
    it('a moderator token on an admin route is 403', async () => {
      const mod = await moderator();
      const response = await listModerators(mod);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    });

    it('an admin token on a moderator route is 403', async () => {
      const adm = await admin();
      const response = await checkStatus(adm);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    });

    it.each([
      ['no header', undefined],
      ['another scheme', 'Basic dXNlcjpwYXNz'],
      ['a bare scheme', 'Bearer'],
      ['a malformed token', 'Bearer not a token!'],
      ['a token of the wrong alphabet', `Bearer ${'*'.repeat(43)}`],
    ])('%s is 401', async (_name, authorization) => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/m/check-status', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    });
  });

  describe('check-status, logout, deletion and expiry', () => {
    it('check-status answers the moderator’s { id, UserName }', async () => {
      const mod = await moderator();
      const response = await checkStatus(mod);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: mod.id, UserName: mod.username });
    });

    it('logout revokes the token: its next call is 401, while the account’s other session lives on', async () => {
      const mod = await moderator();
      const second = { token: (await moderatorLogin(mod.username, mod.password)).json().token as string };
      const response = await as(mod, { method: 'POST', url: '/api/logout' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect((await checkStatus(mod)).statusCode).toBe(401);
      expect((await as(mod, { method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
      expect((await checkStatus(second)).statusCode).toBe(200);
    });

    it('admin logout revokes the admin token', async () => {
      const adm = await admin();
      expect((await listModerators(adm)).statusCode).toBe(200);
      expect((await as(adm, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
      expect((await listModerators(adm)).statusCode).toBe(401);
    });

    it('deleting a moderator revokes all its tokens at once and passes its scripts to the admin', async () => {
      const adm = await admin();
      const mod = await moderator();
      const second = { token: (await moderatorLogin(mod.username, mod.password)).json().token as string };
      const created = await as(mod, {
        method: 'POST',
        url: '/api/m',
        payload: scriptForm({ playsname: 'Orphan to be', description: 'Owned, then not', loadstring: 'print("orphan")', channels: ['@orphan'], image: await pngImage() }),
      });
      expect(created.statusCode).toBe(201);
      const scriptId = created.json().id as number;
      expect((await checkStatus(mod)).json()).toEqual({ id: mod.id, UserName: mod.username });
      expect((await checkStatus(second)).statusCode).toBe(200);

      const deletion = await as(adm, { method: 'DELETE', url: `/api/delete-moderator/${mod.id}` });
      expect(deletion.statusCode).toBe(200);
      expect(deletion.json()).toEqual({ id: mod.id, deleted: true });

      for (const token of [mod, second]) {
        const response = await checkStatus(token);
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHORIZED');
        expect((await as(token, { method: 'GET', url: '/api/m/scripts' })).statusCode).toBe(401);
      }
      expect(await ctx.db.kysely.selectFrom('sessions').select('id').where('moderator_id', '=', mod.id).execute()).toEqual([]);
      // Logging in again is no way back.
      expect((await moderatorLogin(mod.username, mod.password)).statusCode).toBe(401);

      const row = await ctx.db.kysely.selectFrom('scripts').selectAll().where('id', '=', scriptId).executeTakeFirstOrThrow();
      expect(row.owner_moderator_id).toBeNull();
      const adminList = await as(adm, { method: 'GET', url: '/api/scripts' });
      const listed = (adminList.json() as { id: number; ownerModeratorId: number | null; channels: unknown[] }[]).find((s) => s.id === scriptId);
      expect(listed).toMatchObject({ id: scriptId, ownerModeratorId: null, channels: [{ name: 'orphan', url: 'https://t.me/orphan' }] });
      const publicScript = await ctx.app.inject({ method: 'GET', url: `/api/scripts/${scriptId}` });
      expect(publicScript.statusCode).toBe(200);
      expect(publicScript.json()).toMatchObject({ id: scriptId, playsname: 'Orphan to be' });
      const catalogue = (await ctx.app.inject({ method: 'GET', url: '/api/scripts/paginated?q=orphan%20to%20be' })).json();
      expect(catalogue.scripts.map((s: { id: number }) => s.id)).toEqual([scriptId]);
    });

    it('deleting a moderator leaves other moderators’ sessions alone', async () => {
      const adm = await admin();
      const doomed = await moderator();
      const bystander = await moderator();
      expect((await as(adm, { method: 'DELETE', url: `/api/delete-moderator/${doomed.id}` })).statusCode).toBe(200);
      expect((await checkStatus(bystander)).statusCode).toBe(200);
    });

    it('a session lasts its lifetime from the login, then is 401 (moderator and admin)', async () => {
      const loggedInAt = clock.now();
      const mod = await moderator();
      const adm = await admin();
      const session = await ctx.db.kysely.selectFrom('sessions').selectAll().where('token_hash', '=', sha256(mod.token)).executeTakeFirstOrThrow();
      expect(new Date(session.expires_at).getTime()).toBe(loggedInAt + ctx.config.sessionTtlMs);

      clock.advance(ctx.config.sessionTtlMs - 1_000);
      expect((await checkStatus(mod)).statusCode).toBe(200);
      expect((await listModerators(adm)).statusCode).toBe(200);

      clock.advance(1_000);
      expect((await checkStatus(mod)).statusCode).toBe(401);
      expect((await listModerators(adm)).statusCode).toBe(401);
      expect((await checkStatus(mod)).json().code).toBe('UNAUTHORIZED');
      // A new login starts a new lifetime.
      const again = { token: (await moderatorLogin(mod.username, mod.password)).json().token as string };
      expect((await checkStatus(again)).statusCode).toBe(200);
    });
  });

  describe('failed-login throttle', () => {
    const expectThrottled = (response: LightMyRequestResponse) => {
      expect(response.statusCode).toBe(429);
      expect(response.json().code).toBe('RATE_LIMITED');
      const retryAfter = String(response.headers['retry-after']);
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(900);
    };

    it.each([
      ['moderator', '/api/login'],
      ['admin', '/api/al'],
    ] as const)(
      '%s: 5 failures for one username from one address hold back that address for that username (429 with Retry-After, even with the right password); other addresses and usernames are unaffected',
      async (role, _url) => {
        const victim = role === 'moderator' ? await moderator() : await admin();
        const neighbour = role === 'moderator' ? await moderator() : await admin();
        const login = role === 'moderator' ? moderatorLogin : adminLogin;
        const attacker = freshAddress();
        for (let i = 0; i < 5; i += 1) {
          expect((await login(victim.username, 'wrong-password-1', attacker)).statusCode).toBe(401);
        }
        const sessionsBefore = await sessionCount();
        expectThrottled(await login(victim.username, victim.password, attacker));
        // Case does not dodge the lock.
        expectThrottled(await login(victim.username.toUpperCase(), victim.password, attacker));
        expect(await sessionCount()).toBe(sessionsBefore);
        // Nobody can lock the account out: the owner logs in from another address.
        const owner = await login(victim.username, victim.password, freshAddress());
        expect(owner.statusCode).toBe(200);
        expect(owner.json().token).toMatch(TOKEN_FORMAT);
        // The attacker's address still logs in to another username.
        const other = await login(neighbour.username, neighbour.password, attacker);
        expect(other.statusCode).toBe(200);
        expect(other.json().token).toMatch(TOKEN_FORMAT);
      },
    );

    it('20 failures from one address (different usernames) hold back that address, not others', async () => {
      const valid = await moderator();
      const address = freshAddress();
      for (let i = 0; i < 20; i += 1) {
        expect((await moderatorLogin(freshName('guess'), 'wrong-password-1', address)).statusCode).toBe(401);
      }
      const sessionsBefore = await sessionCount();
      expectThrottled(await moderatorLogin(valid.username, valid.password, address));
      expect(await sessionCount()).toBe(sessionsBefore);
      expect((await moderatorLogin(valid.username, valid.password, freshAddress())).statusCode).toBe(200);
    });

    it('once the 15-minute window has passed, the held-back address logs in again', async () => {
      const victim = await moderator();
      const address = freshAddress();
      for (let i = 0; i < 5; i += 1) {
        expect((await moderatorLogin(victim.username, 'wrong-password-1', address)).statusCode).toBe(401);
      }
      expectThrottled(await moderatorLogin(victim.username, victim.password, address));
      clock.advance(ctx.config.loginWindowMs - 1_000);
      expectThrottled(await moderatorLogin(victim.username, victim.password, address));
      clock.advance(1_000);
      const response = await moderatorLogin(victim.username, victim.password, address);
      expect(response.statusCode).toBe(200);
      expect(response.json().token).toMatch(TOKEN_FORMAT);
    });

    it('a successful login is never slowed: after 4 failures the right password works and resets the count', async () => {
      const mod = await moderator();
      const address = freshAddress();
      for (let i = 0; i < 4; i += 1) {
        expect((await moderatorLogin(mod.username, 'wrong-password-1', address)).statusCode).toBe(401);
      }
      expect((await moderatorLogin(mod.username, mod.password, address)).statusCode).toBe(200);
      // Without the reset these 4 would make 8 failures and hold the address back.
      for (let i = 0; i < 4; i += 1) {
        expect((await moderatorLogin(mod.username, 'wrong-password-1', address)).statusCode).toBe(401);
      }
      expect((await moderatorLogin(mod.username, mod.password, address)).statusCode).toBe(200);
    });

    it('the 429 is the same whether or not the username exists', async () => {
      const real = await moderator();
      const ghost = freshName('ghost');
      const address = freshAddress();
      for (let i = 0; i < 5; i += 1) {
        await moderatorLogin(real.username, 'wrong-password-1', address);
        await moderatorLogin(ghost, 'wrong-password-1', address);
      }
      const forReal = await moderatorLogin(real.username, 'wrong-password-1', address);
      const forGhost = await moderatorLogin(ghost, 'wrong-password-1', address);
      expectThrottled(forReal);
      expectThrottled(forGhost);
      expect(forGhost.json()).toEqual(forReal.json());
    });
  });

  describe('credentials never leak', () => {
    it('logs the requests of logins, moderator creation and authorized calls (and, checked after each test, no password or token)', async () => {
      const adm = await admin('admin-log-password-9');
      const newPassword = 'fresh-moderator-password-7';
      passwords.add(newPassword);
      const created = await as(adm, { method: 'POST', url: '/api/createModerator', payload: { UserName: freshName('logged'), Password: newPassword } });
      expect(created.statusCode).toBe(201);
      const login = await moderatorLogin(created.json().UserName, newPassword);
      expect(login.statusCode).toBe(200);
      const mod = { token: login.json().token as string };
      expect((await moderatorLogin(created.json().UserName, 'wrong-log-password-3')).statusCode).toBe(401);
      expect((await checkStatus(mod)).statusCode).toBe(200);
      expect(
        (await as(mod, { method: 'POST', url: '/api/m', payload: scriptForm({ playsname: 'Logged', description: 'd', loadstring: 'l' }) })).statusCode,
      ).toBe(201);
      expect((await listModerators(adm)).statusCode).toBe(200);
      expect((await as(mod, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);

      // Logging was on: this test's lines are there, with the requests in them, so the scan after it means something.
      const joined = logLines.slice(logLinesBefore).join('\n');
      for (const path of ['/api/al', '/api/createModerator', '/api/login', '/api/m/check-status', '/api/m"', '/api/moderators', '/api/logout']) {
        expect(joined, `no log line names ${path}`).toContain(path);
      }
      // And the answers were recorded, tokens included.
      expect(ctx.answers.slice(answersBefore).some((answer) => answer.includes(mod.token))).toBe(true);
    });
  });
});
