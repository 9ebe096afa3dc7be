import { isDeepStrictEqual } from 'node:util';
import { CompiledQuery, type DatabaseConnection, type Driver, PostgresDialect, type QueryResult, SelectQueryNode, type TransactionSettings } from 'kysely';
import type pg from 'pg';
import { isConnectionLost, isTransactionConflict } from './faults.ts';
import { conflictBackoff, countConflict, TRANSACTION_ATTEMPTS } from './transact.ts';

// Kysely over a pg.Pool that survives lost connections (docs/decisions/0027-database-faults-are-answers.md):
// a statement that meets one is tried again on a fresh connection only where that cannot write twice;
// everything else fails with the connection's own error, which the error handler answers 503.

/** A transaction's statements kept for a replay; past these it is not replayed (memory stays bounded). */
const JOURNAL_MAX_STATEMENTS = 200;
const JOURNAL_MAX_ROWS = 5_000;
/** How long a commit whose answer was lost is looked up while PostgreSQL still calls it in progress. */
const COMMIT_LOOKUP_TRIES = 10;
const COMMIT_LOOKUP_WAIT_MS = 50;

export interface ResilientPoolOptions {
  /** Every statement outside a transaction is a read (`db.reader`), so each may be tried again. */
  readsOnly: boolean;
  /** The pool is shared; only the instance that owns it ends it. */
  ownsPool: boolean;
}

interface Step {
  query: CompiledQuery;
  result: QueryResult<unknown>;
}

const raw = (text: string) => CompiledQuery.raw(text);

/** Functions that act beyond the statement's own result: a SELECT calling one is not a read. */
const ACTING_FUNCTIONS = /\b(pg_notify|nextval|setval|pg_advisory\w*|pg_terminate_backend|pg_cancel_backend|lo_\w+|dblink\w*)\s*\(/i;

/**
 * A read, safe to run twice: a SELECT built by the query builder with no WITH (a data-modifying CTE
 * would write), or raw SQL that starts with SELECT and calls none of the functions above.
 */
function isRead(query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return query.query.with === undefined && !ACTING_FUNCTIONS.test(query.sql);
  return query.query.kind === 'RawNode' && /^[\s(]*select\b/i.test(query.sql) && !ACTING_FUNCTIONS.test(query.sql);
}

async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    // Nothing ran yet: one more try is always safe.
    if (!isConnectionLost(error)) throw error;
    return pool.connect();
  }
}

/**
 * One checked-out client. Outside a transaction a read that meets a lost connection runs again on a
 * new client. Inside one, the server has rolled the transaction back with its connection, so it is
 * replayed once on a new client: the same statements, which must give the same results, or the
 * original error stands. A lost COMMIT is looked up by transaction id, never guessed.
 */
class ResilientConnection implements DatabaseConnection {
  private broken: unknown;
  private journal: Step[] | undefined;
  private journalRows = 0;
  private beginSql = 'begin';
  private replayed = false;
  /** The open transaction's id, taken with its BEGIN: what a lost COMMIT is looked up by. */
  private xid: string | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private client: pg.PoolClient | undefined,
    private readonly readsOnly: boolean,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.journal) return (await this.inTransaction(query)) as QueryResult<R>;
    if (!this.readsOnly && !isRead(query)) return (await this.alone(query)) as QueryResult<R>;
    try {
      return (await this.run(query)) as QueryResult<R>;
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      await this.reconnect();
      return (await this.run(query)) as QueryResult<R>;
    }
  }

  /**
   * A write outside a transaction runs in one of its own: then a lost connection before its COMMIT
   * is replayed like any transaction's, and a lost COMMIT is looked up instead of guessed. A
   * deadlock's victim or a serialisation failure left nothing of the statement: it runs again, as
   * transact.ts runs a whole transaction again.
   */
  private async alone(query: CompiledQuery): Promise<QueryResult<unknown>> {
    for (let attempt = 1; ; attempt += 1) {
      await this.begin({});
      try {
        const result = await this.inTransaction(query);
        await this.commit();
        return result;
      } catch (error) {
        await this.rollback().catch(() => undefined);
        if (!isTransactionConflict(error)) throw error;
        countConflict(attempt >= TRANSACTION_ATTEMPTS);
        if (attempt >= TRANSACTION_ATTEMPTS) throw error;
        await conflictBackoff(attempt);
      }
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used by this application');
  }

  async begin(settings: TransactionSettings): Promise<void> {
    const parts = ['start transaction', settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode];
    this.beginSql = settings.isolationLevel || settings.accessMode ? parts.filter(Boolean).join(' ') : 'begin';
    this.journal = [];
    this.journalRows = 0;
    this.replayed = false;
    try {
      await this.open();
    } catch (error) {
      // Nothing ran yet: begin again on a fresh connection.
      if (!isConnectionLost(error)) throw error;
      await this.reconnect();
      await this.open();
    }
  }

  /**
   * BEGIN, and the transaction's id in the same round trip (simple protocol, two statements). An id
   * for every transaction, read-only ones too, keeps the lookup of a lost COMMIT one rule.
   */
  private async open(): Promise<void> {
    const results = (await this.send(`${this.beginSql}; select txid_current()::text as xid`)) as unknown as pg.QueryResult<{ xid: string }>[];
    this.xid = results[1]?.rows[0]?.xid;
  }

  /** Commits; a COMMIT whose answer was lost is looked up, and replayed once if it did not happen. */
  async commit(): Promise<void> {
    try {
      for (;;) {
        const outcome = await this.tryCommit();
        if (outcome === 'committed') return;
        if (this.replayed || !this.journal) throw outcome.error;
        this.replayed = true;
        await this.reconnect();
        await this.replay(outcome.error);
      }
    } finally {
      this.journal = undefined;
    }
  }

  private async tryCommit(): Promise<'committed' | { error: unknown }> {
    try {
      await this.run(raw('commit'));
      return 'committed';
    } catch (error) {
      if (!isConnectionLost(error) || this.xid === undefined) throw error;
      const status = await this.commitStatus(this.xid);
      if (status === 'committed') return 'committed';
      if (status === 'aborted') return { error };
      throw error;
    }
  }

  async rollback(): Promise<void> {
    this.journal = undefined;
    // A lost connection's transaction was rolled back by the server when the connection ended.
    if (this.broken || !this.client) return;
    try {
      await this.run(raw('rollback'));
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
    }
  }

  /** Back to the pool; a client whose connection failed is destroyed instead. */
  release(): void {
    this.client?.release(this.broken ? (this.broken as Error) : undefined);
    this.client = undefined;
  }

  private async inTransaction(query: CompiledQuery): Promise<QueryResult<unknown>> {
    let result: QueryResult<unknown>;
    try {
      result = await this.run(query);
    } catch (error) {
      if (!isConnectionLost(error) || this.replayed || !this.journal) throw error;
      this.replayed = true;
      await this.reconnect();
      await this.replay(error);
      result = await this.run(query);
    }
    this.record(query, result);
    return result;
  }

  private record(query: CompiledQuery, result: QueryResult<unknown>): void {
    if (!this.journal) return;
    this.journalRows += result.rows.length;
    // Too long to keep: such a transaction is not replayed (the replay budget is spent).
    if (this.journal.length >= JOURNAL_MAX_STATEMENTS || this.journalRows > JOURNAL_MAX_ROWS) this.replayed = true;
    else this.journal.push({ query, result });
  }

  /** The transaction again on the new client, statement by statement, each with the same result. */
  private async replay(original: unknown): Promise<void> {
    await this.open();
    for (const step of this.journal ?? []) {
      const again = await this.run(step.query);
      if (again.numAffectedRows !== step.result.numAffectedRows || !isDeepStrictEqual(again.rows, step.result.rows)) throw original;
    }
  }

  /** What became of a transaction whose COMMIT got no answer; a backend being torn down settles it. */
  private async commitStatus(xid: string): Promise<string | undefined> {
    for (let attempt = 0; attempt < COMMIT_LOOKUP_TRIES; attempt += 1) {
      try {
        const { rows } = await this.pool.query<{ status: string | null }>('select txid_status($1::bigint) as status', [xid]);
        const status = rows[0]?.status ?? undefined;
        if (status !== 'in progress') return status;
      } catch (error) {
        if (!isConnectionLost(error)) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, COMMIT_LOOKUP_WAIT_MS));
    }
    return undefined;
  }

  private async reconnect(): Promise<void> {
    this.release();
    this.broken = undefined;
    // A server that cut one connection has often cut the idle ones too: once their sockets are read,
    // the pool drops them instead of lending one.
    await new Promise((resolve) => setImmediate(resolve));
    this.client = await connect(this.pool);
  }

  private async run(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const { command, rowCount, rows } = await this.send(query.sql, [...query.parameters]);
    const counted = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return { numAffectedRows: counted ? BigInt(rowCount ?? 0) : undefined, rows: rows ?? [] };
  }

  /** One round trip on the client; a lost connection marks it broken (destroyed when released). */
  private async send(text: string, parameters?: unknown[]): Promise<pg.QueryResult> {
    if (!this.client) throw new Error('Connection ended: no client to run on');
    try {
      return await this.client.query(text, parameters);
    } catch (error) {
      if (isConnectionLost(error)) this.broken = error;
      throw error;
    }
  }
}

class ResilientPostgresDriver implements Driver {
  constructor(
    private readonly pool: pg.Pool,
    private readonly options: ResilientPoolOptions,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ResilientConnection(this.pool, await connect(this.pool), this.options.readsOnly);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as ResilientConnection).begin(settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as ResilientConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as ResilientConnection).rollback();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as ResilientConnection).release();
  }

  async destroy(): Promise<void> {
    if (this.options.ownsPool) await this.pool.end();
  }
}

/** PostgreSQL's dialect with the driver above. */
export class ResilientPostgresDialect extends PostgresDialect {
  constructor(
    private readonly sharedPool: pg.Pool,
    private readonly options: ResilientPoolOptions,
  ) {
    super({ pool: sharedPool });
  }

  override createDriver(): Driver {
    return new ResilientPostgresDriver(this.sharedPool, this.options);
  }
}

/**
 * Every client's errors handled: node-postgres emits 'error' on a client whose connection dies, and
 * the pool listens only while the client is idle; a checked-out client's unheard 'error' ends the
 * process. Logged at most once a second, with how many came since.
 */
export function handlePoolErrors(pool: pg.Pool, log: (message: string) => void = (message) => console.error(message)): void {
  let last = 0;
  let unreported = 0;
  const report = (error: Error) => {
    unreported += 1;
    if (Date.now() - last < 1_000) return;
    log(`PostgreSQL connection lost: ${error.message} (${unreported} since the last such line)`);
    last = Date.now();
    unreported = 0;
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}
