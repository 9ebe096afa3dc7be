import { type AuditAction, type AuditEntry, type AuditObjectType, auditChangesSchema } from '../../contract/index.ts';
import { toIso } from '../shared/dates.ts';
import type { AuditRow } from './repository.ts';

/** A log row as the API shows it; the changes are parsed back from their JSON text. */
export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: toIso(row.at),
    actor: { role: row.actor_role, id: Number(row.actor_id), name: row.actor_name },
    // Written only by AuditLog.record, whose types hold the contract's codes.
    action: row.action as AuditAction,
    object: { type: row.object_type as AuditObjectType, id: row.object_id === null ? null : Number(row.object_id), label: row.object_label },
    changes: row.changes === null ? null : (auditChangesSchema.safeParse(JSON.parse(row.changes)).data ?? null),
  };
}
