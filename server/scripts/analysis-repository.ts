import type { Db } from '../db/database.ts';

export interface AnalysedRow {
  id: number;
  loadstring: string;
  analysis: string;
  analysis_severity: string | null;
}

/** The SQL of the analysis backfill (analysis-backfill.ts). */
export class AnalysisRepository {
  constructor(private readonly db: Db) {}

  /** Up to `limit` scripts after `afterId` in id order: every one, or only those never analysed. */
  async batch(afterId: number, limit: number, all: boolean): Promise<{ id: number; loadstring: string }[]> {
    let query = this.db.kysely.selectFrom('scripts').select(['id', 'loadstring']).where('id', '>', afterId).orderBy('id').limit(limit);
    if (!all) query = query.where('analysis', 'is', null);
    return query.execute();
  }

  /**
   * Stores analyses in one transaction, each only while the script still has the loader text it was
   * computed from (a save meanwhile stored its own). No `updated_at`: nothing a visitor set changed.
   */
  async store(rows: AnalysedRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    return this.db.kysely.transaction().execute(async (trx) => {
      let stored = 0;
      for (const row of rows) {
        const result = await trx
          .updateTable('scripts')
          .set({ analysis: row.analysis, analysis_severity: row.analysis_severity })
          .where('id', '=', row.id)
          .where('loadstring', '=', row.loadstring)
          .executeTakeFirst();
        stored += Number(result.numUpdatedRows);
      }
      return stored;
    });
  }

  /** Tells every process that cards may have gained their mark: one change at the end of a backfill, not one per row. */
  async recordChanged(): Promise<void> {
    await this.db.kysely.transaction().execute((trx) => this.db.changes.record(trx, { kind: 'all' }));
  }
}
