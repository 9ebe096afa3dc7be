import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { findIdempotency, forgetIdempotency, type IdempotencyRecord, storeIdempotency } from '../db/idempotency.ts';
import type { Within } from '../db/within.ts';
import { idempotencyKeyInUse, idempotencyKeyInvalid, idempotencyKeyReused } from '../shared/errors.ts';

/** How long an answer is kept for a retry: the IETF draft's suggestion of a day. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/**
 * The header as the OpenAPI document shows it on every route that takes it. Any string passes here
 * (the other headers too): the key's own rules are checked by `Idempotency`, with their own code.
 */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe(
      'Optional (IETF draft "The Idempotency-Key HTTP Header Field"): a key the client chooses per request, such as a UUID, 1 to 255 printable characters. A retry with the same key within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, and writes nothing; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED, while the first is still running 409 IDEMPOTENCY_KEY_IN_USE, a malformed key 400 IDEMPOTENCY_KEY_INVALID.',
    ),
});

/** A request's claim on its key: the record's hash and the answer to store with the write. */
export interface IdempotencyClaim {
  keyHash: string;
  /** The record of an answer (a vote's buffer keeps it until its flush). */
  record(body: unknown): IdempotencyRecord;
  /** Stores the answer in the write's own transaction. */
  within: Within<unknown>;
}

/** The header's key, or undefined without one; 400 for a malformed one (a structured-field string's quotes are taken off). */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string') throw idempotencyKeyInvalid();
  const key = /^".*"$/.test(header) ? header.slice(1, -1) : header;
  if (key.length === 0 || key.length > 255 || !/^[\x20-\x7e]+$/.test(key)) throw idempotencyKeyInvalid();
  return key;
}

/** SHA-256 of what was asked: the path's parameters and the body, an uploaded file by its bytes. */
async function fingerprintOf(request: FastifyRequest): Promise<string> {
  const hash = createHash('sha256');
  const feed = async (value: unknown): Promise<void> => {
    if (value instanceof Blob) {
      hash.update(`file:${value.type}:${value.size}:`).update(Buffer.from(await value.arrayBuffer()));
    } else if (Array.isArray(value)) {
      hash.update('[');
      for (const item of value) await feed(item);
      hash.update(']');
    } else if (value !== null && typeof value === 'object') {
      hash.update('{');
      for (const name of Object.keys(value).sort()) {
        hash.update(JSON.stringify(name));
        await feed((value as Record<string, unknown>)[name]);
      }
      hash.update('}');
    } else hash.update(`${JSON.stringify(value) ?? 'undefined'},`);
  };
  await feed({ params: request.params, body: request.body });
  return hash.digest('hex');
}

/**
 * `Idempotency-Key` on creates and votes (docs/decisions/0050-idempotent-creates-and-votes-and-the-log-inside-the-write.md).
 * A key is the caller's within its scope (the staff account, or the visitor) and the route. Its record
 * is written by the write's own transaction, so a retry after a COMMIT whose answer was lost finds it.
 */
export class Idempotency {
  /** Keys of this process being answered now: a second request with one is 409. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The route's answer with `status` (set on `reply`), once per key: a key seen before replays its
   * answer. `run` gets the claim (undefined without a key) and must store it with its write;
   * `pending` looks in a buffer whose records are not written yet (votes).
   */
  async answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    /** `scope`: whose keys these are (a function: worked out only when a key came). */
    options: { scope: string | (() => string); status: number; pending?: ((keyHash: string) => IdempotencyRecord | undefined) | undefined },
    run: (claim: IdempotencyClaim | undefined) => Promise<T>,
  ): Promise<T> {
    const key = keyOf(request);
    reply.code(options.status);
    if (key === undefined) return run(undefined);
    const scope = typeof options.scope === 'string' ? options.scope : options.scope();
    const keyHash = createHash('sha256').update(`${scope}\n${request.method} ${request.routeOptions.url}\n${key}`).digest('hex');
    const fingerprint = await fingerprintOf(request);
    const earlier = options.pending?.(keyHash) ?? (await this.find(keyHash));
    if (earlier) return replay(reply, earlier, fingerprint);
    if (this.inFlight.has(keyHash)) throw idempotencyKeyInUse();
    this.inFlight.add(keyHash);
    try {
      const record = (body: unknown): IdempotencyRecord => ({ keyHash, fingerprint, status: options.status, body: JSON.stringify(body), createdAt: this.clock() });
      return await run({ keyHash, record, within: (trx, written) => storeIdempotency(trx, record(written)) });
    } catch (error) {
      // Another process answered the key first (this write then failed on the record's key), or this
      // write committed though its answer was lost: either way the stored answer is the one.
      const stored = await this.find(keyHash).catch(() => undefined);
      if (stored) return replay(reply, stored, fingerprint);
      throw error;
    } finally {
      this.inFlight.delete(keyHash);
    }
  }

  /** The key's live record; an expired one is forgotten, so the key may be used again. */
  private async find(keyHash: string): Promise<IdempotencyRecord | undefined> {
    const record = await findIdempotency(this.db.kysely, keyHash);
    if (!record || record.createdAt > this.clock() - IDEMPOTENCY_TTL_MS) return record;
    await forgetIdempotency(this.db.kysely, this.clock() - IDEMPOTENCY_TTL_MS, keyHash);
    return undefined;
  }

  /** Forgets the records past their day (the app's sweep, beside expired sessions). */
  sweep(): Promise<number> {
    return forgetIdempotency(this.db.kysely, this.clock() - IDEMPOTENCY_TTL_MS);
  }
}

/** The first answer again, or 422 when the key came with another request. */
function replay<T>(reply: FastifyReply, record: IdempotencyRecord, fingerprint: string): T {
  if (record.fingerprint !== fingerprint) throw idempotencyKeyReused();
  reply.code(record.status).header(REPLAYED_HEADER, 'true');
  return JSON.parse(record.body) as T;
}
