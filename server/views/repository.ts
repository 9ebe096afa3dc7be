import { type Kysely, sql } from 'kysely';
import { TRENDING_DAYS } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/types.ts';
import { utcDay } from '../shared/dates.ts';
import { trendingWeight } from './trending.ts';

export interface ViewMark {
  visitorHash: string;
  scriptId: number;
  at: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Scripts recomputed per transaction when the trending day rolls; rows deleted per prune statement. */
const ROLL_SLICE = 500;
const ROLL_ATTEMPTS = 3;

/** All SQL about views: the visitors' marks, the views per day, the scripts' views and trending columns. */
export class ViewRepository {
  constructor(private readonly db: Db) {}

  /**
   * Applies buffered views in one transaction. A mark counts only when the visitor's previous
   * counted view of that script is at least 24 hours old; returns views added per script. In the
   * same transaction: the views per UTC day (script_daily_views) and each counted script's trending
   * score, weighted for the day the stored scores are for (docs/decisions/0011-trending.md).
   */
  async applyViews(unordered: ViewMark[]): Promise<Map<number, number>> {
    const added = new Map<number, number>();
    /** Views counted per script, per UTC day of the view. */
    const marked = new Map<number, Map<number, number>>();
    if (unordered.length === 0) return added;
    // Rows are locked in one order by every process (script, then visitor): two workers flushing
    // views of the same scripts at once then wait for each other instead of deadlocking.
    const marks = [...unordered].sort((a, b) => a.scriptId - b.scriptId || (a.visitorHash < b.visitorHash ? -1 : a.visitorHash > b.visitorHash ? 1 : 0));
    await this.db.kysely.transaction().execute(async (trx) => {
      for (let start = 0; start < marks.length; start += 300) {
        const chunk = marks.slice(start, start + 300);
        const counted = await trx
          .insertInto('script_view_marks')
          .values(chunk.map((mark) => ({ visitor_hash: mark.visitorHash, script_id: mark.scriptId, counted_at: mark.at })))
          .onConflict((conflict) =>
            conflict
              .columns(['visitor_hash', 'script_id'])
              .doUpdateSet({ counted_at: (eb) => eb.ref('excluded.counted_at') })
              .where('script_view_marks.counted_at', '<=', sql<number>`excluded.counted_at - ${DAY_MS}`),
          )
          .returning(['script_id', 'counted_at'])
          .execute();
        for (const { script_id, counted_at } of counted) {
          const days = marked.get(script_id) ?? new Map<number, number>();
          const day = utcDay(Number(counted_at));
          days.set(day, (days.get(day) ?? 0) + 1);
          marked.set(script_id, days);
        }
      }
      if (marked.size === 0) return;
      const scoredDay = await this.trendingDay(trx);
      const daily: { script_id: number; day: number; views: number }[] = [];
      for (const [scriptId, days] of [...marked].sort(([a], [b]) => a - b)) {
        let views = 0;
        let trending = 0;
        for (const [day, count] of days) {
          views += count;
          // A view of a day after the scores' day (its roll not yet run) counts as of that day.
          trending += count * trendingWeight(Math.max(0, scoredDay - day));
        }
        const result = await trx
          .updateTable('scripts')
          .set((eb) => ({ views: eb('views', '+', views), trending: eb('trending', '+', trending) }))
          .where('id', '=', scriptId)
          .executeTakeFirst();
        // A script deleted since the view was buffered gains nothing and is not reported.
        if (Number(result.numUpdatedRows) === 0) continue;
        added.set(scriptId, views);
        for (const [day, count] of [...days].sort(([a], [b]) => a - b)) daily.push({ script_id: scriptId, day, views: count });
      }
      if (daily.length > 0) {
        await trx
          .insertInto('script_daily_views')
          .values(daily)
          .onConflict((conflict) => conflict.columns(['script_id', 'day']).doUpdateSet({ views: (eb) => eb('script_daily_views.views', '+', eb.ref('excluded.views')) }))
          .execute();
      }
    });
    return added;
  }

  /** The UTC day the stored trending scores are weighted for (0 before the first roll). */
  async trendingDay(executor: Kysely<Database> = this.db.kysely): Promise<number> {
    const row = await executor.selectFrom('catalogue_counts').select('value').where('name', '=', 'trending_day').executeTakeFirst();
    return Number(row?.value ?? 0);
  }

  /**
   * Moves the trending scores to `today`'s weights when the stored ones are older
   * (docs/decisions/0011-trending.md). The day is claimed first, in a transaction of its own, so of two
   * processes rolling at once one does it, and views flushed meanwhile are weighted for the new day.
   * Then every script with views in the window, or a score to clear, is recomputed from its views
   * per day, ROLL_SLICE scripts per transaction with `pause` between (SQLite writes on the main
   * thread). Recomputing is idempotent: a slice run twice, or beside a flush, ends the same.
   * Answers whether this call rolled.
   */
  async rollTrending(today: number, pause: () => Promise<void>): Promise<boolean> {
    const claimed = await this.db.kysely
      .updateTable('catalogue_counts')
      .set({ value: today })
      .where('name', '=', 'trending_day')
      .where('value', '<', today)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    const window = today - TRENDING_DAYS;
    const { rows } = await sql<{ id: number }>`SELECT script_id AS id FROM script_daily_views WHERE day > ${window} AND day <= ${today}
      UNION SELECT id FROM scripts WHERE trending > 0 ORDER BY id`.execute(this.db.reader);
    const ids = rows.map((row) => Number(row.id));
    for (let start = 0; start < ids.length; start += ROLL_SLICE) {
      if (start > 0) await pause();
      const slice = ids.slice(start, start + ROLL_SLICE);
      const recompute = sql`UPDATE scripts SET trending = coalesce((
          SELECT sum(v.views * (${TRENDING_DAYS} - (${today} - v.day))) FROM script_daily_views AS v
          WHERE v.script_id = scripts.id AND v.day > ${window} AND v.day <= ${today}), 0)
        WHERE id IN (${sql.join(slice)})`;
      // The day is claimed: a slice that meets a lock time-out or a deadlock with a flush is tried
      // again rather than left at the old weights until tomorrow.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await recompute.execute(this.db.kysely);
          break;
        } catch (error) {
          if (attempt >= ROLL_ATTEMPTS) throw error;
          await pause();
        }
      }
    }
    return true;
  }

  /** Deletes views per day before `keptFromDay`, a slice at a time with `pause` between. */
  async pruneDailyViews(keptFromDay: number, pause: () => Promise<void>): Promise<void> {
    for (;;) {
      const old = this.db.kysely.selectFrom('script_daily_views').select(['script_id', 'day']).where('day', '<', keptFromDay).limit(ROLL_SLICE);
      const result = await this.db.kysely.deleteFrom('script_daily_views').where((eb) => eb(eb.refTuple('script_id', 'day'), 'in', old.$asTuple('script_id', 'day'))).executeTakeFirst();
      if (Number(result.numDeletedRows) < ROLL_SLICE) return;
      await pause();
    }
  }

  /** Forgets marks older than 24 hours; they can no longer block a view. */
  async pruneViewMarks(now: number): Promise<void> {
    await this.db.kysely.deleteFrom('script_view_marks').where('counted_at', '<', now - DAY_MS).execute();
  }
}
