import { type Kysely, type Selectable, sql } from 'kysely';
import type { AuditQuery } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import type { AuditLogTable, Database } from '../db/types.ts';

export type AuditRow = Selectable<AuditLogTable>;

export interface AuditInsert {
  at: Date;
  actorRole: 'admin' | 'moderator';
  actorId: number;
  action: string;
  objectType: string;
  objectId: number | null;
  objectLabel: string | null;
  changes: string | null;
}

/** All SQL of the moderation log: inserts and reads, nothing else (the table refuses edits and deletes). */
export class AuditRepository {
  private readonly k: Kysely<Database>;

  constructor(db: Db) {
    this.k = db.kysely;
  }

  /**
   * Inserts one entry under the actor's current name (a deleted account is named by its id); `k` is
   * the staff write's own transaction, so the entry and the write land together.
   */
  async insert(entry: AuditInsert, k: Kysely<Database> = this.k): Promise<void> {
    const accounts = entry.actorRole === 'admin' ? 'admins' : 'moderators';
    const account = await k.selectFrom(accounts).select('username').where('id', '=', entry.actorId).executeTakeFirst();
    await k
      .insertInto('audit_log')
      .values({
        at: entry.at.toISOString(),
        actor_role: entry.actorRole,
        actor_id: entry.actorId,
        actor_name: account?.username ?? `#${entry.actorId}`,
        action: entry.action,
        object_type: entry.objectType,
        object_id: entry.objectId,
        object_label: entry.objectLabel,
        changes: entry.changes,
      })
      .execute();
  }

  private filtered({ actor, action }: Pick<AuditQuery, 'actor' | 'action'>) {
    let query = this.k.selectFrom('audit_log');
    if (actor !== undefined) query = query.where(sql<string>`lower(actor_name)`, '=', actor.toLowerCase());
    if (action !== undefined) query = query.where('action', '=', action);
    return query;
  }

  page(query: AuditQuery): Promise<AuditRow[]> {
    return this.filtered(query).selectAll().orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
  }

  async count(query: Pick<AuditQuery, 'actor' | 'action'>): Promise<number> {
    const row = await this.filtered(query).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
