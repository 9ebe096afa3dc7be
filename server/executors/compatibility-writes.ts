import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * The writes every change of `script_executors` shares, inside the caller's transaction
 * (docs/decisions/0039-executors-and-compatibility.md): the rows a change needs, made with the copies of
 * their script's facets; rows left with no data removed; and `scripts.platforms` made again from the
 * executors each script works on. Staff saves (tested marks), the vote flush and its expiry, and the
 * admin's executor edits call these; the triggers of the executors migration keep the counts.
 */

/** Makes the (script, executor) rows that do not exist yet, each with its script's facets copied. */
export async function ensureRows(trx: Kysely<Database>, pairs: readonly { scriptId: number; executorId: number }[]): Promise<void> {
  for (let start = 0; start < pairs.length; start += 200) {
    const slice = pairs.slice(start, start + 200);
    const values = sql.join(slice.map(({ scriptId, executorId }) => sql`(CAST(${scriptId} AS integer), CAST(${executorId} AS integer))`));
    // A script deleted meanwhile has no row to join: its pair is left out.
    await sql`WITH p (script_id, executor_id) AS (VALUES ${values})
      INSERT INTO script_executors (script_id, executor_id, game_id, universal, key_system, patched, verified, hidden, platforms)
      SELECT p.script_id, p.executor_id, coalesce(s.game_id, 0), s.universal, s.key_system, s.patched, s.verified, s.hidden, s.platforms
      FROM p JOIN scripts AS s ON s.id = p.script_id WHERE TRUE
      ON CONFLICT (script_id, executor_id) DO NOTHING`.execute(trx);
  }
}

/** Removes the rows of these scripts with nothing left in them (not tested, no answer counted). */
export async function dropEmptyRows(trx: Kysely<Database>, scriptIds: readonly number[]): Promise<void> {
  if (scriptIds.length === 0) return;
  await trx
    .deleteFrom('script_executors')
    .where('script_id', 'in', [...scriptIds])
    .where('tested', '=', 0)
    .where('works_yes', '=', 0)
    .where('works_no', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('script_executor_votes as v')
            .select(sql.lit(1).as('one'))
            .whereRef('v.script_id', '=', 'script_executors.script_id')
            .whereRef('v.executor_id', '=', 'script_executors.executor_id')
            .where('v.counted', '=', 1),
        ),
      ),
    )
    .execute();
}

/**
 * Sets `scripts.platforms` of these scripts to the platforms of the executors they work on; answers
 * the ids whose platforms changed (their cached pages and answers must go).
 */
export async function refreshPlatforms(trx: Kysely<Database>, scriptIds: readonly number[]): Promise<number[]> {
  const changed: number[] = [];
  const ordered = [...new Set(scriptIds)].sort((a, b) => a - b);
  for (let start = 0; start < ordered.length; start += 500) {
    const slice = ordered.slice(start, start + 500);
    // No bitwise OR aggregate on SQLite: each platform's bit is the max of that bit.
    const bits = sql`(SELECT coalesce(max(e.platforms & 1), 0) | coalesce(max(e.platforms & 2), 0) | coalesce(max(e.platforms & 4), 0) | coalesce(max(e.platforms & 8), 0)
      FROM script_executors AS se JOIN executors AS e ON e.id = se.executor_id WHERE se.script_id = scripts.id AND se.works = 1)`;
    const { rows } = await sql<{ id: number }>`UPDATE scripts SET platforms = ${bits}
      WHERE id IN (${sql.join(slice)}) AND platforms <> ${bits} RETURNING id`.execute(trx);
    changed.push(...rows.map((row) => Number(row.id)));
  }
  return changed;
}

/** The scripts with a row for this executor (an executor's platforms changed, or it is deleted). */
export async function scriptsOfExecutor(trx: Kysely<Database>, executorId: number): Promise<number[]> {
  const rows = await trx.selectFrom('script_executors').select('script_id').where('executor_id', '=', executorId).execute();
  return rows.map((row) => Number(row.script_id));
}
