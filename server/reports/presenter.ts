import type { Report } from '../../contract/index.ts';
import { toIso } from '../shared/dates.ts';
import type { ListedReportRow } from './repository.ts';

/** A report as staff see it: the script's current name while it exists, the kept one after. */
export function toReport(row: ListedReportRow): Report {
  const exists = Number(row.live_exists) === 1;
  return {
    id: Number(row.id),
    scriptId: Number(row.script_id),
    scriptName: exists && row.live_name !== null ? row.live_name : row.script_name,
    scriptExists: exists,
    scriptHidden: exists && Number(row.live_hidden) === 1,
    reason: row.reason,
    details: row.details,
    state: row.state,
    decision: row.decision,
    createdAt: toIso(row.created_at),
    decidedAt: row.decided_at === null ? null : toIso(row.decided_at),
    decidedBy: row.decided_by,
  };
}
