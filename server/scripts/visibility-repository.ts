import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { lockCounts } from '../db/locks.ts';
import { transact } from '../db/transact.ts';
import type { Database } from '../db/types.ts';
import type { Within } from '../db/within.ts';

/**
 * Hides or shows a script inside `trx`, which holds the shared counts' lock (lockCounts), recording
 * the change there so every process drops what it reached (docs/decisions/0021-hidden-scripts-and-reports.md#hidden-scripts). The triggers move it out of or into the kept counts.
 * Answers whether the script exists; `updated_at` stays (hiding is no edit of the script).
 */
export async function writeHidden(trx: Kysely<Database>, changes: Db['changes'], id: number, hidden: boolean): Promise<boolean> {
  const result = await trx.updateTable('scripts').set({ hidden: hidden ? 1 : 0 }).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await changes.record(trx, { kind: 'script', id });
  return true;
}

/** The SQL of a script's visibility. */
export class VisibilityRepository {
  constructor(private readonly db: Db) {}

  async setHidden(id: number, hidden: boolean, within?: Within<void>): Promise<boolean> {
    return transact(this.db, async (trx) => {
      await lockCounts(trx, this.db.dialect);
      if (!(await writeHidden(trx, this.db.changes, id, hidden))) return false;
      await within?.(trx, undefined);
      return true;
    });
  }
}
