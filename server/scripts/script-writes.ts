import type { Kysely } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import type { Database } from '../db/types.ts';
import { dropEmptyRows, ensureRows, refreshPlatforms } from '../executors/compatibility-writes.ts';
import { resolveGame } from '../games/repository.ts';
import { badRequest, unauthorized } from '../shared/errors.ts';
import type { AnalysisColumns } from './analysis.ts';
import type { SavedBy } from './versions-repository.ts';
import { type FactChanges, flag, type GameChoice, type NextFacts } from './facts.ts';

// A script's create and edit as ScriptRepository writes them: the shapes it takes and the steps
// inside its transactions (channels, owner, facts, tested executors).

/** A new script; its facts left out are off (no game, no key system, …). */
export interface NewScript extends FactChanges {
  playsname: string;
  description: string;
  loadstring: string;
  imageKey: string | null;
  ownerModeratorId: number | null;
  channels: { name: string; url: string }[];
  /** The slugs of the executors staff tested it with; left out: none. */
  executors?: readonly string[] | undefined;
  /** Its script types' slugs, in order; left out: none. */
  types?: readonly string[] | undefined;
  createdAt?: Date;
  /** The loader's analysis, made by the caller off the event loop; analysed here, before the transaction, when left out (docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md). */
  analysis?: AnalysisColumns | undefined;
  /** The staff account saving it, named by its version 1; left out: none (the demo, tests' fixtures). */
  savedBy?: SavedBy | undefined;
}

export interface StaffListOptions {
  ownerModeratorId?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  q?: string | undefined;
}

/** An edit: what is left out keeps its value; the facts follow nextFacts' rules (server/scripts/facts.ts). */
export interface ScriptPatch extends FactChanges {
  playsname?: string | undefined;
  description?: string | undefined;
  loadstring?: string | undefined;
  imageKey?: string | null | undefined;
  channels?: { name: string; url: string }[] | undefined;
  /** The tested executors' slugs, replacing the current marks; left out: unchanged. */
  executors?: readonly string[] | undefined;
  /** Its script types' slugs, replacing the current ones; left out: unchanged. */
  types?: readonly string[] | undefined;
  /** The new loader's analysis (as NewScript's); the stored one stays when the loader is left out. */
  analysis?: AnalysisColumns | undefined;
  /** The staff account saving it, named by the version a changed loader makes. */
  savedBy?: SavedBy | undefined;
}

/**
 * Replaces a script's channels, keeping the rows (and ids) of channels that stay: visitors' gate
 * flags are stored per channel id, so an unchanged channel must not ask them to subscribe again.
 */
export async function replaceChannels(trx: Kysely<Database>, scriptId: number, channels: { name: string; url: string }[]) {
  const existing = await trx.selectFrom('script_channels').select(['id', 'name', 'url']).where('script_id', '=', scriptId).orderBy('position').execute();
  const unclaimed = [...existing];
  const kept: { id: number; position: number }[] = [];
  const added: { script_id: number; name: string; url: string; position: number }[] = [];
  channels.forEach((channel, position) => {
    const index = unclaimed.findIndex((row) => row.name === channel.name && row.url === channel.url);
    if (index === -1) added.push({ script_id: scriptId, name: channel.name, url: channel.url, position });
    else kept.push({ id: Number(unclaimed.splice(index, 1)[0]?.id), position });
  });
  if (unclaimed.length > 0) await trx.deleteFrom('script_channels').where('id', 'in', unclaimed.map((row) => row.id)).execute();
  for (const { id, position } of kept) await trx.updateTable('script_channels').set({ position }).where('id', '=', id).execute();
  if (added.length > 0) await trx.insertInto('script_channels').values(added).execute();
}

export function channelList(trx: Kysely<Database>, scriptId: number) {
  return trx.selectFrom('script_channels').select(['name', 'url']).where('script_id', '=', scriptId).orderBy('position').orderBy('id').execute();
}

export function sameChannels(a: { name: string; url: string }[], b: { name: string; url: string }[]): boolean {
  return a.length === b.length && a.every((channel, index) => channel.name === b[index]?.name && channel.url === b[index]?.url);
}

/**
 * The owner may be deleted while its upload is processed: checked inside the insert's transaction,
 * where on PostgreSQL its row is held (FOR KEY SHARE) so a concurrent delete waits for the commit and
 * then passes the script to the admin; SQLite's write transactions begin IMMEDIATE, so no delete can
 * run between this check and the insert.
 */
export async function requireOwner(trx: Kysely<Database>, dialect: Dialect, moderatorId: number) {
  let owner = trx.selectFrom('moderators').select('id').where('id', '=', moderatorId);
  if (dialect === 'postgres') owner = owner.forKeyShare();
  if (!(await owner.executeTakeFirst())) throw unauthorized('Your account no longer exists; the script was not saved');
}

/** The facts' columns for a write, the game resolved (created when new) inside `trx`, which holds lockGames. */
export async function factColumns(trx: Kysely<Database>, changes: Db['changes'], facts: NextFacts, currentGameId: number | null) {
  let gameId = currentGameId;
  let gameCreated = false;
  if (facts.game === null) gameId = null;
  else if (facts.game !== 'keep') {
    if ('id' in facts.game) gameId = facts.game.id;
    else ({ id: gameId, created: gameCreated } = await resolveGame(trx, changes, facts.game.name));
  }
  const columns = {
    game_id: gameId,
    universal: flag(facts.universal),
    key_system: flag(facts.keySystem),
    key_link: facts.keyLink,
    patched: flag(facts.patched),
    verified: flag(facts.verified),
  };
  return { columns, gameCreated };
}

/**
 * The ids of the executors a form named, in its order, read in the save's transaction (on PostgreSQL
 * held FOR KEY SHARE, so an executor's delete waits for this commit rather than break it); a slug no
 * executor has is a 400 naming it, and the transaction writes nothing.
 */
export async function testedExecutorIds(trx: Kysely<Database>, dialect: Dialect, slugs: readonly string[]): Promise<number[]> {
  if (slugs.length === 0) return [];
  let query = trx.selectFrom('executors').select(['id', 'slug']).where('slug', 'in', [...slugs]);
  if (dialect === 'postgres') query = query.forKeyShare();
  const ids = new Map((await query.execute()).map((row) => [row.slug, Number(row.id)]));
  const unknown = slugs.find((slug) => !ids.has(slug));
  if (unknown !== undefined) throw badRequest(`executors: no executor has the slug ${unknown}`, { executors: `Unknown executor: ${unknown}` });
  return slugs.map((slug) => ids.get(slug) as number);
}

/** Whether `ids` are exactly the executors the script is marked tested with now. */
export async function sameTested(trx: Kysely<Database>, scriptId: number, ids: readonly number[]): Promise<boolean> {
  const rows = await trx.selectFrom('script_executors').select('executor_id').where('script_id', '=', scriptId).where('tested', '=', 1).execute();
  const current = new Set(rows.map((row) => Number(row.executor_id)));
  return current.size === ids.length && ids.every((id) => current.has(id));
}

/**
 * Makes `ids` the script's tested executors (docs/decisions/0041-executor-writes-and-tested-marks.md#tested-marks-and-the-scripts-answer):
 * their rows made and marked, its other marks cleared (their visitors' answers stay), then its
 * platforms made again and the rows left with nothing removed.
 */
export async function writeTested(trx: Kysely<Database>, scriptId: number, ids: readonly number[]): Promise<void> {
  await ensureRows(trx, ids.map((executorId) => ({ scriptId, executorId })));
  if (ids.length > 0) {
    await trx.updateTable('script_executors').set({ tested: 1 }).where('script_id', '=', scriptId).where('executor_id', 'in', [...ids]).where('tested', '=', 0).execute();
  }
  let untested = trx.updateTable('script_executors').set({ tested: 0 }).where('script_id', '=', scriptId).where('tested', '=', 1);
  if (ids.length > 0) untested = untested.where('executor_id', 'not in', [...ids]);
  await untested.execute();
  await refreshPlatforms(trx, [scriptId]);
  await dropEmptyRows(trx, [scriptId]);
}

/** A write that names a game takes the games' lock first: the same order as a game's delete, so neither waits on the other in a cycle. */
export function namesGame(game: GameChoice | null | undefined): game is GameChoice {
  return game !== undefined && game !== null;
}
