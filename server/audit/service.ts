import type { AuditAction, AuditChanges, AuditObjectType, AuditPage, AuditQuery, AuditValue } from '../../contract/index.ts';
import type { Principal } from '../policies/policies.ts';
import { toAuditEntry } from './presenter.ts';
import type { Within } from '../db/within.ts';
import type { AuditInsert, AuditRepository } from './repository.ts';

export interface AuditRecord {
  action: AuditAction;
  object: { type: AuditObjectType; id: number | null; label?: string | null | undefined };
  changes?: AuditChanges | undefined;
}

/** The fields that differ between two snapshots, as `{ field: { from, to } }`; undefined when none do. */
export function changesBetween(before: Record<string, AuditValue>, after: Record<string, AuditValue | undefined>): AuditChanges | undefined {
  const changes: AuditChanges = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** What a creation set (`{ field: { to } }`) or a deletion removed (`{ field: { from } }`). */
export function snapshot(values: Record<string, AuditValue>, side: 'to' | 'from'): AuditChanges {
  return Object.fromEntries(Object.entries(values).map(([field, value]) => [field, { [side]: value }]));
}

/**
 * The moderation log (docs/decisions/0019-moderation-log.md). Each staff write records itself in its own
 * transaction (`within`, run by the repository just before it commits): a write never lands without its
 * entry, nor an entry without its write. The entry names the actor, the action, the object and what
 * changed. Callers pass only what a person may read back: never a password, a token or image bytes (an
 * image is its key).
 */
export class AuditLog {
  constructor(
    private readonly repository: AuditRepository,
    private readonly options: { clock?: (() => number) | undefined } = {},
  ) {}

  /**
   * The write's entry, built from what it wrote (none when `entry` answers undefined), inserted in
   * its transaction: a failed insert fails the write, which rolls back. Undefined without an actor.
   */
  within<R>(actor: Principal | undefined, entry: (written: R) => AuditRecord | AuditRecord[] | undefined): Within<R> | undefined {
    if (!actor) return undefined;
    return async (trx, written) => {
      const records = entry(written);
      for (const record of Array.isArray(records) ? records : records ? [records] : []) await this.repository.insert(this.rowOf(actor, record), trx);
    };
  }

  private rowOf(actor: Principal, record: AuditRecord): AuditInsert {
    return {
      at: new Date((this.options.clock ?? Date.now)()),
      actorRole: actor.role,
      actorId: actor.role === 'admin' ? actor.adminId : actor.moderatorId,
      action: record.action,
      objectType: record.object.type,
      objectId: record.object.id,
      objectLabel: record.object.label ?? null,
      changes: record.changes ? JSON.stringify(record.changes) : null,
    };
  }

  async page(query: AuditQuery): Promise<AuditPage> {
    const [rows, total] = await Promise.all([this.repository.page(query), this.repository.count(query)]);
    return { items: rows.map(toAuditEntry), total };
  }
}
