import type { ScriptSort } from '../../contract/index.ts';
import { type Keyset, sortKeyColumns } from '../db/listing.ts';
import { badRequest } from '../shared/errors.ts';
import type { ListedScriptRow } from '../scripts/listed-rows.ts';

/**
 * The integrator API's opaque cursor (docs/decisions/0062-integrator-api.md): the order it walks (a
 * sort, or `since` for updatedSince's oldest change first) and the last row's values of that order's
 * columns, the id last, as base64url JSON. The next page is the rows after that position: a keyset,
 * never an offset, so writes between two pages neither repeat nor skip a row whose place did not move.
 */
export type CursorOrder = ScriptSort | 'since';

/** The columns each order reads (`since`: updated_at then id, ascending). */
function columnsOf(order: CursorOrder): readonly string[] {
  return order === 'since' ? ['updated_at', 'id'] : sortKeyColumns(order);
}

const isTime = (column: string) => column.endsWith('_at');
/** Columns stored as int4 on PostgreSQL: a larger number would be an error there, not a position. */
const INTEGER_COLUMNS = new Set(['id', 'views']);
const INT4_MAX = 2_147_483_647;
/** Instants both databases store: from 1970 to 9999 (PostgreSQL has no year 0; SQLite compares the text). */
const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A stored value as the cursor keeps it: times as ISO 8601 (the stored spelling), numbers as numbers. */
function keyValue(column: string, value: unknown): string | number {
  if (isTime(column)) return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
  return Number(value);
}

export function encodeCursor(order: CursorOrder, row: ListedScriptRow): string {
  const values = columnsOf(order).map((column) => keyValue(column, (row as unknown as Record<string, unknown>)[column]));
  return Buffer.from(JSON.stringify([order, ...values])).toString('base64url');
}

const badCursor = () => badRequest('cursor: not a nextCursor of this list', { cursor: 'Not a nextCursor of this list' });

/**
 * The position a cursor names, checked value by value (a time a valid ISO 8601 instant, a number
 * finite, the id a whole number), so nothing but a well-formed position reaches SQL. A cursor of
 * another order (the sort changed, or updatedSince came or went) is refused.
 */
export function decodeCursor(order: CursorOrder, cursor: string): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const columns = columnsOf(order);
  if (!Array.isArray(parsed) || parsed[0] !== order || parsed.length !== columns.length + 1) throw badCursor();
  const values = parsed.slice(1) as unknown[];
  return columns.map((column, i) => {
    const value = values[i];
    if (isTime(column)) {
      const instant = typeof value === 'string' && value.length <= 40 ? Date.parse(value) : Number.NaN;
      if (!(instant >= 0 && instant <= LATEST_INSTANT)) throw badCursor();
      return new Date(instant).toISOString();
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) throw badCursor();
    if (INTEGER_COLUMNS.has(column) && !(Number.isInteger(value) && Math.abs(value) <= INT4_MAX)) throw badCursor();
    return value;
  });
}
