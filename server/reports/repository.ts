import { type Kysely, sql } from 'kysely';
import type { ReportAction, ReportReason, ReportState } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { lockCounts, lockKeys } from '../db/locks.ts';
import { transact } from '../db/transact.ts';
import type { Database, ReportRow } from '../db/types.ts';
import type { Within } from '../db/within.ts';
import { writeHidden } from '../scripts/visibility-repository.ts';

/** A report with what its script is now: gone (null), or its name, owner and visibility. */
export type ListedReportRow = ReportRow & { live_name: string | null; live_hidden: number | null; live_owner: number | null; live_exists: number | null };

export interface NewReport {
  scriptId: number;
  reason: ReportReason;
  details: string;
  visitorHash: string;
  now: number;
  /** At most `max` reports per visitor within `windowMs` before `now`. */
  max: number;
  windowMs: number;
  /** The visitor's /56 and /48 (IPv6), each with its own, larger, maximum in the same window. */
  networks?: { column: 'network56' | 'network48'; hash: string; max: number }[] | undefined;
}

export type ReportOutcome = { kind: 'created'; id: number } | { kind: 'no-script' } | { kind: 'limited'; retryAfterMs: number; network: boolean };

type ReportCounter = 'visitor_hash' | 'network56' | 'network48';

export interface ReportFilter {
  ownerModeratorId?: number | undefined;
  state?: ReportState | undefined;
  reason?: ReportReason | undefined;
}

const epoch = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

/** All SQL of reports (docs/decisions/0021-hidden-scripts-and-reports.md#reports). */
export class ReportRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely;
  }

  /**
   * One atomic step on every instance: under the visitor's and its networks' key locks (PostgreSQL;
   * SQLite's write transaction holds the one write lock), the script must be visible, the reports of
   * the window are counted for the visitor and for its /56 and /48, and the report is stored only when
   * each is under its limit.
   */
  async create(report: NewReport): Promise<ReportOutcome> {
    const networks = report.networks ?? [];
    return transact(this.db, async (trx) => {
      await lockKeys(trx, this.db.dialect, [`report:${report.visitorHash}`, ...networks.map(({ hash }) => `report-network:${hash}`)]);
      const script = await trx.selectFrom('scripts').select(['playsname', 'hidden']).where('id', '=', report.scriptId).executeTakeFirst();
      if (!script || Number(script.hidden) === 1) return { kind: 'no-script' };
      const limits: [ReportCounter, string, number][] = [['visitor_hash', report.visitorHash, report.max], ...networks.map(({ column, hash, max }): [ReportCounter, string, number] => [column, hash, max])];
      for (const [column, value, max] of limits) {
        const retryAfterMs = await this.fullWindow(trx, column, value, max, report);
        if (retryAfterMs !== undefined) return { kind: 'limited', retryAfterMs, network: column !== 'visitor_hash' };
      }
      const byNetwork = Object.fromEntries(networks.map(({ column, hash }) => [column, hash]));
      const { id } = await trx
        .insertInto('reports')
        .values({
          script_id: report.scriptId,
          script_name: script.playsname,
          reason: report.reason,
          details: report.details,
          visitor_hash: report.visitorHash,
          network56: byNetwork.network56 ?? null,
          network48: byNetwork.network48 ?? null,
          created_at: new Date(report.now).toISOString(),
          decision: null,
          decided_at: null,
          decided_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { kind: 'created', id: Number(id) };
    });
  }

  /** The milliseconds until `column = value` has room again in the window, or undefined when it has room now. */
  private async fullWindow(trx: Kysely<Database>, column: ReportCounter, value: string, max: number, report: NewReport): Promise<number | undefined> {
    const since = new Date(report.now - report.windowMs).toISOString();
    const recent = await trx.selectFrom('reports').select('created_at').where(column, '=', value).where('created_at', '>', since).orderBy('created_at', 'desc').limit(max).execute();
    if (recent.length < max) return undefined;
    // The window lets another report in when the oldest of the newest `max` leaves it.
    const oldest = recent[recent.length - 1] as { created_at: Date | string };
    return epoch(oldest.created_at) + report.windowMs - report.now;
  }

  private listed(executor: Kysely<Database> = this.k) {
    return executor
      .selectFrom('reports')
      .leftJoin('scripts', 'scripts.id', 'reports.script_id')
      .selectAll('reports')
      .select([
        'scripts.playsname as live_name',
        'scripts.hidden as live_hidden',
        'scripts.owner_moderator_id as live_owner',
        sql<number | null>`CASE WHEN scripts.id IS NULL THEN 0 ELSE 1 END`.as('live_exists'),
      ]);
  }

  private filtered({ ownerModeratorId, state, reason }: ReportFilter) {
    let query = this.listed();
    // A moderator's: reports on scripts it owns now (a deleted script's stay the admin's).
    if (ownerModeratorId !== undefined) query = query.where('scripts.owner_moderator_id', '=', ownerModeratorId);
    if (state !== undefined) query = query.where('reports.state', '=', state);
    if (reason !== undefined) query = query.where('reports.reason', '=', reason);
    return query;
  }

  async list(filter: ReportFilter, limit: number, offset: number): Promise<ListedReportRow[]> {
    return this.filtered(filter).orderBy('reports.created_at', 'desc').orderBy('reports.id', 'desc').limit(limit).offset(offset).execute();
  }

  async count(filter: ReportFilter): Promise<number> {
    const row = await this.filtered(filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  find(id: number): Promise<ListedReportRow | undefined> {
    return this.listed().where('reports.id', '=', id).executeTakeFirst();
  }

  /**
   * Dismisses or hides: in one transaction, the report must still be open (under its row's lock on
   * PostgreSQL), the script is hidden for `hide`, and every open report of the script is resolved
   * with the decision. Answers false when the report was already resolved.
   */
  async decide(reportId: number, action: Exclude<ReportAction, 'delete'>, decidedBy: string, now: number, within?: Within<void>): Promise<boolean> {
    return transact(this.db, async (trx) => {
      // A hide moves the script out of the shared counts: their lock first, before the report's row.
      if (action === 'hide') await lockCounts(trx, this.db.dialect);
      let select = trx.selectFrom('reports').select(['script_id', 'state']).where('id', '=', reportId);
      if (this.db.dialect === 'postgres') select = select.forUpdate();
      const report = await select.executeTakeFirst();
      if (!report || report.state !== 'open') return false;
      if (action === 'hide') await writeHidden(trx, this.db.changes, report.script_id, true);
      await resolveOpen(trx, report.script_id, action, decidedBy, now);
      await within?.(trx, undefined);
      return true;
    });
  }

  /** After a report's delete: the deletion's trigger resolved the script's open reports; this names who decided. */
  async nameDeleter(scriptId: number, decidedBy: string, k: Kysely<Database> = this.k): Promise<void> {
    await k
      .updateTable('reports')
      .set({ decided_by: decidedBy })
      .where('script_id', '=', scriptId)
      .where('decision', '=', 'delete')
      .where('decided_by', 'is', null)
      .execute();
  }

  /** The username of the staff member acting, for `decided_by`. */
  async usernameOf(principal: { role: 'admin'; adminId: number } | { role: 'moderator'; moderatorId: number }): Promise<string> {
    const row =
      principal.role === 'admin'
        ? await this.k.selectFrom('admins').select('username').where('id', '=', principal.adminId).executeTakeFirst()
        : await this.k.selectFrom('moderators').select('username').where('id', '=', principal.moderatorId).executeTakeFirst();
    return row?.username ?? principal.role;
  }
}

function resolveOpen(trx: Kysely<Database>, scriptId: number, decision: ReportAction, decidedBy: string, now: number) {
  return trx
    .updateTable('reports')
    .set({ state: 'resolved', decision, decided_at: new Date(now).toISOString(), decided_by: decidedBy })
    .where('script_id', '=', scriptId)
    .where('state', '=', 'open')
    .execute();
}
