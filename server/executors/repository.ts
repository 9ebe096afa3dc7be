import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { lockCounts, lockKeys } from '../db/locks.ts';
import { transact } from '../db/transact.ts';
import type { Database, ExecutorRow, ExecutorsTable } from '../db/types.ts';
import type { Within } from '../db/within.ts';
import { refreshPlatforms, scriptsOfExecutor } from './compatibility-writes.ts';
import { lockScripts } from './executor-refs-repository.ts';

/** An executor with how many visible scripts work on it and how many staff tested with it. */
export type ExecutorWithCounts = ExecutorRow & { scripts: number; tested: number };

/** The columns a create sets (the timestamps are the write's `at`). */
export interface NewExecutor {
  name: string;
  slug: string;
  platforms: number;
  status: ExecutorsTable['status'];
  version: string | null;
  website: string | null;
  free: boolean;
}

/** A patch: a field left undefined keeps its value. */
export type ExecutorPatch = Partial<NewExecutor>;

/** The outcome of a write that may meet another executor's slug. */
export type ExecutorWrite = { row: ExecutorRow; before?: ExecutorRow } | { conflict: 'slug' };

const rank = (status: string) => (status === 'working' ? 0 : 1);

/** Working executors first, then by name: sorted here so both databases answer one order whatever their collation. */
function byListOrder(a: ExecutorRow, b: ExecutorRow): number {
  return rank(a.status) - rank(b.status) || a.name.localeCompare(b.name, 'en') || Number(a.id) - Number(b.id);
}

/**
 * All SQL about the admin's executors (docs/decisions/0039-executors-and-compatibility.md). Every write takes
 * the `executors` lock (an advisory lock on PostgreSQL; SQLite's write lock), after the shared counts'
 * lock for an edit or delete, so the slug check and the write see no concurrent one, and records `{ kind: 'all' }` in its transaction: an executor's name,
 * status or platforms show on script pages, cards and filters everywhere.
 */
export class ExecutorRepository {
  constructor(private readonly db: Db) {}

  /** Every executor: working first, then by name. */
  async list(): Promise<ExecutorRow[]> {
    const rows = await this.db.reader.selectFrom('executors').selectAll().execute();
    return rows.sort(byListOrder);
  }

  async findById(id: number): Promise<ExecutorRow | undefined> {
    return this.db.kysely.selectFrom('executors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The executor with this slug and its counts: `scripts` from executor_facets (visible scripts that
   * work on it, kept by triggers), `tested` from its script_executors rows, whose `hidden` is the
   * script's own (copied by a trigger), so no join with scripts.
   */
  async findBySlugWithCounts(slug: string): Promise<ExecutorWithCounts | undefined> {
    const row = await this.db.reader.selectFrom('executors').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!row) return undefined;
    const [works, tested] = await Promise.all([
      this.db.reader
        .selectFrom('executor_facets')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('scripts'), eb.lit(0)).as('n'))
        .where('executor_id', '=', row.id)
        .executeTakeFirstOrThrow(),
      this.db.reader
        .selectFrom('script_executors')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('executor_id', '=', row.id)
        .where('tested', '=', 1)
        .where('hidden', '=', 0)
        .executeTakeFirstOrThrow(),
    ]);
    return { ...row, scripts: Number(works.n), tested: Number(tested.n) };
  }

  /** Creates an executor at `at` (its status changed then too); `{ conflict: 'slug' }` when the slug is taken. */
  async create(executor: NewExecutor, at: string, within?: Within<ExecutorRow>): Promise<ExecutorWrite> {
    return transact(this.db, async (trx) => {
      await lockKeys(trx, this.db.dialect, ['executors']);
      if (await slugTaken(trx, executor.slug)) return { conflict: 'slug' as const };
      const row = await trx
        .insertInto('executors')
        .values({ ...executor, free: executor.free ? 1 : 0, status_changed_at: at, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.db.changes.record(trx, { kind: 'all' });
      await within?.(trx, row);
      return { row };
    });
  }

  /**
   * Applies the patch at `at`: `status_changed_at` moves only when the status does; new platforms
   * make `scripts.platforms` again for the scripts with a row for it, in this transaction. A patch
   * that changes nothing writes nothing. Undefined for a missing executor.
   */
  async update(id: number, patch: ExecutorPatch, at: string, within?: Within<{ row: ExecutorRow; before: ExecutorRow }>): Promise<ExecutorWrite | undefined> {
    return transact(this.db, async (trx) => {
      // New platforms move its scripts between facets: the shared counts' lock first.
      await lockCounts(trx, this.db.dialect, ['executors']);
      const before = await trx.selectFrom('executors').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return undefined;
      const current = rowValues(before);
      const next = { ...current, ...columnsOf(patch) };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== current[key]);
      if (changed.length === 0) return { row: before, before };
      if (changed.includes('slug') && (await slugTaken(trx, next.slug, id))) return { conflict: 'slug' as const };
      const row = await trx
        .updateTable('executors')
        .set({ ...next, updated_at: at, ...(changed.includes('status') ? { status_changed_at: at } : {}) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (changed.includes('platforms')) {
        const scripts = await scriptsOfExecutor(trx, id);
        await lockScripts(trx, this.db, scripts);
        await refreshPlatforms(trx, scripts);
      }
      await this.db.changes.record(trx, { kind: 'all' });
      await within?.(trx, { row, before });
      return { row, before };
    });
  }

  /**
   * Deletes the executor: its script_executors and vote rows go with it (ON DELETE CASCADE, whose
   * triggers take its executor_facets down), and the scripts that had a row get their platforms again.
   */
  async delete(id: number, within?: Within<ExecutorRow>): Promise<ExecutorRow | undefined> {
    return transact(this.db, async (trx) => {
      // Its rows leave executor_facets and its scripts' platforms move: the shared counts' lock first.
      await lockCounts(trx, this.db.dialect, ['executors']);
      const scripts = await scriptsOfExecutor(trx, id);
      // Its scripts' rows in id order, before the cascade and the platforms' updates (the order the flush takes them in).
      await lockScripts(trx, this.db, scripts);
      const row = await trx.deleteFrom('executors').where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) return undefined;
      await refreshPlatforms(trx, scripts);
      await this.db.changes.record(trx, { kind: 'all' });
      await within?.(trx, row);
      return row;
    });
  }
}

async function slugTaken(trx: Kysely<Database>, slug: string, exceptId?: number): Promise<boolean> {
  let query = trx.selectFrom('executors').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

type Columns = Pick<ExecutorRow, 'name' | 'slug' | 'platforms' | 'status' | 'version' | 'website' | 'free'>;

/** The row's editable columns, numbers as numbers (PostgreSQL may answer a bigint as text). */
function rowValues(row: ExecutorRow): Columns {
  return { name: row.name, slug: row.slug, platforms: Number(row.platforms), status: row.status, version: row.version, website: row.website, free: Number(row.free) };
}

/** The columns a create or patch sets, leaving out what it leaves undefined. */
function columnsOf(values: ExecutorPatch): Partial<Columns> {
  const { free, ...rest } = values;
  const columns: Partial<Columns> = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  if (free !== undefined) columns.free = free ? 1 : 0;
  return columns;
}
