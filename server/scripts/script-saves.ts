import type { Db } from '../db/database.ts';
import { lockCounts } from '../db/locks.ts';
import { foldSearchText, searchTextOf } from '../db/search.ts';
import { transact } from '../db/transact.ts';
import type { ScriptRow } from '../db/types.ts';
import type { Within } from '../db/within.ts';
import { lockGames } from '../games/repository.ts';
import { type AnalysisColumns, analysisColumns } from './analysis.ts';
import { NO_FACTS, nextFacts, storedFacts } from './facts.ts';
import {
  channelList,
  factColumns,
  namesGame,
  type NewScript,
  replaceChannels,
  requireOwner,
  sameChannels,
  sameTested,
  type ScriptPatch,
  testedExecutorIds,
  writeTested,
} from './script-writes.ts';
import { writeVersion } from './versions-repository.ts';
import { sameTypes, typeIdsOf, writeTypes } from '../script-types/links-repository.ts';

// A script's create and edit transactions, which ScriptRepository runs (its `create` and `update`): the
// locks in their order, the row, its channels, tested executors and loader version, and the change
// recorded for the caches. The steps inside them are script-writes.ts's.

/**
 * Inserts a script with its channels, facts and tested executors; `gameCreated` when the game it
 * names was new. `within` runs in the transaction once everything is written.
 */
export async function createScript(db: Db, script: NewScript, within?: Within<ScriptRow>): Promise<{ row: ScriptRow; gameCreated: boolean }> {
  const at = (script.createdAt ?? new Date()).toISOString();
  const facts = nextFacts(NO_FACTS, script);
  const analysis = script.analysis ?? analysisColumns(script.loadstring);
  return transact(db, async (trx) => {
    await lockCounts(trx, db.dialect);
    if (namesGame(script.game)) await lockGames(trx, db.dialect);
    if (script.ownerModeratorId !== null) await requireOwner(trx, db.dialect, script.ownerModeratorId);
    const tested = await testedExecutorIds(trx, db.dialect, script.executors ?? []);
    const types = await typeIdsOf(trx, db.dialect, script.types ?? []);
    const { columns, gameCreated } = await factColumns(trx, db.changes, facts, null);
    const row = await trx
      .insertInto('scripts')
      .values({
        playsname: script.playsname,
        description: script.description,
        loadstring: script.loadstring,
        image_key: script.imageKey,
        owner_moderator_id: script.ownerModeratorId,
        search_text: searchTextOf(script.playsname, script.description),
        loadstring_search: foldSearchText(script.loadstring),
        ...analysis,
        created_at: at,
        updated_at: at,
        ...columns,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeVersion(trx, row.id, at, { loadstring: script.loadstring, analysis: analysis.analysis }, null, script.savedBy);
    if (script.channels.length > 0) {
      await trx
        .insertInto('script_channels')
        .values(script.channels.map((channel, position) => ({ script_id: row.id, name: channel.name, url: channel.url, position })))
        .execute();
    }
    if (tested.length > 0) await writeTested(trx, row.id, tested);
    if (types.length > 0) await writeTypes(trx, row.id, types);
    await db.changes.record(trx, { kind: 'script', id: row.id });
    await within?.(trx, row);
    return { row, gameCreated };
  });
}

/**
 * Applies the given fields; channels, when given, replace the current ones, and executors the tested
 * marks. A patch that changes nothing (no field, or every field as it is) writes nothing, so
 * `updated_at` keeps its value.
 * Answers the row and the image key it had before, read under the row's lock: the key this write
 * replaced, which the caller may release (another edit's key is never mistaken for it).
 * `within` runs in the transaction once the script is written (an edit that changed nothing too).
 */
export async function updateScript(db: Db, clock: () => number, id: number, patch: ScriptPatch, within?: Within<ScriptRow>): Promise<{ row: ScriptRow; previousImageKey: string | null; gameCreated: boolean } | undefined> {
  const analysis: Partial<AnalysisColumns> = patch.loadstring === undefined ? {} : (patch.analysis ?? analysisColumns(patch.loadstring));
  return transact(db, async (trx) => {
    // The shared counts' lock first, then the games' (the order a game's delete takes them in).
    await lockCounts(trx, db.dialect);
    if (namesGame(patch.game)) await lockGames(trx, db.dialect);
    // Executors before the script's row: the order an executor's delete takes them in, so neither waits on the other in a cycle.
    const tested = patch.executors === undefined ? undefined : await testedExecutorIds(trx, db.dialect, patch.executors);
    const types = patch.types === undefined ? undefined : await typeIdsOf(trx, db.dialect, patch.types);
    let select = trx.selectFrom('scripts').selectAll().where('id', '=', id);
    if (db.dialect === 'postgres') select = select.forUpdate();
    const current = await select.executeTakeFirst();
    if (!current) return undefined;
    // The facts' rules are checked against the stored values, under the row's lock.
    const facts = nextFacts(storedFacts(current), patch);
    const { columns, gameCreated } = await factColumns(trx, db.changes, facts, current.game_id);
    const next = {
      playsname: patch.playsname ?? current.playsname,
      description: patch.description ?? current.description,
      loadstring: patch.loadstring ?? current.loadstring,
      image_key: patch.imageKey === undefined ? current.image_key : patch.imageKey,
      ...columns,
    };
    const fieldsChanged = (Object.keys(next) as (keyof typeof next)[]).some((field) => next[field] !== current[field]);
    // Marked patched or working again: "doesn't work" votes count only from now (docs/decisions/0020-votes.md#may-be-patched).
    const worksChecked = next.patched !== current.patched ? { works_checked_at: clock() } : {};
    const channelsChanged = patch.channels !== undefined && !sameChannels(await channelList(trx, id), patch.channels);
    const testedChanged = tested !== undefined && !(await sameTested(trx, id, tested));
    const typesChanged = types !== undefined && !(await sameTypes(trx, id, types));
    if (!fieldsChanged && !channelsChanged && !testedChanged && !typesChanged) {
      await within?.(trx, current);
      return { row: current, previousImageKey: current.image_key, gameCreated };
    }
    const at = new Date().toISOString();
    // Only a save that changed the loader's text makes a version (docs/decisions/0044-loader-versions.md).
    const version = next.loadstring === current.loadstring ? {} : await writeVersion(trx, id, at, { loadstring: next.loadstring, analysis: analysis.analysis ?? null }, current, patch.savedBy);
    const row = await trx
      .updateTable('scripts')
      .set({
        ...next,
        ...worksChecked,
        search_text: searchTextOf(next.playsname, next.description),
        loadstring_search: foldSearchText(next.loadstring),
        ...analysis,
        ...version,
        updated_at: at,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (patch.channels && channelsChanged) await replaceChannels(trx, id, patch.channels);
    if (tested && testedChanged) await writeTested(trx, id, tested);
    if (types && typesChanged) await writeTypes(trx, id, types);
    await db.changes.record(trx, { kind: 'script', id });
    await within?.(trx, row);
    return { row, previousImageKey: current.image_key, gameCreated };
  });
}
