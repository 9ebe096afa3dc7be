import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/types.ts';

/** One executor's data on one script, as read for its compatibility table. */
export interface CompatibilityRow {
  executor_id: number;
  slug: string;
  name: string;
  platforms: number;
  status: string;
  tested: number;
  works_yes: number;
  works_no: number;
}

/** Reads of `script_executors` (docs/decisions/0039-executors-and-compatibility.md); its writes: compatibility-writes.ts. */
export class CompatibilityRepository {
  constructor(private readonly db: Db) {}

  /** The script's rows with any data: working executors first, then by name. */
  async ofScript(scriptId: number, k: Kysely<Database> = this.db.kysely): Promise<CompatibilityRow[]> {
    const rows = await k
      .selectFrom('script_executors as se')
      .innerJoin('executors as e', 'e.id', 'se.executor_id')
      .select(['se.executor_id', 'e.slug', 'e.name', 'e.platforms', 'e.status', 'se.tested', 'se.works_yes', 'se.works_no'])
      .where('se.script_id', '=', scriptId)
      .where((eb) => eb.or([eb('se.tested', '=', 1), eb('se.works_yes', '>', 0), eb('se.works_no', '>', 0)]))
      .execute();
    const rank = (status: string) => (status === 'working' ? 0 : status === 'updating' ? 1 : 2);
    return rows
      .map((row) => ({ ...row, executor_id: Number(row.executor_id), platforms: Number(row.platforms), tested: Number(row.tested), works_yes: Number(row.works_yes), works_no: Number(row.works_no) }))
      .sort((a, b) => rank(a.status) - rank(b.status) || a.name.localeCompare(b.name, 'en'));
  }

  /** Executor ids by slug, for the slugs that name one (a caller reports the rest as unknown). */
  async idsBySlug(slugs: readonly string[]): Promise<Map<string, number>> {
    if (slugs.length === 0) return new Map();
    const rows = await this.db.kysely.selectFrom('executors').select(['id', 'slug']).where('slug', 'in', [...new Set(slugs)]).execute();
    return new Map(rows.map((row) => [row.slug, Number(row.id)]));
  }
}
