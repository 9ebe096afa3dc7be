import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRows, refreshPlatforms } from '../../server/executors/compatibility-writes.ts';
import { hashToken } from '../../server/staff/tokens.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { type Account, createAdmin, createModerator, injectAs } from '../helpers/auth.ts';
import { dialects } from '../helpers/databases.ts';
import { MATRIX, type Principal, PRINCIPALS, type RouteRow } from '../helpers/authz-matrix.ts';
import { postReport } from '../helpers/reports.ts';
import { expireSession, pngImage, SNAPSHOT_PARTS, scriptForm, snapshot } from '../helpers/staff.ts';

// docs/product.md#authorization-matrix: one table holds the authorization matrix, every staff route × every principal (tests/helpers/authz-matrix.ts).
// Each case builds its own fixtures (the target script's owner, the target script, a site channel,
// a moderator to delete), then snapshots every staff table and the uploads folder around the call:
// a denied call changes nothing; an allowed write changes exactly the parts its row names.

interface World {
  owner: Account;
  scriptId: number;
  siteChannelId: number;
  /** Created only for routes whose path names `:moderator`. */
  moderatorId?: number;
  /** Created only for routes whose path names `:game`: a game with an icon, which the target script is for. */
  gameId?: number;
  /** Created only for routes whose path names `:domain`: a blocked domain. */
  domainId?: number;
  /** Created only for routes whose path names `:report`: an open report on the target script. */
  reportId?: number;
  /** Created only for routes whose path names `:executor`: a Windows executor the target script was tested with. */
  executorId?: number;
  /** Created only for routes whose path names `:type`: a script type the target script has. */
  typeId?: number;
}

let domainSequence = 0;

let gameSequence = 0;

let executorSequence = 0;

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
    if (route.path.includes(':game')) {
      const game = await ctx.services.games.create({ name: `Target game ${++gameSequence}`, icon: { bytes: await pngImage(), declaredType: 'image/png' } });
      await ctx.db.kysely.updateTable('scripts').set({ game_id: game.id }).where('id', '=', world.scriptId).execute();
      world.gameId = game.id;
    }
    if (route.path.includes(':domain')) world.domainId = (await ctx.services.domains.add(`target-${++domainSequence}.example`, false)).id;
    if (route.path.includes(':executor')) world.executorId = await testedExecutor(world.scriptId);
    if (route.path.includes(':type')) {
      const type = await ctx.services.types.create({ name: `Target type ${++executorSequence}`, nameRu: 'Тип' });
      await ctx.db.kysely.insertInto('script_type_links').values({ script_id: world.scriptId, type_id: type.id }).execute();
      world.typeId = type.id;
    }
    if (route.path.includes(':report')) {
      const report = await postReport(ctx, world.scriptId, { reason: 'spam' });
      if (report.statusCode !== 201) throw new Error(`fixture report: ${report.body}`);
      world.reportId = report.json().id;
    }
    return world;
  }

  /** A Windows executor, and the script marked tested with it (so the script runs on Windows). */
  async function testedExecutor(scriptId: number): Promise<number> {
    const executor = await ctx.services.executors.create({ name: `Target executor ${++executorSequence}`, platforms: ['windows'], status: 'working' });
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await ensureRows(trx, [{ scriptId, executorId: executor.id }]);
      await trx.updateTable('script_executors').set({ tested: 1 }).where('script_id', '=', scriptId).execute();
      await refreshPlatforms(trx, [scriptId]);
    });
    return executor.id;
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
      .replace(':moderator', String(world.moderatorId))
      .replace(':game', String(world.gameId))
      .replace(':domain', String(world.domainId))
      .replace(':report', String(world.reportId))
      .replace(':executor', String(world.executorId))
      .replace(':type', String(world.typeId))
      .replace(':version', '1');

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
