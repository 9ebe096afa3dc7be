import type { Db } from '../db/database.ts';

/** The integrator API's own reads (the catalogue's rows come from ScriptRepository). */
export class IntegrationRepository {
  constructor(private readonly db: Db) {}

  /** Which of `ids` have required channels (gated: their loader stays on their page), one indexed read per page. */
  async gatedAmong(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.kysely.selectFrom('script_channels').select('script_id').distinct().where('script_id', 'in', [...ids]).execute();
    return new Set(rows.map((row) => Number(row.script_id)));
  }
}
