import type { Transaction } from 'kysely';
import type { Database } from './types.ts';

/**
 * What the caller of a write adds to the write's own transaction, given what the write made: the
 * moderation log's row, an `Idempotency-Key`'s answer. A repository runs it last, just before its
 * transaction commits, so the write and its additions land together or not at all (a deadlock retry
 * of the whole transaction runs it again with the rest).
 */
export type Within<R> = (trx: Transaction<Database>, written: R) => Promise<void>;

/** Several additions in order, as one. */
export function both<R>(...parts: (Within<R> | undefined)[]): Within<R> | undefined {
  const present = parts.filter((part): part is Within<R> => part !== undefined);
  if (present.length <= 1) return present[0];
  return async (trx, written) => {
    for (const part of present) await part(trx, written);
  };
}

/** An addition that takes the caller's shape of what was written (the answer a key stores). */
export function mapped<R, A>(within: Within<A> | undefined, map: (written: R) => A): Within<R> | undefined {
  return within && ((trx, written) => within(trx, map(written)));
}
