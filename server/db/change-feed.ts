import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { SiblingRelay } from './cluster-relay.ts';
import type { CatalogueChange } from './catalogue-change.ts';
import type { Database } from './types.ts';


/** PostgreSQL's channel for catalogue changes. */
const CHANNEL = 'catalogue_changes';
/** How often a process on SQLite looks for other processes' changes (the stale-read window). */
export const SQLITE_POLL_MS = 200;
/** Journal rows kept on SQLite; a process that falls further behind drops everything it cached. */
const JOURNAL_ROWS = 1_000;
/** Wait before a lost PostgreSQL listener connects again. */
const RECONNECT_MS = 1_000;

interface Note {
  origin: string;
  change: CatalogueChange;
}

/**
 * Tells every other process sharing the database about each catalogue write (docs/decisions/0007-every-core-and-many-instances.md).
 * A write records its change inside its own transaction, so the others learn of it
 * exactly when it commits and never of one that rolled back: PostgreSQL delivers a NOTIFY on commit
 * to every listening connection; on SQLite (processes of one machine) the change goes into the
 * `catalogue_changes` journal, which each process reads when `PRAGMA data_version` says another
 * connection committed. A cache hit costs nothing: the news arrives on its own.
 */
export class ChangeFeed {
  /** This process's writes: its own caches already dropped what they reach. */
  readonly origin = randomUUID();
  /** This machine's other workers, told before a write's answer leaves (docs/decisions/0026-read-your-writes-across-workers.md). */
  readonly siblings = new SiblingRelay();

  /** On PostgreSQL the listener's own connection string; on SQLite the connection that polls. */
  constructor(private readonly source: { dialect: 'postgres'; url: string } | { dialect: 'sqlite'; db: Kysely<Database> }) {}

  /** Records `change` in the write transaction `trx`. */
  async record(trx: Kysely<Database>, change: CatalogueChange): Promise<void> {
    this.siblings.note(change);
    if (this.source.dialect === 'postgres') {
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ origin: this.origin, change } satisfies Note)})`.execute(trx);
      return;
    }
    const { id } = await trx
      .insertInto('catalogue_changes')
      .values({ origin: this.origin, kind: change.kind, script_id: change.kind === 'script' ? change.id : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('catalogue_changes').where('id', '<=', id - JOURNAL_ROWS).execute();
  }

  /**
   * Delivers other processes' changes to `apply` until the returned stop() is called. Resolves once
   * listening, so nothing committed after it is missed. Anything that may have been missed (a lost
   * connection, a process that fell behind the journal) arrives as `{ kind: 'all' }`. In a cluster
   * worker, the changes the other workers relay arrive the same way, before their writes are answered.
   */
  async listen(apply: (change: CatalogueChange) => void, onError: (error: unknown) => void): Promise<() => Promise<void>> {
    const { source } = this;
    const stopRelay = this.siblings.listen(apply);
    const stop = await (source.dialect === 'postgres' ? listenPostgres(source.url, this.origin, apply, onError) : pollSqlite(source.db, this.origin, apply, onError)).catch((error: unknown) => {
      stopRelay();
      throw error;
    });
    return async () => {
      stopRelay();
      await stop();
    };
  }
}

async function listenPostgres(url: string, origin: string, apply: (change: CatalogueChange) => void, onError: (error: unknown) => void) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  /** A client that listens, or a rejection; a client that failed on the way is ended here, never adopted. */
  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      const note = parseNote(message.payload);
      if (!note) apply({ kind: 'all' });
      else if (note.origin !== origin) apply(note.change);
    });
    // Until it is adopted its failures reject connect(): one retry is scheduled, by the caller alone.
    next.on('error', () => undefined);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      return next;
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
  };

  /** The listening client; losing it schedules the one reconnection. */
  const adopt = (next: pg.Client) => {
    client = next;
    const lost = (error?: Error) => {
      if (stopped || client !== next) return;
      client = undefined;
      onError(error ?? new Error('catalogue change listener disconnected'));
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
  };

  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      connect().then(
        (next) => {
          if (stopped) return void next.end().catch(() => undefined);
          adopt(next);
          // Whatever was written while no one listened is unknown here.
          apply({ kind: 'all' });
        },
        (error: unknown) => {
          onError(error);
          if (!stopped) scheduleReconnect();
        },
      );
    }, RECONNECT_MS);
    retry.unref();
  };

  adopt(await connect());
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

function parseNote(payload: string | undefined): Note | undefined {
  try {
    const note = JSON.parse(payload ?? '') as Note;
    const { change } = note;
    if (typeof note.origin !== 'string') return undefined;
    if (change.kind === 'script' && Number.isSafeInteger(change.id)) return note;
    if (change.kind === 'site-channels' || change.kind === 'games' || change.kind === 'all') return note;
    return undefined;
  } catch {
    return undefined;
  }
}

async function pollSqlite(db: Kysely<Database>, origin: string, apply: (change: CatalogueChange) => void, onError: (error: unknown) => void) {
  const dataVersion = async () => (await sql<{ data_version: number }>`pragma data_version`.execute(db)).rows[0]?.data_version;
  const newest = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  let seen = Number(newest?.id ?? 0);
  let version = await dataVersion();
  let polling = false;

  const poll = async () => {
    const now = await dataVersion();
    // Another connection committed (a write, or only counted views); the journal says which.
    if (now === version) return;
    version = now;
    const rows = await db.selectFrom('catalogue_changes').select(['id', 'origin', 'kind', 'script_id']).where('id', '>', seen).orderBy('id').execute();
    if (rows.length === 0) return;
    // Ids follow commit order (SQLite has one writer at a time); a gap means pruned rows were missed.
    if ((rows[0] as { id: number }).id !== seen + 1) apply({ kind: 'all' });
    for (const row of rows) {
      if (row.origin === origin) continue;
      if (row.kind === 'script' && row.script_id !== null) apply({ kind: 'script', id: row.script_id });
      else apply(row.kind === 'site-channels' || row.kind === 'games' ? { kind: row.kind } : { kind: 'all' });
    }
    seen = (rows[rows.length - 1] as { id: number }).id;
  };

  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    poll()
      .catch(onError)
      .finally(() => (polling = false));
  }, SQLITE_POLL_MS);
  timer.unref();
  return async () => clearInterval(timer);
}
