import type { Kysely, Transaction } from 'kysely';
import { isTransactionConflict } from './faults.ts';
import type { Database } from './types.ts';

// A deadlock's victim (40P01) or a serialisation failure (40001) is rolled back whole by PostgreSQL:
// nothing of it stays, and the same transaction run again a moment later usually passes
// (docs/decisions/0049-deadlocks-and-serialisation-failures.md). After the bound the
// error stands, and the error handler answers it 503 with Retry-After (faults.ts), never 500.

/** Runs of one transaction at most: the first and three more. */
export const TRANSACTION_ATTEMPTS = 4;
/** The back-off before the second run; doubled before each further one, each jittered to 50–150 %. */
const FIRST_BACKOFF_MS = 15;

/** What the transactions of this process met since it started (the operator's metrics). */
const figures = { retried: 0, gaveUp: 0 };

export function transactionConflicts(): { retried: number; gaveUp: number } {
  return { ...figures };
}

/** One conflict met: run again, or (`gaveUp`) past the bound and answered 503. */
export function countConflict(gaveUp: boolean): void {
  if (gaveUp) figures.gaveUp += 1;
  else figures.retried += 1;
}

export interface TransactOptions {
  /** Runs at most (tests: fewer); TRANSACTION_ATTEMPTS by default. */
  attempts?: number;
}

/** The wait after the `attempt`th run failed: FIRST_BACKOFF_MS doubled per run, jittered so two victims part. */
export function conflictBackoff(attempt: number): Promise<void> {
  const ms = FIRST_BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + Math.random());
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `work` in a write transaction, and runs it again whole (a new transaction) when PostgreSQL
 * rolled it back as a deadlock's victim or a serialisation failure, a bounded number of times with a
 * small jittered back-off. `work` must do nothing outside the transaction that a second run would
 * double: database writes only (a change recorded by `ChangeFeed.record` is sent at commit), and
 * what it answers built inside it. On SQLite (whose write transactions take the one write lock when
 * they begin) no transaction is ever such a victim: it runs once.
 */
export async function transact<T>(db: { kysely: Kysely<Database> }, work: (trx: Transaction<Database>) => Promise<T>, options: TransactOptions = {}): Promise<T> {
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.kysely.transaction().execute(work);
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      countConflict(attempt >= attempts);
      if (attempt >= attempts) throw error;
      await conflictBackoff(attempt);
    }
  }
}
