import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SqliteAdapter, SqliteDialect } from 'kysely';
import { isDatabaseBusy } from './faults.ts';

/**
 * How long a writer waits for SQLite's write lock, held by another process (the other workers, a CLI),
 * before its request is answered 503 with Retry-After (docs/decisions/0027-database-faults-are-answers.md).
 */
export const WRITE_LOCK_WAIT_MS = 10_000;
/**
 * SQLite's own busy handler waits this long inside a statement. It sleeps on the calling thread, which
 * is the event loop's, so it is kept short; longer waits are the asynchronous ones below.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5;
/** Pause between tries for the lock: short at first (most writes take a millisecond), then longer. */
const BACKOFF_MS = [1, 2, 5, 10, 20, 50];
/** Prepared statements kept per connection (as the read workers keep). */
const MAX_STATEMENTS = 500;

/**
 * SQLite does roll back schema changes inside a transaction; Kysely's adapter just doesn't claim it.
 * Claiming it makes the migrator wrap each migration in a transaction, so a failed one leaves nothing.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** One user of the connection at a time (Kysely's SQLite driver lends its one connection the same way). */
class Mutex {
  private held: Promise<void> | undefined;
  private free: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.free = resolve));
  }

  unlock(): void {
    const free = this.free;
    this.held = undefined;
    this.free = undefined;
    free?.();
  }
}

const pause = (attempt: number, deadline: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] as number, Math.max(0, deadline - Date.now()))));

/**
 * The one connection, lent to one user at a time. A statement that finds the database locked by
 * another process runs again after a pause until `waitMs` has passed, and during each pause the
 * connection is lent to others (reads, the health check), so neither the event loop nor this
 * process's other queries wait with it. Only outside a transaction, where SQLITE_BUSY means nothing
 * was done: a transaction's BEGIN IMMEDIATE, or a single statement; inside one the lock is held.
 */
class LockWaitingConnection implements DatabaseConnection {
  inTransaction = false;
  readonly mutex = new Mutex();
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly waitMs: number,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.run<R>(query);
    const deadline = Date.now() + this.waitMs;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return this.run<R>(query);
      } catch (error) {
        if (!isDatabaseBusy(error) || Date.now() >= deadline) throw error;
      }
      this.mutex.unlock();
      try {
        await pause(attempt, deadline);
      } finally {
        await this.mutex.lock();
      }
    }
  }

  /**
   * The statement of a SQL text, prepared once: parsing and planning cost more than running most of
   * our lookups by key, and the app asks the same few hundred shapes over and over (as the read workers do).
   */
  private prepared(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      // Texts vary only with the length of an IN list; past the bound they start over rather than grow.
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used by this application');
  }

  private run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.prepared(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }
}

/**
 * Write transactions take SQLite's write lock when they begin, not at their first write: a
 * transaction that reads, then writes (a throttle check, an image reference check) is then never
 * interleaved with another process's writer, and never fails to upgrade its lock mid-way.
 */
class ImmediateSqliteDriver implements Driver {
  private readonly connection: LockWaitingConnection;

  constructor(
    private readonly db: SqliteDatabase,
    waitMs: number,
  ) {
    this.connection = new LockWaitingConnection(db, waitMs);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.connection.mutex.lock();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    this.connection.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.connection.inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.connection.inTransaction = false;
    }
  }

  async releaseConnection(): Promise<void> {
    this.connection.mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.db.close();
  }
}

/** SQLite with transactional DDL, IMMEDIATE write transactions and a write lock waited for. */
export class TransactionalSqliteDialect extends SqliteDialect {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly waitMs = WRITE_LOCK_WAIT_MS,
  ) {
    super({ database: db });
  }

  override createAdapter() {
    return new TransactionalSqliteAdapter();
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.db, this.waitMs);
  }
}
