import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { lockCounts, lockKeys } from '../db/locks.ts';
import { transact } from '../db/transact.ts';
import type { Database, ScriptTypeRow } from '../db/types.ts';
import type { Within } from '../db/within.ts';

/** A type with how many visible scripts have it. */
export type ScriptTypeWithCount = ScriptTypeRow & { scripts: number };

/** The columns a create sets (the timestamps are the write's `at`); a position left out goes after the others. */
export interface NewScriptType {
  slug: string;
  name: string;
  name_en: string;
  name_ru: string;
  position?: number | undefined;
}

/** A patch: a field left undefined keeps its value. */
export type ScriptTypePatch = Partial<NewScriptType>;

/** The outcome of a write that may meet another type's slug. */
export type ScriptTypeWrite = { row: ScriptTypeRow; before?: ScriptTypeRow } | { conflict: 'slug' };

/** By position, then name, then id: sorted here so both databases answer one order whatever their collation. */
function byListOrder(a: ScriptTypeRow, b: ScriptTypeRow): number {
  return Number(a.position) - Number(b.position) || a.name.localeCompare(b.name, 'en') || Number(a.id) - Number(b.id);
}

const EDITABLE = ['slug', 'name', 'name_en', 'name_ru', 'position'] as const;

/**
 * All SQL about the admin's script types (docs/decisions/0063-script-types.md). A create takes the
 * `script-types` lock; an edit or delete the shared counts' lock first (a delete takes its links out
 * of `type_facets`), so the slug check and the write see no concurrent one. Each records
 * `{ kind: 'all' }` in its transaction: a type's name shows on cards, script pages and the filter form.
 */
export class ScriptTypeRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<ScriptTypeRow[]> {
    const rows = await this.db.reader.selectFrom('script_types').selectAll().execute();
    return rows.sort(byListOrder);
  }

  /** The type with this slug and its count of visible scripts, from type_facets (kept by triggers). */
  async findBySlugWithCount(slug: string): Promise<ScriptTypeWithCount | undefined> {
    const row = await this.db.reader.selectFrom('script_types').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!row) return undefined;
    const count = await this.db.reader
      .selectFrom('type_facets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('scripts'), eb.lit(0)).as('n'))
      .where('type_id', '=', row.id)
      .executeTakeFirstOrThrow();
    return { ...row, scripts: Number(count.n) };
  }

  async create(type: NewScriptType, at: string, within?: Within<ScriptTypeRow>): Promise<ScriptTypeWrite> {
    return transact(this.db, async (trx) => {
      await lockKeys(trx, this.db.dialect, ['script-types']);
      if (await slugTaken(trx, type.slug)) return { conflict: 'slug' as const };
      const position = type.position ?? (await nextPosition(trx));
      const row = await trx
        .insertInto('script_types')
        .values({ ...type, position, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.db.changes.record(trx, { kind: 'all' });
      await within?.(trx, row);
      return { row };
    });
  }

  /** Applies the patch at `at`; a patch that changes nothing writes nothing. Undefined for a missing type. */
  async update(id: number, patch: ScriptTypePatch, at: string, within?: Within<{ row: ScriptTypeRow; before: ScriptTypeRow }>): Promise<ScriptTypeWrite | undefined> {
    return transact(this.db, async (trx) => {
      await lockCounts(trx, this.db.dialect, ['script-types']);
      const before = await trx.selectFrom('script_types').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return undefined;
      const changed = EDITABLE.filter((key) => patch[key] !== undefined && patch[key] !== (key === 'position' ? Number(before.position) : before[key]));
      if (changed.length === 0) return { row: before, before };
      if (changed.includes('slug') && (await slugTaken(trx, patch.slug as string, id))) return { conflict: 'slug' as const };
      const set = Object.fromEntries(changed.map((key) => [key, patch[key]]));
      const row = await trx.updateTable('script_types').set({ ...set, updated_at: at }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      await this.db.changes.record(trx, { kind: 'all' });
      await within?.(trx, { row, before });
      return { row, before };
    });
  }

  /** Deletes the type: its links go with it (ON DELETE CASCADE, whose triggers take its type_facets down). */
  async delete(id: number, within?: Within<ScriptTypeRow>): Promise<ScriptTypeRow | undefined> {
    return transact(this.db, async (trx) => {
      await lockCounts(trx, this.db.dialect, ['script-types']);
      const row = await trx.deleteFrom('script_types').where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) return undefined;
      await this.db.changes.record(trx, { kind: 'all' });
      await within?.(trx, row);
      return row;
    });
  }
}

async function slugTaken(trx: Kysely<Database>, slug: string, exceptId?: number): Promise<boolean> {
  let query = trx.selectFrom('script_types').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function nextPosition(trx: Kysely<Database>): Promise<number> {
  const row = await trx
    .selectFrom('script_types')
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .executeTakeFirst();
  return row?.last == null ? 0 : Number(row.last) + 1;
}
