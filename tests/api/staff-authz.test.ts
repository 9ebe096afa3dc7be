import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/staff/tokens.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { expireSession, pngImage, SNAPSHOT_PARTS, type SnapshotPart, scriptForm, snapshot } from '../helpers/staff.ts';

// docs/product.md#authorization-matrix: one table holds the authorization matrix, every staff route × every principal.
// Each case builds its own fixtures (the target script's owner, the target script, a site channel,
// a moderator to delete), then snapshots every staff table and the uploads folder around the call:
// a denied call changes nothing; an allowed write changes exactly the parts its row names.

const PRINCIPALS = ['anonymous', 'owner', 'other moderator', 'deleted moderator', 'admin', 'expired token', 'garbage token'] as const;
type Principal = (typeof PRINCIPALS)[number];
type Statuses = [number, number, number, number, number, number, number];

interface World {
  owner: Account;
  scriptId: number;
  siteChannelId: number;
  /** Created only for routes whose path names `:moderator`. */
  moderatorId?: number;
}

interface RouteRow {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** `:script` is the owner's script, `:moderator` a fresh moderator, `:siteChannel` a site channel. */
  path: string;
  statuses: Statuses;
  /** What an allowed call changes; every other part must stay as it was. */
  writes: SnapshotPart[];
  body?: () => Promise<InjectOptions['payload']>;
}

const newScript = async () =>
  scriptForm({ playsname: 'Matrix script', description: 'Made by the matrix', loadstring: 'print("matrix")', channels: ['@matrix_one, matrix_two'], image: await pngImage() });
const scriptEdit = async () => scriptForm({ playsname: 'Edited by the matrix', channels: ['edited_channel'], image: await pngImage() });
let moderatorSequence = 0;
const newModerator = async () => ({ UserName: `matrix_new_${++moderatorSequence}`, Password: 'matrix-password-1' });
const newSiteChannel = async () => ({ name: 'Matrix channel', url: 'https://t.me/matrix_channel' });

const row = (method: RouteRow['method'], path: string, statuses: Statuses, writes: SnapshotPart[] = [], body?: RouteRow['body']): RouteRow => ({
  method,
  path,
  statuses,
  writes,
  ...(body ? { body } : {}),
});

const SCRIPT_FILES: SnapshotPart[] = ['scripts', 'script_channels', 'uploads'];

// prettier-ignore
const MATRIX: RouteRow[] = [
  //   method    path                               anon owner other deleted admin expired garbage   an allowed call changes
  row('POST',   '/api/logout',                     [401, 200,  200,  401,    200,  401,    401],     ['sessions']),
  row('GET',    '/api/m/check-status',             [401, 200,  200,  401,    403,  401,    401]),
  row('GET',    '/api/m/scripts',                  [401, 200,  200,  401,    403,  401,    401]),
  row('POST',   '/api/m',                          [401, 201,  201,  401,    403,  401,    401],     SCRIPT_FILES, newScript),
  row('DELETE', '/api/m/:script',                  [401, 200,  404,  401,    403,  401,    401],     SCRIPT_FILES),
  row('GET',    '/api/moderators',                 [401, 403,  403,  401,    200,  401,    401]),
  row('POST',   '/api/createModerator',            [401, 403,  403,  401,    201,  401,    401],     ['moderators'], newModerator),
  row('DELETE', '/api/delete-moderator/:moderator',[401, 403,  403,  401,    200,  401,    401],     ['moderators', 'sessions']),
  row('GET',    '/api/scripts',                    [401, 403,  403,  401,    200,  401,    401]),
  row('POST',   '/api/ac',                         [401, 403,  403,  401,    201,  401,    401],     SCRIPT_FILES, newScript),
  row('PATCH',  '/api/update-script/:script',      [401, 403,  403,  401,    200,  401,    401],     SCRIPT_FILES, scriptEdit),
  row('DELETE', '/api/ad/:script',                 [401, 403,  403,  401,    200,  401,    401],     SCRIPT_FILES),
  row('POST',   '/api/site-channels',              [401, 403,  403,  401,    201,  401,    401],     ['site_channels'], newSiteChannel),
  row('DELETE', '/api/site-channels/:siteChannel', [401, 403,  403,  401,    200,  401,    401],     ['site_channels']),
];

const CODE_BY_STATUS: Record<number, string> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

const cases = MATRIX.flatMap((route) =>
  PRINCIPALS.map((principal, column) => ({ ...route, principal, status: route.statuses[column] as number })),
);

describe.each(dialects)('staff authorization matrix on %s', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());

  async function buildWorld(route: RouteRow): Promise<World> {
    const owner = await createModerator(ctx);
    const created = await injectAs(ctx, owner, {
      method: 'POST',
      url: '/api/m',
      payload: scriptForm({
        playsname: 'Target script',
        description: 'The script the matrix aims at',
        loadstring: 'print("target")',
        channels: ['@target_one', 'https://example.com/c/target_two'],
        image: await pngImage(),
      }),
    });
    if (created.statusCode !== 201) throw new Error(`fixture script: ${created.body}`);
    const siteChannel = await ctx.services.siteChannels.add({ name: 'Fixture channel', url: 'https://t.me/fixture_channel' });
    const world: World = { owner, scriptId: created.json().id, siteChannelId: siteChannel.id };
    if (route.path.includes(':moderator')) world.moderatorId = (await createModerator(ctx)).id;
    return world;
  }

  async function tokenOf(principal: Principal, route: RouteRow, world: World): Promise<Pick<Account, 'token'> | undefined> {
    switch (principal) {
      case 'anonymous':
        return undefined;
      case 'owner':
        return world.owner;
      case 'other moderator':
        return createModerator(ctx);
      case 'deleted moderator': {
        const gone = await createModerator(ctx);
        await ctx.services.moderators.delete(gone.id);
        return gone;
      }
      case 'admin':
        return createAdmin(ctx);
      case 'expired token': {
        // The token of an account the route would otherwise let in, so only its age keeps it out.
        const account = route.statuses[PRINCIPALS.indexOf('owner')]! < 300 ? world.owner : await createAdmin(ctx);
        await expireSession(ctx, hashToken(account.token));
        return account;
      }
      case 'garbage token':
        // Well-formed (it reaches the session lookup) but never issued.
        return { token: randomBytes(32).toString('base64url') };
    }
  }

  const urlOf = (path: string, world: World) =>
    path
      .replace(':script', String(world.scriptId))
      .replace(':siteChannel', String(world.siteChannelId))
      .replace(':moderator', String(world.moderatorId));

  it.each(cases)('$method $path as $principal → $status', async (testCase) => {
    const world = await buildWorld(testCase);
    const account = await tokenOf(testCase.principal, testCase, world);
    const payload = testCase.body ? await testCase.body() : undefined;
    const before = await snapshot(ctx);

    const response = await injectAs(ctx, account, {
      method: testCase.method,
      url: urlOf(testCase.path, world),
      ...(payload === undefined ? {} : { payload }),
    });

    expect(response.statusCode, response.body).toBe(testCase.status);
    const after = await snapshot(ctx);
    if (testCase.status >= 400) {
      expect(response.json()).toMatchObject({ code: CODE_BY_STATUS[testCase.status] });
      expect(after).toEqual(before);
      return;
    }
    for (const part of SNAPSHOT_PARTS) {
      if (testCase.writes.includes(part)) expect(after[part], `${part} should change`).not.toEqual(before[part]);
      else expect(after[part], `${part} should stay`).toEqual(before[part]);
    }
  });
});
