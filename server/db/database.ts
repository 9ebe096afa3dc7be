import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../shared/config.ts';
import { ChangeFeed } from './change-feed.ts';
import { handlePoolErrors, ResilientPostgresDialect } from './postgres-driver.ts';
import { gramTokens } from './grams.ts';
import { SQLITE_BUSY_TIMEOUT_MS, TransactionalSqliteDialect, WRITE_LOCK_WAIT_MS } from './sqlite-dialect.ts';
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
  /** PostgreSQL's connection pool at this moment (null on SQLite): requests waiting for a connection mean the pool is the bottleneck. */
  poolFigures(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

// PostgreSQL's bigint (count(*), epoch ms) arrives as text; these values stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

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

export interface OpenOptions {
  /** How long a SQLite writer waits for the write lock before its request is answered 503. */
  writeLockWaitMs?: number;
}

export function openDatabase(database: Config['database'], options: OpenOptions = {}): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // A connection cut by the server (restart, failover, pg_terminate_backend) must not end the
    // process, idle or checked out: the pool drops it and the next query connects again; a
    // request that met it is tried again where that is safe (docs/decisions/0027-database-faults-are-answers.md).
    handlePoolErrors(pool);
    const kysely = new Kysely<Database>({ dialect: new ResilientPostgresDialect(pool, { readsOnly: false, ownsPool: true }) });
    const reader = new Kysely<Database>({ dialect: new ResilientPostgresDialect(pool, { readsOnly: true, ownsPool: false }) });
    return {
      kysely,
      reader,
      dialect: 'postgres',
      changes: new ChangeFeed({ dialect: 'postgres', url: database.url }),
      poolFigures: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await reader.destroy();
        await kysely.destroy();
      },
    };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const connection = new SQLite(database.file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  // Longer waits for the write lock are asynchronous (sqlite-dialect.ts): this one blocks the event loop.
  connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  cacheStatements(connection);
  // The gram index's triggers call it on every write of a script's search text.
  connection.function('script_grams', { deterministic: true }, (text) => gramTokens(String(text ?? '')));
  const kysely = new Kysely<Database>({ dialect: new TransactionalSqliteDialect(connection, options.writeLockWaitMs ?? WRITE_LOCK_WAIT_MS) });
  const reader = new Kysely<Database>({ dialect: new SqliteReadDialect(new ReadPool(database.file, READ_WORKERS)) });
  return {
    kysely,
    reader,
    dialect: 'sqlite',
    changes: new ChangeFeed({ dialect: 'sqlite', db: kysely }),
    poolFigures: () => null,
    close: async () => {
      await reader.destroy();
      await kysely.destroy();
    },
  };
}

/** The health check's question: does the database answer? Throws when it does not. */
export async function ping(db: Db): Promise<void> {
  // Through the reader on PostgreSQL: a read, tried again on a fresh connection if the first was cut.
  await sql`select 1`.execute(db.dialect === 'postgres' ? db.reader : db.kysely);
}
