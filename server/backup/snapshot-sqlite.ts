import fs from 'node:fs';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { type Column, encodeValue, type ImageRecord, type Row, sqliteKind } from './format.ts';
import { BATCH_CHARACTERS, quoteId, REFERENCED_KEYS, ROW_BATCH, rowCharacters, type Snapshot, type SnapshotTable } from './snapshot.ts';
import { readSchema } from './schema.ts';
import { plannedTables } from './tables.ts';

/**
 * A read transaction on a connection of its own (read-only): in WAL mode the server's writers go on
 * while it reads, and it sees the database as of its first read. Reads are synchronous, so they run
 * a batch at a time with the event loop free between batches.
 */
export async function openSqliteSnapshot(file: string): Promise<Snapshot> {
  if (!fs.existsSync(file)) throw new Error(`There is no database at ${file} (check DATA_DIR)`);
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 5000');
    connection.exec('BEGIN');
    // The first read starts the transaction's snapshot.
    const schema = await readSchema('sqlite', async (text, parameters = []) => connection.prepare(text).all(...parameters) as Record<string, unknown>[]);
    if (!schema.some((table) => table.name === 'kysely_migration')) throw new Error(`${file} is not a catalogue database (it has no migrations)`);
    const plan = plannedTables(schema);
    const migration = (connection.prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1').pluck().get() as string | undefined) ?? null;
    const tables = plan.map((spec) => ({ spec, columns: columnsOf(connection, spec.name) }));
    return new SqliteSnapshot(connection, migration, tables);
  } catch (error) {
    connection.close();
    throw error;
  }
}

function columnsOf(connection: SQLite.Database, table: string): Column[] {
  const rows = connection.prepare('SELECT name, type FROM pragma_table_info(?) ORDER BY cid').all(table) as { name: string; type: string }[];
  return rows.map((row) => [row.name, sqliteKind(row.type)]);
}

class SqliteSnapshot implements Snapshot {
  readonly database = 'sqlite';

  constructor(
    private readonly connection: SQLite.Database,
    readonly migration: string | null,
    readonly tables: SnapshotTable[],
  ) {}

  async *rows(table: SnapshotTable): AsyncIterable<Row[]> {
    const columns = table.columns.map(([name]) => quoteId(name)).join(', ');
    const order = table.spec.key.map(quoteId).join(', ');
    const statement = this.connection.prepare(`SELECT ${columns} FROM ${quoteId(table.spec.name)} ORDER BY ${order}`).raw(true);
    let batch: Row[] = [];
    let characters = 0;
    for (const raw of statement.iterate() as Iterable<unknown[]>) {
      const row = raw.map((value, index) => encodeValue(table.columns[index]![1], value));
      batch.push(row);
      characters += rowCharacters(row);
      if (batch.length < ROW_BATCH && characters < BATCH_CHARACTERS) continue;
      yield batch;
      batch = [];
      characters = 0;
      await yieldToEventLoop();
    }
    if (batch.length > 0) yield batch;
  }

  async sequences(): Promise<Record<string, number>> {
    const rows = this.connection.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[];
    const identity = new Set(this.tables.filter((table) => table.spec.identity).map((table) => table.spec.name));
    return Object.fromEntries(rows.filter((row) => identity.has(row.name)).map((row) => [row.name, Number(row.seq)]));
  }

  async referencedImageKeys(): Promise<string[]> {
    return this.connection.prepare(REFERENCED_KEYS).pluck().all() as string[];
  }

  async *imageRows(): AsyncIterable<ImageRecord> {
    const statement = this.connection.prepare(`SELECT key, detail, card, created_at FROM images WHERE key IN (${REFERENCED_KEYS}) ORDER BY key`);
    for (const row of statement.iterate() as Iterable<{ key: string; detail: Buffer; card: Buffer; created_at: string }>) {
      yield { type: 'image', key: row.key, detail: row.detail.toString('base64'), card: row.card.toString('base64'), createdAt: row.created_at };
      await yieldToEventLoop();
    }
  }

  async close(): Promise<void> {
    if (!this.connection.open) return;
    if (this.connection.inTransaction) this.connection.exec('COMMIT');
    this.connection.close();
  }
}
