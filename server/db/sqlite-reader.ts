import { Worker } from 'node:worker_threads';
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

// better-sqlite3 runs a query on the calling thread, start to end: on the event loop, one search
// that reads a hundred thousand rows would hold every other request. Reads therefore go to worker
// threads with read-only connections of their own (WAL lets them read while the main connection
// writes, and they see every committed write at once); writes stay on the main thread.

const WORKER_URL = new URL('./sqlite-read-worker.mjs', import.meta.url);

interface Reply {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

class ReadWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  alive = true;

  constructor(file: string) {
    this.worker = new Worker(WORKER_URL, { workerData: { file } });
    // Idle workers must not keep a process alive that is otherwise done.
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`SQLite read worker exited with code ${code}`)));
  }

  get load(): number {
    return this.pending.size;
  }

  run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, sql, parameters });
    });
  }

  terminate(): Promise<number> {
    this.alive = false;
    return this.worker.terminate();
  }

  private settle({ id, rows, error }: Reply) {
    const waiting = this.pending.get(id);
    this.pending.delete(id);
    if (!waiting) return;
    if (error) waiting.reject(Object.assign(new Error(error.message), { code: error.code }));
    else waiting.resolve(rows ?? []);
  }

  private fail(error: Error) {
    this.alive = false;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** A few read workers, started on the first read; each query goes to the least busy one. */
export class ReadPool {
  private workers: ReadWorker[] = [];

  constructor(
    private readonly file: string,
    private readonly size: number,
  ) {}

  run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    this.workers = this.workers.filter((worker) => worker.alive);
    while (this.workers.length < this.size) this.workers.push(new ReadWorker(this.file));
    const idlest = this.workers.reduce((best, worker) => (worker.load < best.load ? worker : best));
    return idlest.run(sql, parameters);
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
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
