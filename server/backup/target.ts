import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/types.ts';
import { type Column, type ColumnKind, type ImageRecord, type Row, toSqliteTimestamp } from './format.ts';
import { readSchema } from './schema.ts';
import { type BackedUpTable, NOT_BACKED_UP, plannedTables } from './tables.ts';

/** Tables a forced restore empties besides the backed-up ones: images and the catalogue's own short-lived state. */
const EMPTIED_BY_FORCE = Object.keys(NOT_BACKED_UP).filter((name) => NOT_BACKED_UP[name]!.emptiedByForce);

/**
 * The restore's SQL, all inside its one transaction `trx` (docs/decisions/0023-backups.md): whether the
 * target holds a catalogue, emptying it (--force), loading rows, image rows and the id counters.
 */
export class RestoreTarget {
  private names: Promise<Set<string>> | undefined;
  private plan: Promise<BackedUpTable[]> | undefined;

  constructor(
    private readonly trx: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private get tables(): Promise<Set<string>> {
    return (this.names ??= this.tableNames());
  }

  /** The tables this catalogue backs up, in restore order (tables.ts), as its own schema has them. */
  private get backedUp(): Promise<BackedUpTable[]> {
    return (this.plan ??= readSchema(this.dialect, async (text, parameters = []) => (await this.trx.executeQuery(CompiledQuery.raw(text, parameters))).rows as Record<string, unknown>[]).then(plannedTables));
  }

  /** How this catalogue loads the archive's table `name`; undefined when it has no such table or backs none up by that name. */
  async table(name: string): Promise<BackedUpTable | undefined> {
    return (await this.backedUp).find((table) => table.name === name);
  }

  /** Rows per catalogue table that has any (the counters, which migrations fill, are left out). */
  async catalogueRows(): Promise<Record<string, number>> {
    const present = await this.tables;
    const found: Record<string, number> = {};
    for (const name of [...(await this.backedUp).filter((table) => table.load === 'insert').map((table) => table.name), 'images']) {
      if (!present.has(name)) continue;
      const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.id(name)}`.execute(this.trx);
      const count = Number(rows[0]?.n ?? 0);
      if (count > 0) found[name] = count;
    }
    return found;
  }

  /** Empties every catalogue table (--force); the counters are overwritten by the load. */
  async empty(): Promise<void> {
    const present = await this.tables;
    const backedUp = (await this.backedUp).filter((table) => table.load !== 'upsert').map((table) => table.name);
    const names = [...EMPTIED_BY_FORCE, ...backedUp.reverse()].filter((name) => present.has(name));
    if (this.dialect === 'postgres') {
      // One statement for tables that reference each other; TRUNCATE passes the moderation log's no-delete trigger.
      await sql`TRUNCATE TABLE ${sql.join(names.map((name) => sql.id(name)))}`.execute(this.trx);
      return;
    }
    // SQLite: the moderation log refuses deletes by trigger; it goes and comes back inside this transaction.
    const { rows: triggers } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'`.execute(this.trx);
    for (const trigger of triggers) await sql`DROP TRIGGER ${sql.id(trigger.name)}`.execute(this.trx);
    for (const name of names) await sql`DELETE FROM ${sql.id(name)}`.execute(this.trx);
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(this.trx);
  }

  /** The archive's columns the target lacks (an archive of a newer schema). */
  async missingColumns(table: string, columns: Column[]): Promise<string[]> {
    const query =
      this.dialect === 'postgres'
        ? sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`
        : sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`;
    const have = new Set((await query.execute(this.trx)).rows.map((row) => row.name));
    return columns.map(([name]) => name).filter((name) => !have.has(name));
  }

  /** Before a `replace` table's rows: what the triggers counted for the inserted scripts goes. */
  async clear(table: BackedUpTable): Promise<void> {
    await sql`DELETE FROM ${sql.id(table.name)}`.execute(this.trx);
  }

  async insert(table: BackedUpTable, columns: Column[], rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map((row) => sql`(${sql.join(row.map((value, index) => this.value(columns[index]![1], value)))})`);
    const names = sql.join(columns.map(([name]) => sql.id(name)));
    const updates = columns.map(([name]) => name).filter((name) => !table.key.includes(name));
    const conflict =
      table.load === 'upsert'
        ? sql` ON CONFLICT (${sql.join(table.key.map((name) => sql.id(name)))}) DO UPDATE SET ${sql.join(updates.map((name) => sql`${sql.id(name)} = excluded.${sql.id(name)}`))}`
        : sql``;
    await sql`INSERT INTO ${sql.id(table.name)} (${names}) VALUES ${sql.join(values)}${conflict}`.execute(this.trx);
  }

  /** An image as a row of `images` (IMAGE_STORAGE=database). */
  async insertImage(image: ImageRecord, now: string): Promise<void> {
    const createdAt = image.createdAt === null ? now : this.value('timestamp', image.createdAt);
    await sql`INSERT INTO images (key, detail, card, created_at) VALUES (${image.key}, ${Buffer.from(image.detail, 'base64')}, ${Buffer.from(image.card, 'base64')}, ${createdAt})
      ON CONFLICT (key) DO NOTHING`.execute(this.trx);
  }

  /** Each identity table's counter: past the archive's (ids deleted on the source stay unused) and past every loaded id. */
  async setSequences(values: Record<string, number>): Promise<void> {
    for (const table of (await this.backedUp).filter((entry) => entry.identity)) {
      const { rows } = await sql<{ top: number | string | null }>`SELECT max(id) AS top FROM ${sql.id(table.name)}`.execute(this.trx);
      const last = Math.max(values[table.name] ?? 0, Number(rows[0]?.top ?? 0));
      if (this.dialect === 'postgres') {
        await sql`SELECT setval(pg_get_serial_sequence(${table.name}, 'id'), ${Math.max(last, 1)}, ${last > 0})`.execute(this.trx);
        continue;
      }
      await sql`DELETE FROM sqlite_sequence WHERE name = ${table.name}`.execute(this.trx);
      if (last > 0) await sql`INSERT INTO sqlite_sequence (name, seq) VALUES (${table.name}, ${last})`.execute(this.trx);
    }
  }

  /** A value of the archive as the target stores it: SQLite keeps timestamps as millisecond ISO text. */
  private value(kind: ColumnKind, value: unknown): unknown {
    if (value === null) return null;
    if (kind === 'bytes') return Buffer.from(String(value), 'base64');
    if (kind === 'timestamp' && this.dialect === 'sqlite') return toSqliteTimestamp(String(value));
    return value;
  }

  private async tableNames(): Promise<Set<string>> {
    const query =
      this.dialect === 'postgres'
        ? sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`
        : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`;
    return new Set((await query.execute(this.trx)).rows.map((row) => row.name));
  }
}
