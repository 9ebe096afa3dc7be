import { type ExpressionBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/types.ts';
import { badRequest } from '../shared/errors.ts';

// A script's types (script_type_links) as its saves write them and its reads list them
// (docs/decisions/0063-script-types.md). The links' copies of the script's facets are the triggers' work.

/**
 * The ids of the types a form named, in its order, read in the save's transaction (on PostgreSQL held
 * FOR KEY SHARE, so a type's delete waits for this commit); a slug no type has is a 400 naming it, and
 * the transaction writes nothing.
 */
export async function typeIdsOf(trx: Kysely<Database>, dialect: Dialect, slugs: readonly string[]): Promise<number[]> {
  if (slugs.length === 0) return [];
  let query = trx.selectFrom('script_types').select(['id', 'slug']).where('slug', 'in', [...slugs]);
  if (dialect === 'postgres') query = query.forKeyShare();
  const ids = new Map((await query.execute()).map((row) => [row.slug, Number(row.id)]));
  const unknown = slugs.find((slug) => !ids.has(slug));
  if (unknown !== undefined) throw badRequest(`types: no script type has the slug ${unknown}`, { types: `Unknown type: ${unknown}` });
  return slugs.map((slug) => ids.get(slug) as number);
}

/** Whether `ids` are the script's types now, in this order. */
export async function sameTypes(trx: Kysely<Database>, scriptId: number, ids: readonly number[]): Promise<boolean> {
  const rows = await trx.selectFrom('script_type_links').select('type_id').where('script_id', '=', scriptId).orderBy('position').execute();
  return rows.length === ids.length && rows.every((row, index) => Number(row.type_id) === ids[index]);
}

/** Makes `ids` the script's types, in this order: the links it no longer has go, the others are written again with their place. */
export async function writeTypes(trx: Kysely<Database>, scriptId: number, ids: readonly number[]): Promise<void> {
  let gone = trx.deleteFrom('script_type_links').where('script_id', '=', scriptId);
  if (ids.length > 0) gone = gone.where('type_id', 'not in', [...ids]);
  await gone.execute();
  if (ids.length === 0) return;
  await trx
    .insertInto('script_type_links')
    .values(ids.map((typeId, position) => ({ script_id: scriptId, type_id: typeId, position })))
    .onConflict((conflict) => conflict.columns(['script_id', 'type_id']).doUpdateSet({ position: (eb) => eb.ref('excluded.position') }))
    .execute();
}

/**
 * A listed script's types as one text (slugs joined by commas, in the script's order), read with the
 * row by its primary key's range: `typesOf` splits it.
 */
export function typesColumn(db: Kysely<Database>, eb: ExpressionBuilder<Database, 'scripts'>): RawBuilder<string | null> {
  const joined =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`string_agg(t.slug, ',' ORDER BY l.position, t.id)`
      : sql`group_concat(t.slug, ',' ORDER BY l.position, t.id)`;
  return sql<string | null>`(SELECT ${joined} FROM script_type_links AS l JOIN script_types AS t ON t.id = l.type_id WHERE l.script_id = ${eb.ref('scripts.id')})`;
}

/** The slugs `typesColumn` joined. */
export function typesOf(joined: string | null | undefined): string[] {
  return joined ? joined.split(',') : [];
}
