import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { lockKeys } from '../db/locks.ts';
import { containsCondition } from '../db/search.ts';
import type { AdminRow, Database, ModeratorRow } from '../db/types.ts';
import type { Within } from '../db/within.ts';

export type Role = 'admin' | 'moderator';

export interface SessionPrincipalRow {
  role: Role;
  admin_id: number | null;
  moderator_id: number | null;
  expires_at: Date | string;
}

/** Case-insensitive uniqueness: the stored key is the lower-cased name. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/** All SQL about staff accounts, sessions and failed logins. */
export class StaffRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely;
  }

  // Moderators

  findModeratorByName(username: string): Promise<ModeratorRow | undefined> {
    return this.k.selectFrom('moderators').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
  }

  findModerator(id: number): Promise<ModeratorRow | undefined> {
    return this.k.selectFrom('moderators').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listModerators(options: { limit?: number; offset?: number; q?: string } = {}) {
    let query = this.k.selectFrom('moderators').select(['id', 'username', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (options.q) query = query.where(containsCondition(this.db.dialect, 'moderators.username_key', options.q));
    if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
    return query.execute();
  }

  async countModerators(q?: string): Promise<number> {
    let query = this.k.selectFrom('moderators').select((eb) => eb.fn.countAll<number>().as('total'));
    if (q) query = query.where(containsCondition(this.db.dialect, 'moderators.username_key', q));
    return Number((await query.executeTakeFirstOrThrow()).total);
  }

  /** Inserts a moderator; undefined when the name is taken (any case). */
  async insertModerator(username: string, passwordHash: string, within?: Within<ModeratorRow>): Promise<ModeratorRow | undefined> {
    return this.k.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('moderators')
        .values({ username, username_key: usernameKey(username), password_hash: passwordHash, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('username_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (row) await within?.(trx, row);
      return row;
    });
  }

  /** Deletes the moderator and its sessions; its scripts pass to the admin (owner null). */
  async deleteModerator(id: number, within?: Within<{ id: number; username: string }>): Promise<{ id: number; username: string } | undefined> {
    return this.k.transaction().execute(async (trx) => {
      await trx.updateTable('scripts').set({ owner_moderator_id: null }).where('owner_moderator_id', '=', id).execute();
      await trx.deleteFrom('sessions').where('moderator_id', '=', id).execute();
      const row = await trx.deleteFrom('moderators').where('id', '=', id).returning(['id', 'username']).executeTakeFirst();
      if (row) await within?.(trx, row);
      return row;
    });
  }

  // Admins

  findAdminByName(username: string): Promise<AdminRow | undefined> {
    return this.k.selectFrom('admins').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
  }

  findAdmin(id: number): Promise<AdminRow | undefined> {
    return this.k.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Creates the first admin unless one exists, atomically: of instances starting together on an
   * empty database exactly one creates it (and prints its password); the others answer false.
   */
  async createFirstAdmin(username: string, passwordHash: string): Promise<boolean> {
    return this.k.transaction().execute(async (trx) => {
      await lockKeys(trx, this.db.dialect, ['admins:first']);
      const any = await trx.selectFrom('admins').select('id').limit(1).executeTakeFirst();
      if (any) return false;
      await trx
        .insertInto('admins')
        .values({ username, username_key: usernameKey(username), password_hash: passwordHash, created_at: new Date().toISOString() })
        .execute();
      return true;
    });
  }

  async countAdmins(): Promise<number> {
    const row = await this.k.selectFrom('admins').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * Creates the admin or resets its password; a reset also ends its sessions. Instances starting
   * together take the name's lock in turn, so the second finds the first's row instead of failing.
   */
  async upsertAdmin(username: string, passwordHash: string): Promise<{ id: number; created: boolean }> {
    return this.k.transaction().execute(async (trx) => {
      await lockKeys(trx, this.db.dialect, [`admin:${usernameKey(username)}`]);
      const existing = await trx.selectFrom('admins').select('id').where('username_key', '=', usernameKey(username)).executeTakeFirst();
      if (existing) {
        await trx.updateTable('admins').set({ password_hash: passwordHash, username }).where('id', '=', existing.id).execute();
        await trx.deleteFrom('sessions').where('admin_id', '=', existing.id).execute();
        return { id: existing.id, created: false };
      }
      const row = await trx
        .insertInto('admins')
        .values({ username, username_key: usernameKey(username), password_hash: passwordHash, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, created: true };
    });
  }

  // Sessions

  /** Inserts a session; `within` (the login's log entry) in the same transaction. */
  async insertSession(session: { tokenHash: string; role: Role; accountId: number; expiresAt: Date }, within?: Within<void>): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await this.insertSessionRow(trx, session);
      await within?.(trx, undefined);
    });
  }

  private async insertSessionRow(trx: Kysely<Database>, session: { tokenHash: string; role: Role; accountId: number; expiresAt: Date }): Promise<void> {
    await trx
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        role: session.role,
        admin_id: session.role === 'admin' ? session.accountId : null,
        moderator_id: session.role === 'moderator' ? session.accountId : null,
        created_at: new Date().toISOString(),
        expires_at: session.expiresAt.toISOString(),
      })
      .execute();
  }

  findSession(tokenHash: string): Promise<SessionPrincipalRow | undefined> {
    return this.k
      .selectFrom('sessions')
      .select(['role', 'admin_id', 'moderator_id', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Deletes a session; `within` (the logout's log entry) in the same transaction. */
  async deleteSession(tokenHash: string, within?: Within<void>): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      await within?.(trx, undefined);
    });
  }

  async deleteExpiredSessions(now: Date): Promise<void> {
    await this.k.deleteFrom('sessions').where('expires_at', '<', now.toISOString()).execute();
  }

  // Failed logins

  /**
   * Runs `step` in one transaction holding the throttle keys' locks on every instance, so checking an
   * attempt against the counts and reserving it is one atomic step. Keep `step` to a few queries: on
   * SQLite the transaction holds the process's only connection (never check a password inside it).
   */
  lockFailures<T>(keys: string[], step: (ledger: FailureLedger) => Promise<T>): Promise<T> {
    return this.k.transaction().execute(async (trx) => {
      await lockKeys(trx, this.db.dialect, keys);
      return step(failureLedger(trx));
    });
  }

  /** Deletes every attempt that has a row under `pairKey` (each attempt's rows under every key). */
  async clearFailureAttempts(pairKey: string): Promise<void> {
    await this.k
      .deleteFrom('login_failures')
      .where('attempt_id', 'in', (eb) => eb.selectFrom('login_failures').select('attempt_id').where('throttle_key', '=', pairKey))
      .execute();
  }

  async pruneFailures(before: number): Promise<void> {
    await this.k.deleteFrom('login_failures').where('failed_at', '<=', before).execute();
  }
}

/** Failures under `key` that happened after `since` (the window's start). */
export interface FailureWindow {
  key: string;
  since: number;
}

/** Failed-login rows as seen inside StaffRepository.lockFailures' transaction. */
export interface FailureLedger {
  /** Failures per key inside its window; keys without any are absent. */
  count(windows: FailureWindow[]): Promise<Map<string, number>>;
  /** When the failure at `index` inside the window (0 = the oldest) happened. */
  failedAt(window: FailureWindow, index: number): Promise<number>;
  /** One row per key for the attempt, counted as a failure until a success deletes it. */
  record(keys: string[], attemptId: string, at: number): Promise<void>;
}

function failureLedger(trx: Kysely<Database>): FailureLedger {
  return {
    async count(windows) {
      const rows = await trx
        .selectFrom('login_failures')
        .select((eb) => ['throttle_key', eb.fn.countAll<number>().as('failures')])
        .where((eb) => eb.or(windows.map(({ key, since }) => eb.and([eb('throttle_key', '=', key), eb('failed_at', '>', since)]))))
        .groupBy('throttle_key')
        .execute();
      return new Map(rows.map((row) => [row.throttle_key, Number(row.failures)]));
    },
    async failedAt({ key, since }, index) {
      const row = await trx
        .selectFrom('login_failures')
        .select('failed_at')
        .where('throttle_key', '=', key)
        .where('failed_at', '>', since)
        .orderBy('failed_at')
        .limit(1)
        .offset(index)
        .executeTakeFirstOrThrow();
      return Number(row.failed_at);
    },
    async record(keys, attemptId, at) {
      await trx
        .insertInto('login_failures')
        .values(keys.map((throttle_key) => ({ throttle_key, failed_at: at, attempt_id: attemptId })))
        .execute();
    },
  };
}
