import { randomUUID } from 'node:crypto';
import { addressGroup } from '../shared/client-address.ts';
import { LOGIN_THROTTLE_DEFAULTS } from '../shared/config.ts';
import { rateLimited, unauthorized } from '../shared/errors.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import type { AuditLog } from '../audit/service.ts';
import type { Principal } from '../policies/policies.ts';
import { type FailureLedger, type FailureWindow, type Role, StaffRepository, usernameKey } from './repository.ts';
import { hashToken, newToken } from './tokens.ts';

export interface ThrottleOptions {
  /** Failures one address may make for one username in `windowMs` (LOGIN_MAX_FAILURES). */
  maxFailures: number;
  /** The window of the pair and address limits (LOGIN_WINDOW_MINUTES). */
  windowMs: number;
  /** Failures one address may make across all usernames in `windowMs` (LOGIN_ADDRESS_MAX_FAILURES). */
  addressMaxFailures?: number;
  /** Failures for one username from all addresses per minute (LOGIN_USERNAME_MAX_FAILURES_PER_MINUTE). */
  usernameMaxFailuresPerMinute?: number;
}

export interface AuthOptions {
  sessionTtlMs: number;
  throttle: ThrottleOptions;
}

const WRONG_CREDENTIALS = 'Invalid username or password';
const THROTTLED = 'Too many failed login attempts. Try again later.';
const MINUTE_MS = 60 * 1000;

/** The three counters of one attempt; JSON keeps a name and an address apart whatever they contain. */
function throttleKeys(role: Role, username: string, address: string) {
  const name = usernameKey(username);
  const where = addressGroup(address);
  return { pair: `${role}:pair:${JSON.stringify([name, where])}`, address: `${role}:ip:${where}`, username: `${role}:user:${name}` };
}

/** Logins, sessions and the failed-login throttle for both staff roles. */
export class AuthService {
  private readonly limits: Required<ThrottleOptions>;

  constructor(
    private readonly repository: StaffRepository,
    private readonly options: AuthOptions,
    private readonly now: () => number = Date.now,
    private readonly audit?: AuditLog,
  ) {
    const { throttle } = options;
    this.limits = {
      ...throttle,
      addressMaxFailures: throttle.addressMaxFailures ?? LOGIN_THROTTLE_DEFAULTS.addressMaxFailures,
      usernameMaxFailuresPerMinute: throttle.usernameMaxFailuresPerMinute ?? LOGIN_THROTTLE_DEFAULTS.usernameMaxFailuresPerMinute,
    };
  }

  /**
   * Reserves the attempt against the throttle first (429 without a password check, so guessing cannot
   * go on), then checks the password outside any transaction. A wrong password leaves the reservation
   * as the failure; a right one deletes it with the pair's earlier failures.
   */
  async login(role: Role, username: string, password: string, address: string): Promise<{ token: string }> {
    const keys = throttleKeys(role, username, address);
    await this.reserveAttempt(keys);

    const account = role === 'admin' ? await this.repository.findAdminByName(username) : await this.repository.findModeratorByName(username);
    // Unknown names cost a full hash check too, so timing does not tell which part was wrong.
    const valid = await verifyPassword(account?.password_hash ?? (await decoyHash()), password);
    if (!account || !valid) throw unauthorized(WRONG_CREDENTIALS);

    await this.repository.clearFailureAttempts(keys.pair);
    const token = newToken();
    const actor: Principal = role === 'admin' ? { role, adminId: account.id } : { role, moderatorId: account.id };
    const session = { tokenHash: hashToken(token), role, accountId: account.id, expiresAt: new Date(this.now() + this.options.sessionTtlMs) };
    await this.repository.insertSession(session, this.audit?.within<void>(actor, () => ({ action: 'login', object: { type: 'session', id: null } })));
    return { token };
  }

  /**
   * One atomic step on every instance: count the attempt's failures and either refuse it (429 with
   * the seconds until every rule it breaks lets go) or record it as a failure until proven right.
   */
  private async reserveAttempt(keys: ReturnType<typeof throttleKeys>): Promise<void> {
    const now = this.now();
    const { maxFailures, windowMs, addressMaxFailures, usernameMaxFailuresPerMinute } = this.limits;
    const pair = { key: keys.pair, since: now - windowMs };
    const address = { key: keys.address, since: now - windowMs };
    const username = { key: keys.username, since: now - MINUTE_MS };

    await this.repository.lockFailures(Object.values(keys), async (ledger) => {
      const counts = await ledger.count([pair, address, username]);
      const count = (window: FailureWindow) => counts.get(window.key) ?? 0;
      const waits: number[] = [];
      if (count(pair) >= maxFailures) waits.push(await msUntilBelow(ledger, pair, count(pair), maxFailures));
      if (count(address) >= addressMaxFailures) waits.push(await msUntilBelow(ledger, address, count(address), addressMaxFailures));
      // Many failures for this username across addresses hold back only addresses that already failed for it:
      // any other address still gets its password checked, so the owner is never locked out by others.
      if (count(username) >= usernameMaxFailuresPerMinute && count(pair) > 0) {
        const untilQuiet = await msUntilBelow(ledger, username, count(username), usernameMaxFailuresPerMinute);
        const untilForgotten = await msUntilBelow(ledger, pair, count(pair), 1);
        waits.push(Math.min(untilQuiet, untilForgotten));
      }
      if (waits.length > 0) throw rateLimited(THROTTLED, Math.max(...waits) / 1000);
      await ledger.record(Object.values(keys), randomUUID(), now);
    });
  }

  /** The principal behind a bearer token, or undefined when it is unknown, expired or its account is gone. */
  async authenticate(token: string): Promise<Principal | undefined> {
    const session = await this.repository.findSession(hashToken(token));
    if (!session) return undefined;
    if (new Date(session.expires_at).getTime() <= this.now()) return undefined;
    if (session.role === 'admin' && session.admin_id !== null) return { role: 'admin', adminId: session.admin_id };
    if (session.role === 'moderator' && session.moderator_id !== null) return { role: 'moderator', moderatorId: session.moderator_id };
    return undefined;
  }

  /** Ends the session; the actor's logout is recorded in the moderation log. */
  async logout(token: string, actor?: Principal): Promise<void> {
    await this.repository.deleteSession(hashToken(token), this.audit?.within<void>(actor, () => ({ action: 'logout', object: { type: 'session', id: null } })));
  }

  /** Housekeeping: expired sessions and failures outside every window can go. */
  async prune(): Promise<void> {
    const now = this.now();
    await this.repository.deleteExpiredSessions(new Date(now));
    await this.repository.pruneFailures(now - Math.max(this.limits.windowMs, MINUTE_MS));
  }
}

/**
 * Milliseconds until fewer than `limit` failures sit in the window: when the failure that must leave
 * for that (the (count - limit + 1)-th oldest) ages out of it.
 */
async function msUntilBelow(ledger: FailureLedger, window: FailureWindow, count: number, limit: number): Promise<number> {
  // A failure at t leaves the window [now - length, now] at t + length; since = now - length.
  return (await ledger.failedAt(window, count - limit)) - window.since;
}
