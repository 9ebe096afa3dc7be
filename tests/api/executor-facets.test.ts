import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropEmptyRows, ensureRows, refreshPlatforms } from '../../server/executors/compatibility-writes.ts';
import type { Db } from '../../server/db/database.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/**
 * The executors migration's counts (docs/decisions/0039-executors-and-compatibility.md): script_facets by
 * platform side and executor_facets by executor follow every change of a script, of its executor
 * rows and of its visibility, always equal to counting the tables.
 */
describe.each(dialects)('executor and platform facets on %s', (dialect) => {
  let context: TestContext;
  let db: Db;
  let executors: { windows: number; android: number; both: number };
  const now = new Date().toISOString();

  beforeAll(async () => {
    context = await createTestContext(dialect);
    db = context.db;
    const add = async (slug: string, platforms: number) => {
      const row = await db.kysely
        .insertInto('executors')
        .values({ name: slug, slug, platforms, status: 'working', free: 1, status_changed_at: now, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    executors = { windows: await add('win', 1), android: await add('droid', 4), both: await add('both', 1 | 8) };
  });
  afterAll(() => context?.close());

  async function addScript(name: string, facts: { universal?: number; patched?: number } = {}): Promise<number> {
    const row = await db.kysely
      .insertInto('scripts')
      .values({ playsname: name, description: 'd', loadstring: 'print(1)', image_key: null, owner_moderator_id: null, search_text: name, loadstring_search: 'print(1)', created_at: now, updated_at: now, game_id: null, key_link: null, analysis: null, analysis_severity: null, works_checked_at: null, ...facts })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Both counts as kept, and as counted from the tables now; they must be equal. */
  async function counts() {
    const kept = await sql<Record<string, unknown>>`SELECT game_id, universal, key_system, patched, verified, pc, mobile, scripts FROM script_facets WHERE scripts <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7`.execute(db.kysely);
    const counted = await sql<Record<string, unknown>>`SELECT coalesce(game_id, 0) AS game_id, universal, key_system, patched, verified,
        CASE WHEN (platforms & 3) <> 0 THEN 1 ELSE 0 END AS pc, CASE WHEN (platforms & 12) <> 0 THEN 1 ELSE 0 END AS mobile, count(*) AS scripts
      FROM scripts WHERE hidden = 0 GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7`.execute(db.kysely);
    const keptExecutors = await sql<Record<string, unknown>>`SELECT executor_id, universal, patched, pc, mobile, scripts FROM executor_facets WHERE scripts <> 0 ORDER BY 1, 2, 3, 4, 5`.execute(db.kysely);
    const countedExecutors = await sql<Record<string, unknown>>`SELECT se.executor_id, s.universal, s.patched,
        CASE WHEN (s.platforms & 3) <> 0 THEN 1 ELSE 0 END AS pc, CASE WHEN (s.platforms & 12) <> 0 THEN 1 ELSE 0 END AS mobile, count(*) AS scripts
      FROM script_executors AS se JOIN scripts AS s ON s.id = se.script_id WHERE se.works = 1 AND s.hidden = 0 GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`.execute(db.kysely);
    const norm = (rows: Record<string, unknown>[]) => rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])));
    return { kept: norm(kept.rows), counted: norm(counted.rows), keptExecutors: norm(keptExecutors.rows), countedExecutors: norm(countedExecutors.rows) };
  }

  async function expectExact(): Promise<void> {
    const { kept, counted, keptExecutors, countedExecutors } = await counts();
    expect(kept).toEqual(counted);
    expect(keptExecutors).toEqual(countedExecutors);
  }

  it('tested marks, answers, script edits, hiding and deletes keep both counts exact', async () => {
    const a = await addScript('a');
    const b = await addScript('b', { universal: 1 });
    await db.kysely.transaction().execute(async (trx) => {
      await ensureRows(trx, [
        { scriptId: a, executorId: executors.windows },
        { scriptId: b, executorId: executors.android },
        { scriptId: b, executorId: executors.both },
      ]);
      await trx.updateTable('script_executors').set({ tested: 1 }).where('script_id', '=', a).execute();
      await trx.updateTable('script_executors').set({ works_yes: 2, works_no: 1 }).where('script_id', '=', b).where('executor_id', '=', executors.android).execute();
      expect((await refreshPlatforms(trx, [a, b])).sort()).toEqual([a, b].sort());
    });
    const platforms = await db.kysely.selectFrom('scripts').select(['id', 'platforms']).where('id', 'in', [a, b]).orderBy('id').execute();
    expect(platforms.map((row) => Number(row.platforms))).toEqual([1, 4]);
    await expectExact();

    // A script's facts move its executor rows' copies, and with them executor_facets.
    await db.kysely.updateTable('scripts').set({ patched: 1 }).where('id', '=', a).execute();
    await expectExact();
    await db.kysely.updateTable('scripts').set({ hidden: 1 }).where('id', '=', b).execute();
    await expectExact();
    await db.kysely.updateTable('scripts').set({ hidden: 0 }).where('id', '=', b).execute();

    // More no than yes: b no longer works on android; its platforms go with it.
    await db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('script_executors').set({ works_no: 3 }).where('script_id', '=', b).where('executor_id', '=', executors.android).execute();
      expect(await refreshPlatforms(trx, [b])).toEqual([b]);
      await dropEmptyRows(trx, [a, b]);
    });
    expect(Number((await db.kysely.selectFrom('scripts').select('platforms').where('id', '=', b).executeTakeFirstOrThrow()).platforms)).toBe(0);
    await expectExact();

    // The row that only had "both" (nothing in it) is gone; the tested and answered rows stay.
    const rows = await db.kysely.selectFrom('script_executors').select(['script_id', 'executor_id']).where('script_id', 'in', [a, b]).orderBy('script_id').execute();
    expect(rows.map((row) => [Number(row.script_id), Number(row.executor_id)])).toEqual([
      [a, executors.windows],
      [b, executors.android],
    ]);

    await db.kysely.deleteFrom('scripts').where('id', '=', a).execute();
    await expectExact();
    await db.kysely.deleteFrom('executors').where('id', '=', executors.android).execute();
    await expectExact();
  });
});
