import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type DatabaseConnection, Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, SqliteDriver, CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { ChangeFeed } from './change-feed.ts';
import { gramTokens } from './search.ts';
import { ReadPool, SqliteReadDialect } from './sqlite-reader.ts';
import type { Database } from './types.ts';

/** SQLite read workers: two, so one long read never queues the next behind it. */
const READ_WORKERS = 2;

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  /** Writes, and reads that belong to a write. */
  kysely: Kysely<Database>;
  /** Reads whose cost grows with the catalogue (searches, pages, counts): on SQLite, off the event loop. */
  reader: Kysely<Database>;
  dialect: Dialect;
  /** Catalogue writes record their change here; every process sharing the database learns of it. */
  changes: ChangeFeed;
  close(): Promise<void>;
}

// PostgreSQL's bigint (count(*), epoch ms) arrives as text; these values stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * SQLite does roll back schema changes inside a transaction; Kysely's adapter just doesn't claim it.
 * Claiming it makes the migrator wrap each migration in a transaction, so a failed one leaves nothing.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Write transactions take SQLite's write lock when they begin, not at their first write: a
 * transaction that reads, then writes (a throttle check, an image reference check) is then never
 * interleaved with another process's writer, and never fails to upgrade its lock mid-way.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  constructor(private readonly config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
  }

  override createAdapter() {
    return new TransactionalSqliteAdapter();
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.config);
  }
}

/**
 * Kysely's SQLite driver prepares every query anew; the server runs the same few shapes thousands of
 * times a second, and preparing cost a tenth of a cold page's time. Statements are reused by SQL text
 * (SQLite re-prepares one itself if the schema changes).
 */
function cacheStatements(connection: SQLite.Database, max = 500) {
  const prepare = connection.prepare.bind(connection);
  const statements = new Map<string, SQLite.Statement>();
  connection.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= max) statements.clear();
      statement = prepare(source);
      statements.set(source, statement);
    }
    return statement;
  }) as typeof connection.prepare;
}

export function openDatabase(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection cut by the server (restart, failover) must not crash the process: the pool
    // drops it and the next query reconnects.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, reader: kysely, dialect: 'postgres', changes: new ChangeFeed({ dialect: 'postgres', url: database.url }), close: () => kysely.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const connection = new SQLite(database.file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  cacheStatements(connection);
  // The gram index's triggers call it on every write of a script's search text.
  connection.function('script_grams', { deterministic: true }, (text) => gramTokens(String(text ?? '')));
  const kysely = new Kysely<Database>({ dialect: new TransactionalSqliteDialect({ database: connection }) });
  const reader = new Kysely<Database>({ dialect: new SqliteReadDialect(new ReadPool(database.file, READ_WORKERS)) });
  return {
    kysely,
    reader,
    dialect: 'sqlite',
    changes: new ChangeFeed({ dialect: 'sqlite', db: kysely }),
    close: async () => {
      await reader.destroy();
      await kysely.destroy();
    },
  };
}

/** The health check's question: does the database answer? Throws when it does not. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
