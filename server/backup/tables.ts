import type { SchemaTable } from './schema.ts';

/**
 * Which tables a backup holds and how a restore loads them (docs/decisions/0023-backups.md,
 * docs/decisions/0058-lists-follow-schema.md): every table of the migrated schema except those
 * declared in NOT_BACKED_UP, read from the database's own catalogue (schema.ts). Nothing here names
 * a table that is backed up the ordinary way, so a new table needs no entry.
 */
export interface BackedUpTable {
  name: string;
  /** The primary key: rows are written in its order. */
  key: string[];
  /** An `id` column numbered by the database (AUTOINCREMENT / identity): its counter is restored too. */
  identity?: boolean;
  /**
   * How the archive's rows land. `insert`: plain rows. `replace`: counts kept by triggers, which the
   * inserted scripts already moved; the snapshot's own rows replace them. `upsert`: named counters the
   * migrations create; the snapshot's values overwrite them.
   */
  load: 'insert' | 'replace' | 'upsert';
}

export interface NotBackedUp {
  why: string;
  /** Whether a forced restore empties it with the catalogue it replaces (the catalogue's short-lived state does go). */
  emptiedByForce: boolean;
}

/** Tables left out of a backup, each with why. `images` is not a table of the archive: the images the snapshot's scripts and games name are its own records, whichever storage held them. */
export const NOT_BACKED_UP: Readonly<Record<string, NotBackedUp>> = {
  images: { why: 'kept as image records (the referenced ones), whichever storage held them', emptiedByForce: true },
  sessions: { why: 'staff log in again after a restore; tokens are not carried to another database', emptiedByForce: true },
  login_failures: { why: 'the login throttle: minutes of memory', emptiedByForce: true },
  script_view_marks: { why: 'one view per visitor a day: a day of memory', emptiedByForce: true },
  script_vote_changes: { why: 'the hourly vote limit: an hour of memory', emptiedByForce: true },
  script_run_marks: { why: 'one run per address a day: two days of memory', emptiedByForce: true },
  idempotency_keys: { why: 'answers kept 24 hours for clients retrying a create or a vote; a restored catalogue is a new history', emptiedByForce: false },
  catalogue_changes: { why: 'SQLite journal between processes: read within seconds', emptiedByForce: false },
  kysely_migration: { why: 'the migrations’ bookkeeping: the target is migrated by its own version; the archive names the newest migration', emptiedByForce: false },
  kysely_migration_lock: { why: 'the migrations’ lock', emptiedByForce: false },
};

/**
 * Tables whose rows triggers keep as other tables are written (the catalogue's counts): loaded after
 * every other table, so the archive's numbers are the last word over what the triggers counted.
 */
export const KEPT_BY_TRIGGERS: Readonly<Record<string, 'replace' | 'upsert'>> = {
  catalogue_counts: 'upsert',
  script_facets: 'replace',
  executor_facets: 'replace',
  type_facets: 'replace',
};

/** The tables a backup of `schema` holds, in restore order, or why it cannot be taken. */
export interface BackupPlan {
  tables: BackedUpTable[];
  /** Tables a backup could not hold (no primary key to order their rows by, or references in a cycle); each names its table. */
  problems: string[];
}

export function backupPlan(schema: SchemaTable[]): BackupPlan {
  const candidates = schema.filter((table) => !Object.hasOwn(NOT_BACKED_UP, table.name));
  const problems = candidates
    .filter((table) => table.key.length === 0)
    .map((table) => `${table.name} has no primary key: give it one, or declare it in NOT_BACKED_UP (server/backup/tables.ts) with the reason`);
  const ordered = restoreOrder(candidates.filter((table) => table.key.length > 0));
  problems.push(...ordered.cycle.map((name) => `${name} references tables that reference it back: a restore has no order to load them in`));
  const tables = ordered.tables.map((table) => ({
    name: table.name,
    key: table.key,
    ...(table.identity ? { identity: true } : {}),
    load: Object.hasOwn(KEPT_BY_TRIGGERS, table.name) ? KEPT_BY_TRIGGERS[table.name]! : ('insert' as const),
  }));
  return { tables, problems };
}

/** The tables a backup of `schema` holds, in restore order; a table it cannot hold stops the backup, named. */
export function plannedTables(schema: SchemaTable[]): BackedUpTable[] {
  const { tables, problems } = backupPlan(schema);
  if (problems.length > 0) throw new Error(`Backups cannot hold every table: ${problems.join('; ')}`);
  return tables;
}

/** Tables in an order where each comes after every table it references, by name where free; the triggers' tables last. */
function restoreOrder(tables: SchemaTable[]): { tables: SchemaTable[]; cycle: string[] } {
  const names = new Set(tables.map((table) => table.name));
  const last = (table: SchemaTable) => Object.hasOwn(KEPT_BY_TRIGGERS, table.name);
  const waiting = new Map(tables.map((table) => [table.name, new Set(table.references.filter((name) => name !== table.name && names.has(name)))]));
  const done: SchemaTable[] = [];
  const sorted = [...tables].sort((a, b) => Number(last(a)) - Number(last(b)) || a.name.localeCompare(b.name));
  while (done.length < tables.length) {
    const next = sorted.find((table) => !done.includes(table) && waiting.get(table.name)!.size === 0);
    if (!next) return { tables: done, cycle: sorted.filter((table) => !done.includes(table)).map((table) => table.name) };
    done.push(next);
    for (const pending of waiting.values()) pending.delete(next.name);
  }
  return { tables: done, cycle: [] };
}

/** Whether an archive may hold `name` as a table: a table name a backup would write. */
export function isArchivedTableName(name: unknown): name is string {
  return typeof name === 'string' && /^[a-z_][a-z0-9_]{0,62}$/.test(name) && !Object.hasOwn(NOT_BACKED_UP, name);
}
