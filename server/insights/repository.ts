import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface DayTotal {
  day: number;
  value: number;
}

export interface TopScript {
  id: number;
  playsname: string;
  views: number;
}

export interface MissedSearch {
  query: string;
  searches: number;
}

/**
 * All SQL of the insights (docs/decisions/0014-insights-and-empty-searches.md#insights). Each read is bounded by days: views per day
 * through the day index of script_daily_views (or a moderator's scripts, then their own days), new
 * scripts through the created_at index, misses through the day index of search_misses.
 */
export class InsightsRepository {
  constructor(private readonly db: Db) {}

  /** Views per UTC day from `fromDay` on: every script's, or one moderator's. Days without views are absent. */
  async viewsPerDay(fromDay: number, ownerModeratorId?: number): Promise<DayTotal[]> {
    let query = this.db.reader
      .selectFrom('script_daily_views as v')
      .select(['v.day', (eb) => eb.fn.sum<number>('v.views').as('value')])
      .where('v.day', '>=', fromDay)
      .groupBy('v.day');
    if (ownerModeratorId !== undefined) {
      query = query.innerJoin('scripts as s', 's.id', 'v.script_id').where('s.owner_moderator_id', '=', ownerModeratorId);
    }
    return (await query.execute()).map((row) => ({ day: Number(row.day), value: Number(row.value) }));
  }

  /** Scripts added per UTC day since `from` (YYYY-MM-DD → count). */
  async newScriptsPerDay(from: Date): Promise<{ day: string; value: number }[]> {
    const day =
      this.db.dialect === 'postgres' ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')` : sql<string>`substr(created_at, 1, 10)`;
    const rows = await this.db.reader
      .selectFrom('scripts')
      .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('value')])
      .where('created_at', '>=', from.toISOString())
      .groupBy(day)
      .execute();
    return rows.map((row) => ({ day: String(row.day), value: Number(row.value) }));
  }

  /** The most viewed scripts from `fromDay` on, most views first (ties: the newer script). */
  async topScripts(fromDay: number, limit: number): Promise<TopScript[]> {
    const totals = this.db.reader
      .selectFrom('script_daily_views')
      .select(['script_id', (eb) => eb.fn.sum<number>('views').as('total')])
      .where('day', '>=', fromDay)
      .groupBy('script_id')
      .as('t');
    const rows = await this.db.reader
      .selectFrom(totals)
      .innerJoin('scripts', 'scripts.id', 't.script_id')
      .select(['scripts.id', 'scripts.playsname', 't.total'])
      .orderBy('t.total', 'desc')
      .orderBy('scripts.created_at', 'desc')
      .orderBy('scripts.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), playsname: row.playsname, views: Number(row.total) }));
  }

  /** Searches that found nothing from `fromDay` on, summed over the days, most searched first. */
  async topMisses(fromDay: number, limit: number): Promise<MissedSearch[]> {
    const rows = await this.db.reader
      .selectFrom('search_misses')
      .select(['query', (eb) => eb.fn.sum<number>('searches').as('searches')])
      .where('day', '>=', fromDay)
      .groupBy('query')
      .orderBy('searches', 'desc')
      .orderBy('query')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ query: row.query, searches: Number(row.searches) }));
  }
}
