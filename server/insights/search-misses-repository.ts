import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** One query's searches that found nothing, on one UTC day (days since 1970-01-01). */
export interface SearchMiss {
  query: string;
  day: number;
  searches: number;
}

/** Rows written or deleted per statement: each one is short on SQLite's main thread. */
const ROWS_PER_STATEMENT = 500;

/**
 * All SQL of the searches that found nothing (docs/decisions/0014-insights-and-empty-searches.md#empty-searches): folded query text
 * counted per day, no visitor data; written by the view counter's flush, read by the insights.
 */
export class SearchMissRepository {
  constructor(private readonly db: Db) {}

  /** Adds counted misses to their day's rows, a statement per slice with a turn of the event loop between. */
  async add(misses: SearchMiss[]): Promise<void> {
    for (let start = 0; start < misses.length; start += ROWS_PER_STATEMENT) {
      if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      await this.db.kysely
        .insertInto('search_misses')
        .values(misses.slice(start, start + ROWS_PER_STATEMENT))
        .onConflict((conflict) => conflict.columns(['query', 'day']).doUpdateSet({ searches: (eb) => eb('search_misses.searches', '+', eb.ref('excluded.searches')) }))
        .execute();
    }
  }

  /** The most frequent misses since `sinceDay` (included), summed over the days; ties in text order. */
  async topMisses(sinceDay: number, limit: number): Promise<{ query: string; searches: number }[]> {
    const rows = await this.db.reader
      .selectFrom('search_misses')
      .select(['query', (eb) => eb.fn.sum<number | string>('searches').as('searches')])
      .where('day', '>=', sinceDay)
      .groupBy('query')
      .orderBy(sql`sum(searches)`, 'desc')
      .orderBy('query')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ query: row.query, searches: Number(row.searches) }));
  }

  /** Deletes the days before `keptFromDay`, a slice at a time; `pause` runs between slices. */
  async prune(keptFromDay: number, pause: () => Promise<void>): Promise<void> {
    for (;;) {
      const old = this.db.kysely.selectFrom('search_misses').select(['query', 'day']).where('day', '<', keptFromDay).limit(ROWS_PER_STATEMENT);
      const result = await this.db.kysely
        .deleteFrom('search_misses')
        .where((eb) => eb(eb.refTuple('query', 'day'), 'in', old.$asTuple('query', 'day')))
        .executeTakeFirst();
      if (Number(result.numDeletedRows) < ROWS_PER_STATEMENT) return;
      await pause();
    }
  }
}
