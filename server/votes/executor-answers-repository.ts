import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { FLUSH_LOCK_TIMEOUT_MS, limitLockWaits, lockCounts } from '../db/locks.ts';
import { transact } from '../db/transact.ts';
import type { Database } from '../db/types.ts';
import { dropEmptyRows, ensureRows, refreshPlatforms } from '../executors/compatibility-writes.ts';
import { type ExecutorRef, existingExecutors, lockScripts } from '../executors/executor-refs-repository.ts';

/**
 * Visitors' works answers per executor (docs/decisions/0040-works-answers-per-executor.md): one
 * `script_executor_votes` row per script, executor and visitor, counted in `script_executors`'
 * `works_yes` / `works_no` while `counted` is 1 (inside EXECUTOR_VOTE_DAYS). Written by the vote
 * flush inside its transaction and taken out of the counts by the expiry, each under
 * COUNTS_LOCK with the scripts' rows locked first.
 */

/** A visitor's last answer of a batch for one executor: 1 works, 0 does not, null taken back. */
export interface ExecutorFinal {
  value: number | null;
  at: number;
}
/** Per script, per visitor hash, per executor id. */
export type ExecutorFinals = Map<number, Map<string, Map<number, ExecutorFinal>>>;

/** How an answer moves its executor's two counts. */
interface Move {
  yes: number;
  no: number;
}

/** Answers expired per transaction (the expiry runs batches until none is left). */
export const EXPIRE_BATCH = 500;

const byNumber = (a: number, b: number) => a - b;
const n = (value: unknown) => Number(value ?? 0);

/** The visitor's counted answers on one script, with their executors (an expired answer is none). */
export async function storedAnswers(k: Kysely<Database>, scriptId: number, visitorHash: string): Promise<{ ref: ExecutorRef; works: number }[]> {
  // The executors first (a handful), each a lookup of the primary key: never a scan of the script's answers.
  const { rows } = await sql<Record<string, unknown>>`SELECT e.id, e.slug, e.name, e.platforms, e.status, v.works
    FROM executors AS e CROSS JOIN script_executor_votes AS v
    WHERE v.script_id = ${scriptId} AND v.executor_id = e.id AND v.visitor_hash = ${visitorHash} AND v.counted = 1`.execute(k);
  return rows.map((row) => ({
    ref: { id: n(row.id), slug: String(row.slug), name: String(row.name), platforms: n(row.platforms), status: String(row.status) },
    works: n(row.works),
  }));
}

/**
 * Writes a flush's executor answers (the caller holds COUNTS_LOCK and the scripts' rows, locked
 * in id order): the answer rows, the counts moved by each answer against the stored one (a replaced
 * answer subtracts only while counted), the scripts' platforms, rows left empty removed. Answers the
 * scripts whose platforms changed or whose `works` flipped on an executor, each recorded as a change.
 */
export async function applyExecutorAnswers(trx: Kysely<Database>, db: Db, finals: ExecutorFinals, scriptIds: readonly number[]): Promise<number[]> {
  const executorIds = [...finals.values()].flatMap((visitors) => [...visitors.values()].flatMap((answers) => [...answers.keys()]));
  const existing = await existingExecutors(trx, executorIds);
  const flipped: number[] = [];
  for (const scriptId of [...scriptIds].sort(byNumber)) {
    const visitors = finals.get(scriptId);
    if (visitors && (await writeAnswers(trx, scriptId, visitors, existing))) flipped.push(scriptId);
  }
  return settle(trx, db, scriptIds, flipped);
}

/** One script's answers: read the stored ones, move the counts, then write the rows. */
async function writeAnswers(trx: Kysely<Database>, scriptId: number, visitors: Map<string, Map<number, ExecutorFinal>>, existing: Set<number>): Promise<boolean> {
  const answers = [...visitors].flatMap(([hash, finals]) =>
    [...finals].filter(([executorId]) => existing.has(executorId)).map(([executorId, final]) => ({ hash, executorId, ...final })),
  );
  if (answers.length === 0) return false;
  const storedRows = await trx
    .selectFrom('script_executor_votes')
    .select(['executor_id', 'visitor_hash', 'works', 'counted'])
    .where('script_id', '=', scriptId)
    .where('executor_id', 'in', [...new Set(answers.map((answer) => answer.executorId))])
    .where('visitor_hash', 'in', [...visitors.keys()])
    .execute();
  const counted = new Map(storedRows.filter((row) => n(row.counted) === 1).map((row) => [`${n(row.executor_id)}\n${row.visitor_hash}`, n(row.works)]));
  const moves = new Map<number, Move>();
  for (const { hash, executorId, value } of answers) {
    const before = counted.get(`${executorId}\n${hash}`) ?? null;
    const move = moves.get(executorId) ?? { yes: 0, no: 0 };
    move.yes += (value === 1 ? 1 : 0) - (before === 1 ? 1 : 0);
    move.no += (value === 0 ? 1 : 0) - (before === 0 ? 1 : 0);
    moves.set(executorId, move);
  }
  const flipped = await moveCounts(trx, scriptId, moves);
  const kept = answers.filter((answer) => answer.value !== null);
  for (let start = 0; start < kept.length; start += 500) {
    const rows = kept.slice(start, start + 500).map(({ hash, executorId, value, at }) => ({ script_id: scriptId, executor_id: executorId, visitor_hash: hash, works: value as number, works_at: at, counted: 1 }));
    await trx
      .insertInto('script_executor_votes')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['script_id', 'executor_id', 'visitor_hash']).doUpdateSet((eb) => ({ works: eb.ref('excluded.works'), works_at: eb.ref('excluded.works_at'), counted: 1 })),
      )
      .execute();
  }
  for (const [executorId, hashes] of groupHashes(answers.filter((answer) => answer.value === null))) {
    await trx.deleteFrom('script_executor_votes').where('script_id', '=', scriptId).where('executor_id', '=', executorId).where('visitor_hash', 'in', hashes).execute();
  }
  return flipped;
}

function groupHashes(answers: { hash: string; executorId: number }[]): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const { hash, executorId } of answers) groups.set(executorId, [...(groups.get(executorId) ?? []), hash]);
  return groups;
}

/** Moves one script's counts per executor (rows made first); answers whether some executor's `works` flipped. */
async function moveCounts(trx: Kysely<Database>, scriptId: number, moves: Map<number, Move>): Promise<boolean> {
  const moving = [...moves].filter(([, move]) => move.yes !== 0 || move.no !== 0).sort(([a], [b]) => a - b);
  await ensureRows(trx, moving.map(([executorId]) => ({ scriptId, executorId })));
  let flipped = false;
  for (const [executorId, { yes, no }] of moving) {
    const row = await trx
      .updateTable('script_executors')
      .set((eb) => ({ works_yes: eb('works_yes', '+', yes), works_no: eb('works_no', '+', no) }))
      .where('script_id', '=', scriptId)
      .where('executor_id', '=', executorId)
      .returning(['tested', 'works_yes', 'works_no', 'works'])
      .executeTakeFirst();
    // No row: the script went meanwhile (ensureRows made none).
    if (!row) continue;
    const before = n(row.tested) === 1 || n(row.works_yes) - yes > n(row.works_no) - no ? 1 : 0;
    if (before !== n(row.works)) flipped = true;
  }
  return flipped;
}

/** Platforms made again, empty rows removed, and a change recorded for each script whose cached answers and pages must go. */
async function settle(trx: Kysely<Database>, db: Db, scriptIds: readonly number[], flipped: readonly number[]): Promise<number[]> {
  const moved = await refreshPlatforms(trx, scriptIds);
  await dropEmptyRows(trx, scriptIds);
  const changed = [...new Set([...flipped, ...moved])].sort(byNumber);
  for (const id of changed) await db.changes.record(trx, { kind: 'script', id });
  return changed;
}

/**
 * Takes answers given at or before `cutoff` out of the counts, at most `limit` of them, in one
 * transaction. `counted` goes from 1 to 0 once: under COUNTS_LOCK no other flush or expiry
 * reads or writes these rows meanwhile, so two processes expiring at once move each count down once.
 * Answers how many left the counts and the scripts whose cached answers must go.
 */
export async function expireAnswers(db: Db, cutoff: number, limit = EXPIRE_BATCH): Promise<{ expired: number; changed: number[] }> {
  return transact(db, async (trx) => {
    await limitLockWaits(trx, db.dialect, FLUSH_LOCK_TIMEOUT_MS);
    await lockCounts(trx, db.dialect);
    const due = await trx
      .selectFrom('script_executor_votes')
      .select(['script_id', 'executor_id', 'visitor_hash'])
      .where('counted', '=', 1)
      .where('works_at', '<=', cutoff)
      .orderBy('works_at')
      .limit(limit)
      .execute();
    if (due.length === 0) return { expired: 0, changed: [] };
    const scriptIds = [...new Set(due.map((row) => n(row.script_id)))].sort(byNumber);
    // The scripts' rows before the answers' (a script's delete takes them in that order too).
    await lockScripts(trx, db, scriptIds);
    const keys = sql.join(due.map((row) => sql`(CAST(${n(row.script_id)} AS integer), CAST(${n(row.executor_id)} AS integer), CAST(${row.visitor_hash} AS text))`));
    const { rows } = await sql<Record<string, unknown>>`UPDATE script_executor_votes SET counted = 0
      WHERE counted = 1 AND works_at <= ${cutoff} AND (script_id, executor_id, visitor_hash) IN (VALUES ${keys})
      RETURNING script_id, executor_id, works`.execute(trx);
    const moves = new Map<number, Map<number, Move>>();
    for (const row of rows) {
      const ofScript = moves.get(n(row.script_id)) ?? new Map<number, Move>();
      const move = ofScript.get(n(row.executor_id)) ?? { yes: 0, no: 0 };
      if (n(row.works) === 1) move.yes -= 1;
      else move.no -= 1;
      ofScript.set(n(row.executor_id), move);
      moves.set(n(row.script_id), ofScript);
    }
    const flipped: number[] = [];
    for (const [scriptId, ofScript] of [...moves].sort(([a], [b]) => a - b)) {
      if (await moveCounts(trx, scriptId, ofScript)) flipped.push(scriptId);
    }
    return { expired: due.length, changed: await settle(trx, db, scriptIds, flipped) };
  });
}
