import { bitsOf, type ExecutorStatus, type Platform } from '../../contract/platforms.ts';
import type { Db } from '../../server/db/database.ts';
import type { Services } from '../../server/services.ts';
import { ensureRows, refreshPlatforms } from '../../server/executors/compatibility-writes.ts';

/**
 * Executors and a script's compatibility arranged directly in the database (the executors migration's
 * tables, written with the shared compatibility writes), for pages that read them; then the cached
 * answers of these services dropped (a server in another process keeps its own: arrange before it reads).
 */

export async function insertExecutor({ db, services }: { db: Db; services: Services }, executor: { name: string; slug: string; platforms: Platform[]; status?: ExecutorStatus }): Promise<number> {
  const now = new Date().toISOString();
  // Recorded as the product's executor writes record it, so a server in another process drops its answers too.
  const row = await db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('executors')
      .values({ name: executor.name, slug: executor.slug, platforms: bitsOf(executor.platforms), status: executor.status ?? 'working', free: 1, status_changed_at: now, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.changes.record(trx, { kind: 'all' });
    return inserted;
  });
  services.cache.invalidate();
  return Number(row.id);
}

export interface CompatibilityData {
  tested?: boolean;
  worksYes?: number;
  worksNo?: number;
}

/** One script's row for one executor, as `writeCompatibility` takes it: the staff mark (1 or 0) and the window's answer counts. */
export interface CompatibilityRowData {
  scriptId: number;
  executorId: number;
  tested?: number;
  yes?: number;
  no?: number;
}

/**
 * Scripts' rows for executors, as the staff saves and the vote flush write them (the shared
 * compatibility writes), in one transaction; the scripts' platforms follow.
 */
export async function writeCompatibility(db: Db, rows: CompatibilityRowData[]): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await ensureRows(trx, rows);
    for (const row of rows) {
      await trx
        .updateTable('script_executors')
        .set({ tested: row.tested ?? 0, works_yes: row.yes ?? 0, works_no: row.no ?? 0 })
        .where('script_id', '=', row.scriptId)
        .where('executor_id', '=', row.executorId)
        .execute();
    }
    await refreshPlatforms(trx, [...new Set(rows.map((row) => row.scriptId))]);
    await db.changes.record(trx, { kind: 'all' });
  });
}

/** One script's row for one executor; then the cached answers of these services dropped. */
export async function setCompatibility({ db, services }: { db: Db; services: Services }, scriptId: number, executorId: number, data: CompatibilityData): Promise<void> {
  await writeCompatibility(db, [{ scriptId, executorId, tested: data.tested ? 1 : 0, yes: data.worksYes ?? 0, no: data.worksNo ?? 0 }]);
  services.cache.invalidate();
}
