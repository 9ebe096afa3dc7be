// Which database failures are the database's moment, not the request's fault: a lost PostgreSQL
// connection, SQLite's write lock still held after the wait, a PostgreSQL transaction chosen as a
// deadlock's victim or refused as a serialisation failure (still so after transact.ts's retries), a
// lock not had within a lock_timeout. They are answered 503 with Retry-After
// (docs/decisions/0027-database-faults-are-answers.md), never 500.

/**
 * SQLSTATEs of a connection that is gone or refused: 57P01–57P03 (terminated by an administrator, a
 * crash, or a server still starting), class 08 (connection exception), 53300 (too many connections).
 */
const LOST_STATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
/** Socket errors of a connection cut or refused. */
const LOST_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres words these without a code. */
const LOST_MESSAGES = /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection ended)/;

const codeOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/** The error itself and the causes it wraps (a few levels: a service may wrap what it caught). */
function* chain(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth += 1) {
    yield current;
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
}

/** A PostgreSQL connection that was lost or could not be made: nothing wrong with the statement. */
export function isConnectionLost(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = codeOf(link);
    if (typeof code === 'string' && (LOST_STATES.has(code) || LOST_ERRNOS.has(code))) return true;
    if (link instanceof Error && LOST_MESSAGES.test(link.message)) return true;
  }
  return false;
}

/** SQLite's lock held by another connection (SQLITE_BUSY, SQLITE_LOCKED and their extended codes). */
export function isDatabaseBusy(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = codeOf(link);
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return true;
  }
  return false;
}

/** 40P01 deadlock_detected, 40001 serialization_failure: the transaction was rolled back whole and may simply run again. */
const CONFLICT_STATES = new Set(['40P01', '40001']);
/** 55P03 lock_not_available: a lock not had within the transaction's lock_timeout (the vote flush's bound). */
const LOCK_TIMEOUT_STATE = '55P03';

/** PostgreSQL rolled the transaction back as a deadlock's victim or a serialisation failure. */
export function isTransactionConflict(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = codeOf(link);
    if (typeof code === 'string' && CONFLICT_STATES.has(code)) return true;
  }
  return false;
}

/** A lock not had within lock_timeout: PostgreSQL's word for SQLite's lock held past the wait. */
export function isLockTimeout(error: unknown): boolean {
  for (const link of chain(error)) if (codeOf(link) === LOCK_TIMEOUT_STATE) return true;
  return false;
}

/** Any of these: the request may succeed when tried again in a moment. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isConnectionLost(error) || isDatabaseBusy(error) || isTransactionConflict(error) || isLockTimeout(error);
}
