import pg from 'pg';
import { type Column, encodeValue, fromPostgresTimestamp, type ImageRecord, postgresKind, type Row } from './format.ts';
import { quoteId, REFERENCED_KEYS, ROW_BATCH, type Snapshot, type SnapshotTable } from './snapshot.ts';
import { readSchema } from './schema.ts';
import { plannedTables } from './tables.ts';

const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const INT8 = 20;

/** Timestamps as PostgreSQL writes them (microseconds kept, turned into ISO by fromPostgresTimestamp); bigints as numbers. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === TIMESTAMPTZ || oid === TIMESTAMP) return (text: string) => fromPostgresTimestamp(text);
    if (oid === INT8) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** Images per fetch: each row holds both renditions. */
const IMAGE_BATCH = 4;

/**
 * A `REPEATABLE READ READ ONLY` transaction on a client of its own: one snapshot for every read, no
 * lock a writer waits for. Rows come through a cursor, a batch per round trip.
 */
export async function openPostgresSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url, types });
  // A connection lost mid-backup fails the query in progress; the event must not end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query("SET TIME ZONE 'UTC'");
    await client.query('SET DateStyle = ISO');
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const schema = await readSchema('postgres', async (text, parameters) => (await client.query(text, parameters)).rows as Record<string, unknown>[]);
    if (!schema.some((table) => table.name === 'kysely_migration')) throw new Error('The database is not a catalogue database (it has no migrations)');
    const plan = plannedTables(schema);
    const migration = (await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1')).rows[0]?.name ?? null;
    const tables: SnapshotTable[] = [];
    for (const spec of plan) tables.push({ spec, columns: await columnsOf(client, spec.name) });
    return new PostgresSnapshot(client, migration, tables);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/** A table's stored columns; a generated one (script_executors.works) is the database's to compute, as SQLite's table_info leaves it out. */
async function columnsOf(client: pg.Client, table: string): Promise<Column[]> {
  const { rows } = await client.query<{ column_name: string; data_type: string }>(
    "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position",
    [table],
  );
  return rows.map((row) => [row.column_name, postgresKind(row.data_type, `${table}.${row.column_name}`)]);
}

class PostgresSnapshot implements Snapshot {
  readonly database = 'postgres';
  private cursors = 0;

  constructor(
    private readonly client: pg.Client,
    readonly migration: string | null,
    readonly tables: SnapshotTable[],
  ) {}

  async *rows(table: SnapshotTable): AsyncIterable<Row[]> {
    const columns = table.columns.map(([name]) => quoteId(name)).join(', ');
    const order = table.spec.key.map(quoteId).join(', ');
    for await (const raw of this.cursor(`SELECT ${columns} FROM ${quoteId(table.spec.name)} ORDER BY ${order}`, ROW_BATCH)) {
      yield raw.map((row) => row.map((value, index) => encodeValue(table.columns[index]![1], value)));
    }
  }

  async sequences(): Promise<Record<string, number>> {
    const values: Record<string, number> = {};
    for (const table of this.tables.filter((entry) => entry.spec.identity)) {
      const { rows } = await this.client.query<{ value: number | null }>(
        "SELECT (SELECT last_value FROM pg_sequences WHERE format('%I.%I', schemaname, sequencename) = pg_get_serial_sequence($1, 'id')) AS value",
        [table.spec.name],
      );
      values[table.spec.name] = Number(rows[0]?.value ?? 0);
    }
    return values;
  }

  async referencedImageKeys(): Promise<string[]> {
    const { rows } = await this.client.query<{ image_key: string }>(REFERENCED_KEYS);
    return rows.map((row) => row.image_key);
  }

  async *imageRows(): AsyncIterable<ImageRecord> {
    const query = `SELECT key, detail, card, created_at FROM images WHERE key IN (${REFERENCED_KEYS}) ORDER BY key`;
    for await (const batch of this.cursor(query, IMAGE_BATCH)) {
      for (const [key, detail, card, createdAt] of batch as [string, Buffer, Buffer, string][]) {
        yield { type: 'image', key, detail: detail.toString('base64'), card: card.toString('base64'), createdAt };
      }
    }
  }

  /** A cursor inside the snapshot's transaction, fetched `size` rows at a time. */
  private async *cursor(query: string, size: number): AsyncIterable<unknown[][]> {
    const name = `backup_cursor_${(this.cursors += 1)}`;
    await this.client.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${query}`);
    try {
      for (;;) {
        const { rows } = await this.client.query<unknown[]>({ text: `FETCH ${size} FROM ${name}`, rowMode: 'array' });
        if (rows.length === 0) return;
        yield rows;
      }
    } finally {
      await this.client.query(`CLOSE ${name}`).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.client.query('COMMIT').catch(() => undefined);
    await this.client.end().catch(() => undefined);
  }
}
