import { CompiledQuery, type DatabaseConnection, type QueryResult, SqliteAdapter, SqliteDialect, SqliteDriver } from 'kysely';
import { isDatabaseBusy } from './faults.ts';

/**
 * How long a writer waits for SQLite's write lock, held by another process (the other workers, a CLI),
 * before its request is answered 503 with Retry-After (docs/decisions.md#database-faults-are-answers).
 */
export const WRITE_LOCK_WAIT_MS = 10_000;
/**
 * SQLite's own busy handler waits this long inside a statement. It sleeps on the calling thread, which
 * is the event loop's, so it is kept short; longer waits are the asynchronous ones below.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 20;
/** Pause between tries for the lock: short at first (most writes take a millisecond), then longer. */
const BACKOFF_MS = [1, 2, 5, 10, 20, 50];

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
 * Statements that found the database locked run again after a pause, without holding the event loop,
 * until `waitMs` has passed. Only outside a transaction, where SQLITE_BUSY means nothing was done: a
 * transaction's BEGIN IMMEDIATE, or a single statement. Inside one the lock is already held.
 */
class LockWaitingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    private readonly inner: DatabaseConnection,
    private readonly waitMs: number,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    const deadline = Date.now() + this.waitMs;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.inner.executeQuery<R>(query);
      } catch (error) {
        if (!isDatabaseBusy(error) || Date.now() >= deadline) throw error;
      }
      const pause = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] as number;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * Write transactions take SQLite's write lock when they begin, not at their first write: a
 * transaction that reads, then writes (a throttle check, an image reference check) is then never
 * interleaved with another process's writer, and never fails to upgrade its lock mid-way.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  private connection: LockWaitingConnection | undefined;

  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly waitMs: number,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    // Kysely's SQLite driver has one connection, lent to one user at a time.
    this.connection ??= new LockWaitingConnection(inner, this.waitMs);
    return this.connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    (connection as LockWaitingConnection).inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('commit'));
    } finally {
      (connection as LockWaitingConnection).inTransaction = false;
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as LockWaitingConnection).inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
}

/** SQLite with transactional DDL, IMMEDIATE write transactions and a write lock waited for. */
export class TransactionalSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly waitMs = WRITE_LOCK_WAIT_MS,
  ) {
    super(config);
  }

  override createAdapter() {
    return new TransactionalSqliteAdapter();
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.config, this.waitMs);
  }
}
