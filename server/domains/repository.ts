import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import type { BlockedDomainRow } from '../db/types.ts';
import type { Within } from '../db/within.ts';

/** All SQL about the admin's blocked and trusted domains (docs/decisions/0018-loader-analysis.md#blocked-and-trusted-domains). */
export class DomainRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<BlockedDomainRow[]> {
    return this.db.kysely.selectFrom('blocked_domains').selectAll().orderBy('domain').execute();
  }

  /** The domains of one kind, for the save check (blocked) and the visitor's analysis (trusted). */
  async domains(trusted: boolean): Promise<string[]> {
    const rows = await this.db.kysely.selectFrom('blocked_domains').select('domain').where('trusted', '=', trusted ? 1 : 0).execute();
    return rows.map((row) => row.domain);
  }

  /**
   * Adds a domain; undefined when it is already listed (the unique index decides, so two adds at
   * once make one row). A trusted domain changes what script pages show: its change goes to every
   * process with the write.
   */
  async add(domain: string, trusted: boolean, within?: Within<BlockedDomainRow>): Promise<BlockedDomainRow | undefined> {
    return transact(this.db, async (trx) => {
      const row = await trx
        .insertInto('blocked_domains')
        .values({ domain, trusted: trusted ? 1 : 0, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('domain').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      if (trusted) await this.db.changes.record(trx, { kind: 'all' });
      await within?.(trx, row);
      return row;
    });
  }

  /** Deletes a domain; answers the row, if there was one. */
  async delete(id: number, within?: Within<BlockedDomainRow>): Promise<BlockedDomainRow | undefined> {
    return transact(this.db, async (trx) => {
      const row = await trx.deleteFrom('blocked_domains').where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) return undefined;
      if (Number(row.trusted) === 1) await this.db.changes.record(trx, { kind: 'all' });
      await within?.(trx, row);
      return row;
    });
  }
}
