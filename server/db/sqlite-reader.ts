import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { ThreadPool } from '../shared/thread-pool.ts';

// better-sqlite3 runs a query on the calling thread, start to end: on the event loop, one search
// that reads a hundred thousand rows would hold every other request. Reads therefore go to worker
// threads with read-only connections of their own (WAL lets them read while the main connection
// writes, and they see every committed write at once); writes stay on the main thread.

const WORKER_URL = new URL('./sqlite-read-worker.mjs', import.meta.url);

/** A few read threads, all started on the first read; each query goes to the least busy one. */
export class ReadPool {
  private readonly threads: ThreadPool<{ sql: string; parameters: readonly unknown[] }, unknown[]>;

  constructor(file: string, size: number) {
    this.threads = new ThreadPool({ url: WORKER_URL, size, name: 'SQLite read worker', workerOptions: { workerData: { file } }, eager: true });
  }

  run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    return this.threads.run({ sql, parameters });
  }

  close(): Promise<void> {
    return this.threads.close();
  }
}

class ReadConnection implements DatabaseConnection {
  constructor(private readonly pool: ReadPool) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.pool.run(compiled.sql, compiled.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield -- a stream is never offered by this read-only driver
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The SQLite read pool does not stream');
  }
}

const readOnly = () => Promise.reject(new Error('The SQLite read pool runs no transactions: write through the main connection'));

class ReadDriver implements Driver {
  private readonly connection: ReadConnection;

  constructor(private readonly pool: ReadPool) {
    this.connection = new ReadConnection(pool);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  beginTransaction = readOnly;
  commitTransaction = readOnly;
  rollbackTransaction = readOnly;
  async releaseConnection(): Promise<void> {}
  destroy(): Promise<void> {
    return this.pool.close();
  }
}

/** A Kysely dialect that runs every query on the read pool. */
export class SqliteReadDialect implements Dialect {
  constructor(private readonly pool: ReadPool) {}

  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver() {
    return new ReadDriver(this.pool);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
