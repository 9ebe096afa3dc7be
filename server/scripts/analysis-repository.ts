import type { Db } from '../db/database.ts';

export interface AnalysedRow {
  id: number;
  loadstring: string;
  analysis: string;
  analysis_severity: string | null;
}

/** The `catalogue_counts` row naming the analysis version every stored analysis was brought up to. */
const VERSION_ROW = 'analysis_version';

/** The SQL of the analysis backfill (analysis-backfill.ts). */
export class AnalysisRepository {
  constructor(private readonly db: Db) {}

  /** Up to `limit` scripts after `afterId` in id order, with their stored analysis (a primary-key range). */
  async batch(afterId: number, limit: number): Promise<{ id: number; loadstring: string; analysis: string | null }[]> {
    return this.db.kysely.selectFrom('scripts').select(['id', 'loadstring', 'analysis']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  }

  /**
   * Records that the stored analyses are being brought up to `version`; true only for the one caller
   * that moved it (the row changes in one statement), so of several processes starting at once one
   * makes the pass.
   */
  async claimVersion(version: number): Promise<boolean> {
    const result = await this.db.kysely.updateTable('catalogue_counts').set({ value: version }).where('name', '=', VERSION_ROW).where('value', '<', version).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
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

  /** Tells every process that cards may have gained or lost their mark: one change at the end of a backfill, not one per row. */
  async recordChanged(): Promise<void> {
    await this.db.kysely.transaction().execute((trx) => this.db.changes.record(trx, { kind: 'all' }));
  }
}
