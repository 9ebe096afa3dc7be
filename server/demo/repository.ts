import { bitsOf, type ExecutorStatus, type Platform } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';

/** An executor as the demo adds it. */
export interface DemoExecutorRow {
  name: string;
  slug: string;
  platforms: Platform[];
  status: ExecutorStatus;
  version: string | null;
  website: string | null;
  free: boolean;
  statusChangedAt: Date;
}

/** The demo seed's own SQL: its executors, views per day with the totals and scores they imply, search misses, last changes. */
export class DemoRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds the executors no executor's slug names yet (a second `npm run demo` keeps the ones it finds,
   * as the admin may have changed them). The admin's own writes are the executors feature's; the demo
   * only needs rows to mark its scripts tested with.
   */
  async addExecutors(executors: readonly DemoExecutorRow[], now: Date): Promise<void> {
    if (executors.length === 0) return;
    await this.db.kysely
      .insertInto('executors')
      .values(
        executors.map((executor) => ({
          name: executor.name,
          slug: executor.slug,
          platforms: bitsOf(executor.platforms),
          status: executor.status,
          version: executor.version,
          website: executor.website,
          free: executor.free ? 1 : 0,
          status_changed_at: executor.statusChangedAt.toISOString(),
          created_at: now.toISOString(),
          // Its last change is its status's, which came after it was added.
          updated_at: executor.statusChangedAt.toISOString(),
        })),
      )
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .execute();
  }

  /** Stores a script's views per day and sets its views and trending score to match them. */
  async setViews(scriptId: number, perDay: [day: number, views: number][], trending: number): Promise<void> {
    const total = perDay.reduce((sum, [, views]) => sum + views, 0);
    await this.db.kysely.transaction().execute(async (trx) => {
      if (perDay.length > 0) {
        await trx
          .insertInto('script_daily_views')
          .values(perDay.map(([day, views]) => ({ script_id: scriptId, day, views })))
          .onConflict((conflict) => conflict.columns(['script_id', 'day']).doUpdateSet((eb) => ({ views: eb('script_daily_views.views', '+', eb.ref('excluded.views')) })))
          .execute();
      }
      await trx
        .updateTable('scripts')
        .set((eb) => ({ views: eb('views', '+', total), trending }))
        .where('id', '=', scriptId)
        .execute();
    });
  }

  /** The day whose weights the stored trending scores use (docs/decisions/0011-trending.md). */
  async setTrendingDay(day: number): Promise<void> {
    await this.db.kysely.updateTable('catalogue_counts').set({ value: day }).where('name', '=', 'trending_day').execute();
  }

  /** Adds searches that found nothing. */
  async addSearchMisses(rows: { query: string; day: number; searches: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.kysely
      .insertInto('search_misses')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['query', 'day']).doUpdateSet((eb) => ({ searches: eb('search_misses.searches', '+', eb.ref('excluded.searches')) })))
      .execute();
  }

  /** Marks a script changed at `at` (after its creation), so "recently updated" differs from "newest". */
  async setUpdatedAt(scriptId: number, at: Date): Promise<void> {
    await this.db.kysely.updateTable('scripts').set({ updated_at: at.toISOString() }).where('id', '=', scriptId).execute();
  }
}
