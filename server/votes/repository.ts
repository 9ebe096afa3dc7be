import { type Kysely, sql } from 'kysely';
import { VOTES_PER_HOUR } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { COUNTS_LOCK, FLUSH_LOCK_TIMEOUT_MS, limitLockWaits, lockKeys } from '../db/locks.ts';
import { transact } from '../db/transact.ts';
import type { Database } from '../db/types.ts';
import type { Within } from '../db/within.ts';
import { type IdempotencyRecord, storeIdempotencyOnce } from '../db/idempotency.ts';
import { CompatibilityRepository, type CompatibilityRow } from '../executors/compatibility-repository.ts';
import { type ExecutorRef, executorBySlug } from '../executors/executor-refs-repository.ts';
import { applyExecutorAnswers, EXPIRE_BATCH, type ExecutorFinal, type ExecutorFinals, expireAnswers, storedAnswers } from './executor-answers-repository.ts';
import { wilsonLowerBound } from './rating.ts';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** A voter's /56 and /48, hashed (VisitorNetworks of server/visitors/visitor.ts). */
export interface Networks {
  n56: string;
  n48: string;
}

/**
 * Visitors of one /56 and of one /48 whose votes on one script were given in the last day
 * (docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md): what two and four addresses' agent buckets
 * (VIEWS_PER_ADDRESS, 3) may cast. Without it one /48 holds 65,536 /64s × 3 voters on every script.
 */
export const NETWORK_VOTERS = { n56: 6, n48: 12 } as const;

/** The other visitors of the voter's networks counted on a script, and when the oldest of each leaves the day. */
export interface NetworkVoters {
  n56: number;
  n48: number;
  oldest56: number | null;
  oldest48: number | null;
}

/** A visitor's stored choices: vote 1 like / -1 dislike, works 1 / 0, null none. */
export interface Choice {
  vote: number | null;
  works: number | null;
}

export interface Counts {
  likes: number;
  dislikes: number;
  worksYes: number;
  worksNo: number;
}

/** What a vote request needs: the script's counters, the visitor's stored choices and recent changes. */
export interface StoredVotes {
  counts: Counts;
  choice: Choice;
  /** The visitor's stored vote changes of the last hour, and when the oldest of them was stored. */
  changes: number;
  oldestChange: number | null;
  /** The visitor's counted answers per executor on this script (docs/decisions/0040-works-answers-per-executor.md). */
  executors: { ref: ExecutorRef; works: number }[];
  /** For an IPv6 visitor: the other voters of its /56 and /48 on this script in the last day. */
  networkVoters?: NetworkVoters | undefined;
}

/** One accepted request, in the order the visitor sent them. */
export interface VoteRequest {
  scriptId: number;
  kind: keyof Choice;
  value: number | null;
  at: number;
  /** A works answer given for an executor (its id): the same value is that executor's answer too. */
  executorId?: number | undefined;
  /** The voter's /56 and /48 (IPv6 only). */
  networks?: Networks | undefined;
  /** The request's `Idempotency-Key` record: it counts only if this flush is the first to store it. */
  keyHash?: string | undefined;
}

export interface VisitorRequests {
  visitorHash: string;
  requests: VoteRequest[];
  /** The answers given under an `Idempotency-Key` to this visitor since the last flush. */
  keys?: IdempotencyRecord[] | undefined;
}

export interface AppliedVotes {
  /** Requests stored (each a change row), and those dropped because the visitor's hour was full. */
  stored: number;
  dropped: number;
  /** Scripts whose platforms or an executor's `works` changed: their cached answers and pages must go. */
  changed: number[];
}

const n = (value: unknown) => Number(value ?? 0);
const choiceOf = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** How a choice moves the four counters. */
function effect({ vote, works }: Choice): Counts {
  return { likes: vote === 1 ? 1 : 0, dislikes: vote === -1 ? 1 : 0, worksYes: works === 1 ? 1 : 0, worksNo: works === 0 ? 1 : 0 };
}

/** The counters' change from `before` to `after`. */
export function difference(before: Choice, after: Choice): Counts {
  const [a, b] = [effect(before), effect(after)];
  return { likes: b.likes - a.likes, dislikes: b.dislikes - a.dislikes, worksYes: b.worksYes - a.worksYes, worksNo: b.worksNo - a.worksNo };
}

const byHash = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A vote row's last vote or works answer, in SQL both databases read alike. */
const LATEST = sql`CASE WHEN coalesce(vote_at, 0) > coalesce(works_at, 0) THEN coalesce(vote_at, 0) ELSE coalesce(works_at, 0) END`;

/** A visitor's last kept value of each kind on one script, and its time. */
type Finals = Partial<Record<keyof Choice, { value: number | null; at: number }>>;

/** The requests a batch keeps under each visitor's limit, folded into final choices per script. */
interface KeptRequests {
  stored: number;
  dropped: number;
  /** One entry per kept request: its change row. */
  changeHashes: string[];
  finals: Map<number, Map<string, Finals>>;
  executors: ExecutorFinals;
}

/** Each visitor's first requests that fit under VOTES_PER_HOUR with `used` changes stored; the last per script and kind wins. */
function keepWithinLimit(ordered: VisitorRequests[], used: Map<string, number>): KeptRequests {
  const kept: KeptRequests = { stored: 0, dropped: 0, changeHashes: [], finals: new Map(), executors: new Map() };
  for (const { visitorHash, requests } of ordered) {
    const fitting = requests.slice(0, Math.max(0, VOTES_PER_HOUR - (used.get(visitorHash) ?? 0)));
    kept.stored += fitting.length;
    kept.dropped += requests.length - fitting.length;
    for (const request of fitting) {
      kept.changeHashes.push(visitorHash);
      const visitorsOfScript = kept.finals.get(request.scriptId) ?? new Map<string, Finals>();
      const final = visitorsOfScript.get(visitorHash) ?? {};
      final[request.kind] = { value: request.value, at: request.at };
      visitorsOfScript.set(visitorHash, final);
      kept.finals.set(request.scriptId, visitorsOfScript);
      if (request.executorId !== undefined) keepExecutorAnswer(kept.executors, visitorHash, request);
    }
  }
  return kept;
}

function keepExecutorAnswer(executors: ExecutorFinals, visitorHash: string, request: VoteRequest): void {
  const visitorsOfScript = executors.get(request.scriptId) ?? new Map<string, Map<number, ExecutorFinal>>();
  const answers = visitorsOfScript.get(visitorHash) ?? new Map<number, ExecutorFinal>();
  answers.set(request.executorId as number, { value: request.value, at: request.at });
  visitorsOfScript.set(visitorHash, answers);
  executors.set(request.scriptId, visitorsOfScript);
}

/**
 * Stores the batch's `Idempotency-Key` records, and leaves out each keyed request whose key another
 * flush stored first (the same request retried on another process before either flushed): a retried
 * vote counts once, and once against the hour's limit.
 */
async function firstOfTheirKeys(trx: Kysely<Database>, visitors: VisitorRequests[]): Promise<VisitorRequests[]> {
  const records = visitors.flatMap((visitor) => visitor.keys ?? []);
  if (records.length === 0) return visitors;
  const stored = await storeIdempotencyOnce(trx, records);
  return visitors.map((visitor) => ({ ...visitor, requests: visitor.requests.filter((request) => request.keyHash === undefined || stored.has(request.keyHash)) }));
}

/** All SQL of visitors' votes (docs/decisions/0020-votes.md). */
export class VoteRepository {
  private readonly compatibilityRows: CompatibilityRepository;

  constructor(private readonly db: Db) {
    this.compatibilityRows = new CompatibilityRepository(db);
  }

  /**
   * One read per vote request: the script's counters, the visitor's stored choices, and the
   * visitor's stored changes since `since` with the oldest's time; with `networks`, the other voters
   * of its /56 and /48 on the script in the day before `now`. Undefined for no script or a hidden one
   * (docs/decisions/0021-hidden-scripts-and-reports.md#hidden-scripts).
   */
  async stored(scriptId: number, visitorHash: string, since: number, networks?: { networks: Networks; now: number }): Promise<StoredVotes | undefined> {
    const { rows } = await sql<Record<string, unknown>>`SELECT s.likes, s.dislikes, s.works_yes, s.works_no, v.vote, v.works, c.n AS changes, c.oldest
      FROM scripts AS s
      LEFT JOIN script_votes AS v ON v.script_id = s.id AND v.visitor_hash = ${visitorHash}
      CROSS JOIN (SELECT count(*) AS n, min(changed_at) AS oldest FROM script_vote_changes WHERE visitor_hash = ${visitorHash} AND changed_at > ${since}) AS c
      WHERE s.id = ${scriptId} AND s.hidden = 0`.execute(this.db.kysely);
    const row = rows[0];
    if (!row) return undefined;
    const executors = await storedAnswers(this.db.kysely, scriptId, visitorHash);
    return {
      counts: { likes: n(row.likes), dislikes: n(row.dislikes), worksYes: n(row.works_yes), worksNo: n(row.works_no) },
      choice: { vote: choiceOf(row.vote), works: choiceOf(row.works) },
      changes: n(row.changes),
      oldestChange: row.oldest === null || row.oldest === undefined ? null : Number(row.oldest),
      executors,
      networkVoters: networks && (await this.networkVoters(this.db.kysely, scriptId, visitorHash, networks.networks, networks.now - DAY_MS)),
    };
  }

  /** Voters other than `visitorHash` of these networks on the script whose last vote or works answer is after `since`. */
  private async networkVoters(executor: Kysely<Database>, scriptId: number, visitorHash: string, { n56, n48 }: Networks, since: number): Promise<NetworkVoters> {
    const { rows } = await sql<Record<string, unknown>>`SELECT
        sum(CASE WHEN network56 = ${n56} THEN 1 ELSE 0 END) AS n56, count(*) AS n48,
        min(CASE WHEN network56 = ${n56} THEN latest END) AS oldest56, min(latest) AS oldest48
      FROM (SELECT network56, ${LATEST} AS latest FROM script_votes
        WHERE script_id = ${scriptId} AND network48 = ${n48} AND visitor_hash <> ${visitorHash}) AS v
      WHERE latest > ${since}`.execute(executor);
    const row = rows[0] ?? {};
    const time = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return { n56: n(row.n56), n48: n(row.n48), oldest56: time(row.oldest56), oldest48: time(row.oldest48) };
  }

  /** The script's stored compatibility rows (what GET /api/scripts/{id} shows). */
  async compatibility(scriptId: number): Promise<CompatibilityRow[]> {
    return this.compatibilityRows.ofScript(scriptId);
  }

  /** The executor a works answer names, or undefined for an unknown slug. */
  async executor(slug: string): Promise<ExecutorRef | undefined> {
    return executorBySlug(this.db.kysely, slug);
  }

  /**
   * Takes executor answers given at or before `cutoff` out of the counts, a batch per transaction
   * until none is left (docs/decisions/0040-works-answers-per-executor.md); answers the scripts whose
   * cached answers must go.
   */
  async expireExecutorAnswers(cutoff: number): Promise<number[]> {
    const changed = new Set<number>();
    for (;;) {
      const batch = await expireAnswers(this.db, cutoff, EXPIRE_BATCH);
      for (const id of batch.changed) changed.add(id);
      if (batch.expired < EXPIRE_BATCH) return [...changed];
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Writes buffered requests in one transaction, at `now`. Under each visitor's lock (an advisory
   * lock on PostgreSQL; SQLite's write transactions hold the database's), the visitor's stored
   * changes of the hour are counted again and only the first requests that fit under VOTES_PER_HOUR
   * are kept: instances racing past the limit never store more. Each kept request is a change row
   * (an executor's answer rides with its works change); the last kept choice per script and kind
   * wins, and the counters move by its difference against the stored vote. Scripts are updated in id
   * order (as the view flush does), so flushes of two processes wait for each other instead of
   * deadlocking; then, with every script's row held, the executor answers of the batch (under
   * COUNTS_LOCK, taken with the visitors' locks: docs/decisions/0040-works-answers-per-executor.md).
   */
  async apply(visitors: VisitorRequests[], now: number): Promise<AppliedVotes> {
    if (visitors.length === 0) return { stored: 0, dropped: 0, changed: [] };
    const ordered = [...visitors].sort((a, b) => byHash(a.visitorHash, b.visitorHash));
    const withExecutors = ordered.some(({ requests }) => requests.some((request) => request.executorId !== undefined));
    return transact(this.db, async (trx) => {
      await limitLockWaits(trx, this.db.dialect, FLUSH_LOCK_TIMEOUT_MS);
      const networksOf = new Map(ordered.flatMap(({ visitorHash, requests }) => (requests[0]?.networks ? [[visitorHash, requests[0].networks] as const] : [])));
      // A /48's lock covers its /56s: every count of the network caps is taken under it.
      const keys = [...ordered.map((visitor) => `votes:${visitor.visitorHash}`), ...[...networksOf.values()].map(({ n48 }) => `votes-network:${n48}`)];
      await lockKeys(trx, this.db.dialect, withExecutors ? [COUNTS_LOCK, ...keys] : keys);
      const used = await this.recentChanges(trx, ordered.map((visitor) => visitor.visitorHash), now - HOUR_MS);
      const kept = keepWithinLimit(await firstOfTheirKeys(trx, ordered), used);
      const changeRows = kept.changeHashes.map((visitor_hash) => ({ visitor_hash, changed_at: now }));
      for (let start = 0; start < changeRows.length; start += 500) {
        await trx.insertInto('script_vote_changes').values(changeRows.slice(start, start + 500)).execute();
      }
      const present: number[] = [];
      for (const [scriptId, choices] of [...kept.finals].sort(([a], [b]) => a - b)) {
        if (await this.applyToScript(trx, scriptId, choices, { networksOf, now, executorAnswers: kept.executors.get(scriptId) })) present.push(scriptId);
      }
      const answered = present.filter((scriptId) => kept.executors.has(scriptId));
      const changed = answered.length > 0 ? await applyExecutorAnswers(trx, this.db, kept.executors, answered) : [];
      return { stored: kept.stored, dropped: kept.dropped, changed };
    });
  }

  private async recentChanges(trx: Kysely<Database>, hashes: string[], since: number): Promise<Map<string, number>> {
    const rows = await trx
      .selectFrom('script_vote_changes')
      .select((eb) => ['visitor_hash', eb.fn.countAll().as('n')])
      .where('visitor_hash', 'in', hashes)
      .where('changed_at', '>', since)
      .groupBy('visitor_hash')
      .execute();
    return new Map(rows.map((row) => [row.visitor_hash, n(row.n)]));
  }

  /**
   * One script's final choices of this batch: the counters and rating, then the visitors' rows. A new
   * voter past its network's cap (NETWORK_VOTERS, counted again here under the /48's lock: processes
   * racing past it never store more) keeps nothing.
   */
  private async applyToScript(
    trx: Kysely<Database>,
    scriptId: number,
    choices: Map<string, Finals>,
    { networksOf, now, executorAnswers }: { networksOf: Map<string, Networks>; now: number; executorAnswers: Map<string, unknown> | undefined },
  ): Promise<boolean> {
    const all = [...choices.keys()].sort(byHash);
    const storedRows = await trx.selectFrom('script_votes').selectAll().where('script_id', '=', scriptId).where('visitor_hash', 'in', all).execute();
    const stored = new Map(storedRows.map((row) => [row.visitor_hash, row]));
    const hashes = await this.withinNetworkCaps(trx, scriptId, all, stored, choices, networksOf, now);
    // A dropped voter's executor answers go with its vote.
    for (const hash of all) if (!hashes.includes(hash)) executorAnswers?.delete(hash);
    const total: Counts = { likes: 0, dislikes: 0, worksYes: 0, worksNo: 0 };
    const rows = hashes.map((hash) => {
      const before = stored.get(hash);
      const final = choices.get(hash) ?? {};
      const row = {
        script_id: scriptId,
        visitor_hash: hash,
        vote: final.vote ? final.vote.value : choiceOf(before?.vote),
        works: final.works ? final.works.value : choiceOf(before?.works),
        vote_at: final.vote ? final.vote.at : choiceOf(before?.vote_at),
        works_at: final.works ? final.works.at : choiceOf(before?.works_at),
        network56: networksOf.get(hash)?.n56 ?? before?.network56 ?? null,
        network48: networksOf.get(hash)?.n48 ?? before?.network48 ?? null,
      };
      const moved = difference({ vote: choiceOf(before?.vote), works: choiceOf(before?.works) }, row);
      for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += moved[key];
      return row;
    });
    const updated = await trx
      .updateTable('scripts')
      .set((eb) => ({
        likes: eb('likes', '+', total.likes),
        dislikes: eb('dislikes', '+', total.dislikes),
        works_yes: eb('works_yes', '+', total.worksYes),
        works_no: eb('works_no', '+', total.worksNo),
      }))
      .where('id', '=', scriptId)
      .returning(['likes', 'dislikes'])
      .executeTakeFirst();
    // A script deleted since the vote was buffered keeps nothing (its rows went with it).
    if (!updated) return false;
    if (total.likes !== 0 || total.dislikes !== 0) {
      await trx.updateTable('scripts').set({ rating: wilsonLowerBound(n(updated.likes), n(updated.dislikes)) }).where('id', '=', scriptId).execute();
    }
    const cleared = rows.filter((row) => row.vote === null && row.works === null).map((row) => row.visitor_hash);
    if (cleared.length > 0) await trx.deleteFrom('script_votes').where('script_id', '=', scriptId).where('visitor_hash', 'in', cleared).execute();
    const kept = rows.filter((row) => row.vote !== null || row.works !== null);
    if (kept.length === 0) return true;
    await trx
      .insertInto('script_votes')
      .values(kept)
      .onConflict((conflict) =>
        conflict.columns(['script_id', 'visitor_hash']).doUpdateSet((eb) => ({
          vote: eb.ref('excluded.vote'),
          works: eb.ref('excluded.works'),
          vote_at: eb.ref('excluded.vote_at'),
          works_at: eb.ref('excluded.works_at'),
          network56: eb.ref('excluded.network56'),
          network48: eb.ref('excluded.network48'),
        })),
      )
      .execute();
    return true;
  }

  /** The batch's voters on the script less the new ones of a network already at its cap for the day. */
  private async withinNetworkCaps(
    trx: Kysely<Database>,
    scriptId: number,
    hashes: string[],
    stored: Map<string, { visitor_hash: string }>,
    choices: Map<string, Finals>,
    networksOf: Map<string, Networks>,
    now: number,
  ): Promise<string[]> {
    const joining = hashes.filter((hash) => !stored.has(hash) && networksOf.has(hash) && Object.values(choices.get(hash) ?? {}).some((final) => final?.value !== null));
    if (joining.length === 0) return hashes;
    const networks = [...new Set(joining.map((hash) => (networksOf.get(hash) as Networks).n48))];
    const rows = await trx
      .selectFrom('script_votes')
      .select(['network56', 'network48'])
      .where('script_id', '=', scriptId)
      .where('network48', 'in', networks)
      .where(LATEST, '>', now - DAY_MS)
      .execute();
    const count = new Map<string, number>();
    const add = (key: string) => count.set(key, (count.get(key) ?? 0) + 1);
    for (const row of rows) for (const key of [`56 ${row.network56}`, `48 ${row.network48}`]) add(key);
    const dropped = new Set<string>();
    for (const hash of joining) {
      const { n56, n48 } = networksOf.get(hash) as Networks;
      if ((count.get(`56 ${n56}`) ?? 0) >= NETWORK_VOTERS.n56 || (count.get(`48 ${n48}`) ?? 0) >= NETWORK_VOTERS.n48) dropped.add(hash);
      else for (const key of [`56 ${n56}`, `48 ${n48}`]) add(key);
    }
    return hashes.filter((hash) => !dropped.has(hash));
  }

  /** Forgets change rows older than the limit's hour; they can no longer refuse a vote. */
  async pruneChanges(before: number): Promise<void> {
    await this.db.kysely.deleteFrom('script_vote_changes').where('changed_at', '<=', before).execute();
  }
}

/** Staff marked a script working: its works answers count from `at` (docs/decisions/0020-votes.md#may-be-patched). */
export async function markWorksChecked(db: Db, scriptId: number, at: number, within?: Within<void>): Promise<boolean> {
  return transact(db, async (trx) => {
    const result = await trx.updateTable('scripts').set({ works_checked_at: at }).where('id', '=', scriptId).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    // Other processes drop the script's cached answers, which showed May be patched.
    await db.changes.record(trx, { kind: 'script', id: scriptId });
    await within?.(trx, undefined);
    return true;
  });
}
