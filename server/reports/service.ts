import { type Report, type ReportAction, type ReportInput, type ReportListQuery, type ReportPage, REPORT_WINDOW_MS, REPORTS_PER_VISITOR } from '../../contract/index.ts';
import type { AuditLog } from '../audit/service.ts';
import { conflict, forbidden, notFound, rateLimited } from '../shared/errors.ts';
import type { PublicCache } from '../cache/public-cache.ts';
import type { StaffScriptService } from '../scripts/staff-service.ts';
import { isCountable, type Visitor, visitorHash, visitorNetworks } from '../visitors/visitor.ts';
import { WIDER_FACTORS } from '../shared/client-address.ts';
import { canDecideReport, type Principal, reportScope } from '../policies/policies.ts';
import { toReport } from './presenter.ts';
import type { ReportRepository } from './repository.ts';

/**
 * Visitors' reports and the review queue (docs/decisions/0021-hidden-scripts-and-reports.md#reports): a report is taken from a
 * visitor views would count, at most REPORTS_PER_VISITOR an hour on every instance; staff see theirs
 * and decide, and one decision resolves every open report of the script.
 */
export class ReportService {
  constructor(
    private readonly repository: ReportRepository,
    private readonly staffScripts: StaffScriptService,
    private readonly cache: PublicCache,
    private readonly clock: () => number = Date.now,
    private readonly audit?: AuditLog,
  ) {}

  async report(scriptId: number, input: ReportInput, visitor: Visitor): Promise<{ id: number; received: true }> {
    // The identity views use: crawlers and clients without a User-Agent have none to limit.
    if (!isCountable(visitor.userAgent)) throw forbidden('Reports are taken from browsers only');
    const networks = visitorNetworks(visitor);
    const outcome = await this.repository.create({
      scriptId,
      reason: input.reason,
      details: (input.details ?? '').trim(),
      visitorHash: visitorHash(visitor),
      now: this.clock(),
      max: REPORTS_PER_VISITOR,
      windowMs: REPORT_WINDOW_MS,
      // A /48 may report what four visitors may, a /56 two: one holder of a /48 cannot post 65,536 × 5 an hour.
      networks: networks && [
        { column: 'network56', hash: networks.n56, max: WIDER_FACTORS[56] * REPORTS_PER_VISITOR },
        { column: 'network48', hash: networks.n48, max: WIDER_FACTORS[48] * REPORTS_PER_VISITOR },
      ],
    });
    if (outcome.kind === 'no-script') throw notFound('Script not found');
    if (outcome.kind === 'limited') {
      const message = outcome.network ? 'Too many reports from your network in the last hour; try again later' : 'Too many reports from you in the last hour; try again later';
      throw rateLimited(message, outcome.retryAfterMs / 1000);
    }
    return { id: outcome.id, received: true };
  }

  async page(principal: Principal, { state, reason, limit, offset }: ReportListQuery): Promise<ReportPage> {
    const filter = { ...reportScope(principal), state, reason };
    const [rows, total] = await Promise.all([this.repository.list(filter, limit, offset), this.repository.count(filter)]);
    return { items: rows.map(toReport), total };
  }

  /** A report the caller may not decide is 404, as another moderator's script is; a resolved one is 409. */
  async decide(principal: Principal, id: number, action: ReportAction): Promise<Report> {
    const report = await this.repository.find(id);
    const script = Number(report?.live_exists) === 1 ? { owner_moderator_id: report?.live_owner ?? null } : undefined;
    if (!report || !canDecideReport(principal, script)) throw notFound('Report not found');
    if (report.state !== 'open') throw conflict('This report is already resolved');
    const decidedBy = await this.repository.usernameOf(principal);
    const asked = toReport(report);
    // The decision's log entry, in the decision's own transaction.
    const logged = this.audit?.within<unknown>(principal, () => ({
      action: `report.${action}`,
      object: { type: 'report', id, label: asked.scriptName },
      changes: { script: { to: `#${asked.scriptId} ${asked.scriptName}` }, reason: { to: asked.reason }, decision: { to: action } },
    }));
    if (action === 'delete') {
      // The staff lists' own delete: the row, then its image; the deletion's trigger resolves the open
      // reports, and the same transaction names who decided.
      await this.staffScripts.delete(principal, report.script_id, async (trx, row) => {
        await this.repository.nameDeleter(report.script_id, decidedBy, trx);
        await logged?.(trx, row);
      });
    } else {
      if (!(await this.repository.decide(id, action, decidedBy, this.clock(), logged))) throw conflict('This report is already resolved');
      if (action === 'hide') this.cache.changed({ kind: 'script', id: report.script_id });
    }
    const decided = await this.repository.find(id);
    if (!decided) throw notFound('Report not found');
    return toReport(decided);
  }
}
