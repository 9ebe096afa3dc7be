import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/types.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { testClock } from '../helpers/clock.ts';
import { dialects } from '../helpers/databases.ts';
import { insertScript } from '../helpers/factories.ts';
import { CommitLosingRelay } from '../helpers/relay.ts';

// Idempotency-Key on staff creates, restores and votes (issue 36, docs/decisions/0050-idempotent-creates-and-votes-and-the-log-inside-the-write.md):
// a retry with the key gets the first answer again, marked `Idempotent-Replayed: true`, and writes
// nothing; the record is written by the create's own transaction, so a retry after a COMMIT whose
// answer was lost finds it; the same key with another body is 422, a malformed key 400.

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const DAY_MS = 24 * 60 * 60 * 1000;

let sequence = 0;
const newKey = () => `key-${process.pid}-${(sequence += 1)}-${Math.random().toString(36).slice(2)}`;

type Table = keyof Database;

/** Every staff create that takes a key: its route, a body of its own each call, and the table it adds to. */
const CREATES: { name: string; url: string; as: 'admin' | 'moderator'; table: Table; body: (n: number) => Record<string, unknown> }[] = [
  { name: 'the admin’s script', url: '/api/ac', as: 'admin', table: 'scripts', body: (n) => ({ playsname: `Keyed farm ${n}`, description: 'Keyed', loadstring: `print(${n})` }) },
  { name: 'a moderator’s script', url: '/api/m', as: 'moderator', table: 'scripts', body: (n) => ({ playsname: `Keyed mod farm ${n}`, description: 'Keyed', loadstring: `print(${n})` }) },
  { name: 'a game', url: '/api/games', as: 'admin', table: 'games', body: (n) => ({ name: `Keyed Game ${n}` }) },
  { name: 'an executor', url: '/api/executors', as: 'admin', table: 'executors', body: (n) => ({ name: `Keyed Exec ${n}`, platforms: ['windows'], status: 'working' }) },
  { name: 'a moderator', url: '/api/createModerator', as: 'admin', table: 'moderators', body: (n) => ({ UserName: `keyed_mod_${n}`, Password: 'keyed-password-1' }) },
  { name: 'a site channel', url: '/api/site-channels', as: 'admin', table: 'site_channels', body: (n) => ({ name: `Keyed ${n}`, url: `https://t.me/keyed_${n}` }) },
  { name: 'a blocked domain', url: '/api/blocked-domains', as: 'admin', table: 'blocked_domains', body: (n) => ({ domain: `keyed-${n}.example`, trusted: false }) },
];

async function rows(db: Db, table: Table): Promise<number> {
  const row = await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(dialects)('Idempotency-Key on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Account;
  let moderator: Account;
  const clock = testClock(Date.UTC(2026, 5, 1));

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { clock: clock.now });
    admin = await createAdmin(ctx, 'key_admin');
    moderator = await createModerator(ctx, 'key_moderator');
  });
  afterAll(async () => ctx?.close());
  afterEach(async () => ctx.services.votes.flush());

  const post = (account: Account, url: string, body: unknown, key?: string) =>
    injectAs(ctx, account, { method: 'POST', url, payload: body as string, headers: key === undefined ? {} : { 'idempotency-key': key } });
  const accountOf = (role: 'admin' | 'moderator') => (role === 'admin' ? admin : moderator);
  /** What a refused call must leave as it was: the table and the moderation log. */
  const counts = async (table: Table) => ({ rows: await rows(ctx.db, table), log: await rows(ctx.db, 'audit_log'), keys: await rows(ctx.db, 'idempotency_keys') });

  for (const create of CREATES) {
    it(`${create.name}: retried with its key after the answer, makes one row and answers the same, marked replayed`, async () => {
      const key = newKey();
      const body = create.body((sequence += 1));
      const before = await counts(create.table);
      const first = await post(accountOf(create.as), create.url, body, key);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await post(accountOf(create.as), create.url, body, key);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      // One row, one log entry, one key record.
      expect(await counts(create.table)).toEqual({ rows: before.rows + 1, log: before.log + 1, keys: before.keys + 1 });
    });
  }

  it('the same key with another body is 422 IDEMPOTENCY_KEY_REUSED and writes nothing', async () => {
    const key = newKey();
    expect((await post(admin, '/api/games', { name: 'Reused Key Game' }, key)).statusCode).toBe(201);
    const before = await counts('games');
    const other = await post(admin, '/api/games', { name: 'Another Game Entirely' }, key);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toEqual({ error: expect.any(String), code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await counts('games')).toEqual(before);
  });

  it('a malformed key is 400 IDEMPOTENCY_KEY_INVALID and writes nothing', async () => {
    const before = await counts('scripts');
    for (const key of ['', '""', 'k'.repeat(256), 'tab\there', 'bell\x07', 'délai']) {
      const answer = await post(admin, '/api/ac', { playsname: 'Bad key farm', description: 'x', loadstring: 'print(1)' }, key);
      expect(answer.statusCode, JSON.stringify(key)).toBe(400);
      expect(answer.json()).toEqual({ error: expect.any(String), code: 'IDEMPOTENCY_KEY_INVALID' });
    }
    expect(await counts('scripts')).toEqual(before);
    // The longest key is 255 characters, and a structured-field string's quotes are taken off.
    expect((await post(admin, '/api/ac', { playsname: 'Long key farm', description: 'x', loadstring: 'print(1)' }, 'k'.repeat(255))).statusCode).toBe(201);
    const quoted = newKey();
    const first = await post(admin, '/api/games', { name: 'Quoted Key Game' }, `"${quoted}"`);
    const bare = await post(admin, '/api/games', { name: 'Quoted Key Game' }, quoted);
    expect([first.statusCode, bare.statusCode, bare.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
  });

  it('requests with the same key at once make exactly one row; the others are 409 or the replay', async () => {
    const key = newKey();
    const before = await counts('scripts');
    const body = { playsname: 'Parallel keyed farm', description: 'At once', loadstring: 'print("at once")' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(admin, '/api/ac', body, key)));
    const created = answers.filter((answer) => answer.statusCode === 201);
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(new Set(created.map((answer) => answer.json().id)).size).toBe(1);
    expect(await counts('scripts')).toEqual({ rows: before.rows + 1, log: before.log + 1, keys: before.keys + 1 });
    // Once the first is answered, the key replays.
    const later = await post(admin, '/api/ac', body, key);
    expect([later.statusCode, later.headers['idempotent-replayed'], later.json().id]).toEqual([201, 'true', created[0]?.json().id]);
  });

  it('requests with the same key on two processes at once make exactly one row: the record’s key decides', async () => {
    const otherDb = openDatabase(ctx.config.database);
    const other = await buildApp({ config: ctx.config, db: otherDb, web: { kind: 'none' }, logger: false, clock: clock.now });
    try {
      await other.ready();
      const key = newKey();
      const before = await counts('games');
      const send = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/api/games', payload: { name: 'Two process keyed game' }, headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': key } });
      const answers = await Promise.all([ctx.app, other, ctx.app, other, ctx.app, other].map(send));
      for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
      const created = answers.filter((answer) => answer.statusCode === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((answer) => answer.json().id)).size).toBe(1);
      expect(await counts('games')).toEqual({ rows: before.rows + 1, log: before.log + 1, keys: before.keys + 1 });
    } finally {
      await other.close();
      await otherDb.close();
    }
  });

  it('a key is its caller’s: another account’s request with it is a request of its own', async () => {
    const key = newKey();
    const body = { name: 'Shared key channel', url: 'https://t.me/shared_key' };
    const other = await createAdmin(ctx, 'key_admin_two');
    const before = await rows(ctx.db, 'site_channels');
    const mine = await post(admin, '/api/site-channels', body, key);
    const mineAgain = await post(admin, '/api/site-channels', body, key);
    const theirs = await post(other, '/api/site-channels', body, key);
    expect([mine.statusCode, mineAgain.headers['idempotent-replayed'], theirs.statusCode, theirs.headers['idempotent-replayed']]).toEqual([201, 'true', 201, undefined]);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await rows(ctx.db, 'site_channels')).toBe(before + 2);
  });

  it('a restore retried with its key makes one version', async () => {
    const created = await post(admin, '/api/ac', { playsname: 'Restored keyed farm', description: 'x', loadstring: 'print("one")' });
    const id = created.json().id as number;
    expect((await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${id}`, payload: { loadstring: 'print("two")' } })).statusCode).toBe(200);
    const key = newKey();
    const first = await post(admin, `/api/staff/scripts/${id}/versions/1/restore`, undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    expect((await injectAs(ctx, admin, { method: 'PATCH', url: `/api/update-script/${id}`, payload: { loadstring: 'print("three")' } })).statusCode).toBe(200);
    const again = await post(admin, `/api/staff/scripts/${id}/versions/1/restore`, undefined, key);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(again.json()).toEqual(first.json());
    const versions = await ctx.db.kysely.selectFrom('script_versions').select('version').where('script_id', '=', id).execute();
    // 1 created, 2 edited, 3 restored, 4 edited: the retry made no fifth.
    expect(versions.length).toBe(4);
    expect((await ctx.db.kysely.selectFrom('scripts').select('loadstring').where('id', '=', id).executeTakeFirstOrThrow()).loadstring).toBe('print("three")');
  });

  it('a record expires after 24 hours: the sweep forgets it and the key may be used again', async () => {
    const key = newKey();
    expect((await post(admin, '/api/games', { name: 'Expiring Key Game' }, key)).statusCode).toBe(201);
    clock.advance(DAY_MS + 1_000);
    expect(await ctx.services.idempotency.sweep()).toBeGreaterThan(0);
    const again = await post(admin, '/api/games', { name: 'Expiring Key Game Two' }, key);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, undefined]);
  });

  it('documents the header on every route that takes it in the OpenAPI document', async () => {
    const { paths } = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
    const routes = [...CREATES.map((create) => create.url), '/api/staff/scripts/{id}/versions/{version}/restore', '/api/scripts/{id}/vote', '/api/scripts/{id}/works'];
    for (const url of routes) {
      const header = paths[url]?.post?.parameters?.find((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key');
      expect(header, url).toMatchObject({ required: false, description: expect.stringContaining('Idempotent-Replayed') });
    }
  });

  describe('votes', () => {
    let address = 0;
    const newVisitor = () => `203.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
    const vote = (app: FastifyInstance, id: number, value: string, ip: string, key?: string): Promise<LightMyRequestResponse> =>
      app.inject({
        method: 'POST',
        url: `/api/scripts/${id}/vote`,
        remoteAddress: ip,
        headers: { 'user-agent': BROWSER, 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
        payload: JSON.stringify({ value }),
      });
    const likes = async (id: number) => Number((await ctx.db.kysely.selectFrom('scripts').select('likes').where('id', '=', id).executeTakeFirstOrThrow()).likes);
    const changeRows = async () => rows(ctx.db, 'script_vote_changes');

    it('a like retried with its key after the visitor took it back is replayed, not counted again (buffered and after the flush)', async () => {
      for (const flushFirst of [false, true]) {
        const script = await insertScript(ctx.services);
        const ip = newVisitor();
        const key = newKey();
        const changes = await changeRows();
        const liked = await vote(ctx.app, script.id, 'like', ip, key);
        expect(liked.statusCode).toBe(200);
        if (flushFirst) await ctx.services.votes.flush();
        expect((await vote(ctx.app, script.id, 'none', ip, newKey())).json().likes).toBe(0);
        const retried = await vote(ctx.app, script.id, 'like', ip, key);
        expect([retried.statusCode, retried.headers['idempotent-replayed']]).toEqual([200, 'true']);
        expect(retried.json()).toEqual(liked.json());
        await ctx.services.votes.flush();
        expect(await likes(script.id)).toBe(0);
        expect(await changeRows()).toBe(changes + 2);
        // Another vote with the key is 422: a key names one request.
        expect((await vote(ctx.app, script.id, 'dislike', ip, key)).statusCode).toBe(422);
      }
    });

    it('a vote retried on another process before either flushed counts once, and once against the hour’s limit', async () => {
      const otherDb = openDatabase(ctx.config.database);
      const other = await buildApp({ config: ctx.config, db: otherDb, web: { kind: 'none' }, logger: false, clock: clock.now });
      try {
        await other.ready();
        const script = await insertScript(ctx.services);
        const ip = newVisitor();
        const key = newKey();
        const changes = await changeRows();
        expect((await vote(ctx.app, script.id, 'like', ip, key)).statusCode).toBe(200);
        expect((await vote(other, script.id, 'like', ip, key)).statusCode).toBe(200);
        await ctx.services.votes.flush();
        await other.services.votes.flush();
        expect(await likes(script.id)).toBe(1);
        expect(await changeRows()).toBe(changes + 1);
        // Both flushed: the record answers on either.
        const replayed = await vote(other, script.id, 'like', ip, key);
        expect(replayed.headers['idempotent-replayed']).toBe('true');
      } finally {
        await other.close();
        await otherDb.close();
      }
    });

    it('a malformed key on a vote is 400 and buffers nothing', async () => {
      const script = await insertScript(ctx.services);
      const answer = await vote(ctx.app, script.id, 'like', newVisitor(), 'x'.repeat(256));
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
      expect(ctx.services.votes.pendingCount).toBe(0);
    });
  });
});

// PostgreSQL: the server commits, then the connection goes before its answer comes back, and stays
// away while the driver looks the transaction up: the create is answered 503 though it is stored.
describe.each(dialects.filter((dialect) => dialect === 'postgres'))('%s: a COMMIT whose answer was lost', () => {
  const relay = new CommitLosingRelay();
  let ctx: TestContext;
  let app: TestContext['app'];
  let db: Db;
  let admin: Account;

  beforeAll(async () => {
    await relay.open();
    ctx = await createTestContext('postgres', { env: { COLD_REQUESTS_PER_SECOND: '10' }, databaseThrough: (url) => relay.through(url) });
    ({ app, db } = ctx);
    admin = await createAdmin(ctx, 'lost_commit_admin');
  });
  afterAll(async () => {
    await ctx?.close();
    await relay.close();
  });

  it('the retry with the key finds the stored create: one row, the create’s answer, marked replayed', async () => {
    const key = newKey();
    const body = { playsname: 'Lost commit farm', description: 'Stored, answered 503', loadstring: 'print("lost")' };
    const send = () => app.inject({ method: 'POST', url: '/api/ac', payload: body, headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': key } });
    const lost = relay.loseNextCommit();
    const first = send();
    await lost;
    const failed = await first;
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json().code).toBe('DATABASE_UNAVAILABLE');
    await relay.open();

    const retried = await send();
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    const stored = await db.kysely.selectFrom('scripts').select('id').where('playsname', '=', body.playsname).execute();
    expect(stored.map((row) => row.id)).toEqual([retried.json().id]);
    expect(retried.json()).toMatchObject({ playsname: body.playsname, loadstring: body.loadstring });
  }, 30_000);
});
