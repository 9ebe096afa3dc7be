import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A fetch of a raw loader as the flush writes it: the script, the UTC day, the hashed address group. */
export interface RunMark {
  scriptId: number;
  day: number;
  visitorHash: string;
}

/** Days of runs kept: `runs30d` reads 30, the admin's charts (issue 38 item 5) up to 90. */
export const RUN_DAYS_KEPT = 90;
/** Days of run marks kept: today's and yesterday's (a flush may still write yesterday's after midnight). */
const RUN_MARK_DAYS_KEPT = 2;

/** All SQL of runs (issue 38 item 4): the marks that count a run once per address a day, and the runs per day. */
export class RunRepository {
  constructor(private readonly db: Db) {}

  /**
   * Writes the marks in one transaction: a mark already stored (by this process or another, now or
   * earlier today) adds nothing; each new one adds a run to its script's day. Marks are written in one
   * order (day, script, visitor) by every process, so two flushes wait for each other rather than
   * deadlock. A script deleted since is skipped. Answers the runs added per script.
   */
  async applyRuns(unordered: readonly RunMark[]): Promise<Map<number, number>> {
    const added = new Map<number, number>();
    if (unordered.length === 0) return added;
    const marks = [...unordered].sort((a, b) => a.day - b.day || a.scriptId - b.scriptId || (a.visitorHash < b.visitorHash ? -1 : a.visitorHash > b.visitorHash ? 1 : 0));
    await this.db.kysely.transaction().execute(async (trx) => {
      const perDay = new Map<string, { scriptId: number; day: number; runs: number }>();
      for (let start = 0; start < marks.length; start += 300) {
        const inserted = await trx
          .insertInto('script_run_marks')
          .values(marks.slice(start, start + 300).map((mark) => ({ day: mark.day, script_id: mark.scriptId, visitor_hash: mark.visitorHash })))
          .onConflict((conflict) => conflict.columns(['day', 'script_id', 'visitor_hash']).doNothing())
          .returning(['day', 'script_id'])
          .execute();
        for (const row of inserted) {
          const key = `${row.script_id}:${row.day}`;
          const entry = perDay.get(key) ?? { scriptId: Number(row.script_id), day: Number(row.day), runs: 0 };
          entry.runs += 1;
          perDay.set(key, entry);
        }
      }
      for (const { scriptId, day, runs } of [...perDay.values()].sort((a, b) => a.scriptId - b.scriptId || a.day - b.day)) {
        // Only a script that still exists gains its day's runs (the foreign key would refuse the rest).
        const result = await sql`INSERT INTO script_runs_daily (script_id, day, runs) SELECT s.id, ${day}, ${runs} FROM scripts AS s WHERE s.id = ${scriptId}
          ON CONFLICT (script_id, day) DO UPDATE SET runs = script_runs_daily.runs + excluded.runs`.execute(trx);
        if (Number(result.numAffectedRows ?? 0) > 0) added.set(scriptId, (added.get(scriptId) ?? 0) + runs);
      }
    });
    return added;
  }

  /** Each script's runs of the 30 days ending `today` (absent: none), one indexed read for a page of scripts. */
  async last30Days(ids: readonly number[], today: number): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.kysely
      .selectFrom('script_runs_daily')
      .select(['script_id', (eb) => eb.fn.sum<number>('runs').as('runs')])
      .where('script_id', 'in', [...ids])
      .where('day', '>', today - 30)
      .where('day', '<=', today)
      .groupBy('script_id')
      .execute();
    return new Map(rows.map((row) => [Number(row.script_id), Number(row.runs)]));
  }

  /** Marks of days past RUN_MARK_DAYS_KEPT and runs past RUN_DAYS_KEPT. */
  async prune(today: number): Promise<void> {
    await this.db.kysely.deleteFrom('script_run_marks').where('day', '<=', today - RUN_MARK_DAYS_KEPT).execute();
    await this.db.kysely.deleteFrom('script_runs_daily').where('day', '<=', today - RUN_DAYS_KEPT).execute();
  }
}
