/**
 * The tables of a migrated catalogue as its own catalogue describes them (docs/decisions/0058-lists-follow-schema.md):
 * names, primary keys, the tables each references, and whether the database numbers its `id`. Backups
 * derive from this which tables they hold and in which order a restore loads them (tables.ts), so a
 * table a migration adds is backed up without a list to edit.
 */
export interface SchemaTable {
  name: string;
  /** The primary key's columns in its order; empty for a table without one. */
  key: string[];
  /** An `id` the database numbers (SQLite AUTOINCREMENT, a PostgreSQL identity or serial): its counter is backed up too. */
  identity: boolean;
  /** Tables its foreign keys name (itself included when it references itself). */
  references: string[];
}

/** Runs one catalogue query: the snapshot's own connection, or the restore's transaction. */
export type CatalogueQuery = (text: string, parameters?: unknown[]) => Promise<Record<string, unknown>[]>;

export async function readSchema(dialect: 'sqlite' | 'postgres', query: CatalogueQuery): Promise<SchemaTable[]> {
  return dialect === 'postgres' ? readPostgres(query) : readSqlite(query);
}

/**
 * Ordinary tables only: FTS5's virtual tables and the tables that store them (named `<virtual>_…`),
 * which the insert triggers rebuild, and SQLite's own (`sqlite_*`) are none of the catalogue's.
 */
async function readSqlite(query: CatalogueQuery): Promise<SchemaTable[]> {
  const all = (await query("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")) as { name: string; sql: string | null }[];
  const virtual = all.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? '')).map((table) => table.name);
  const tables = all.filter(({ name }) => !name.startsWith('sqlite_') && !virtual.some((owner) => name === owner || name.startsWith(`${owner}_`)));
  const read: SchemaTable[] = [];
  for (const { name, sql } of tables) {
    const key = (await query('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk', [name])).map((row) => String(row.name));
    const references = (await query('SELECT DISTINCT "table" AS name FROM pragma_foreign_key_list(?)', [name])).map((row) => String(row.name));
    read.push({ name, key, identity: /\bAUTOINCREMENT\b/i.test(sql ?? ''), references });
  }
  return read;
}

async function readPostgres(query: CatalogueQuery): Promise<SchemaTable[]> {
  const names = await query("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name");
  const keys = await query(
    `SELECT k.table_name AS owner, k.column_name AS name FROM information_schema.table_constraints AS c
      JOIN information_schema.key_column_usage AS k ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name AND k.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND c.constraint_type = 'PRIMARY KEY' ORDER BY k.table_name, k.ordinal_position`,
  );
  const references = await query(
    `SELECT t.relname AS owner, r.relname AS name FROM pg_constraint AS f
      JOIN pg_class AS t ON t.oid = f.conrelid JOIN pg_class AS r ON r.oid = f.confrelid JOIN pg_namespace AS n ON n.oid = t.relnamespace
      WHERE f.contype = 'f' AND n.nspname = current_schema()`,
  );
  const identities = await query(
    "SELECT table_name AS owner FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id' AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')",
  );
  const of = (rows: Record<string, unknown>[], table: string) => rows.filter((row) => row.owner === table).map((row) => String(row.name));
  return names.map(({ name }) => {
    const table = String(name);
    return { name: table, key: of(keys, table), identity: identities.some((row) => row.owner === table), references: [...new Set(of(references, table))] };
  });
}
