import { rateLimited, unauthorized } from '../errors.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import type { Principal } from './policies.ts';
import { type Role, StaffRepository, usernameKey } from './repository.ts';
import { hashToken, newToken } from './tokens.ts';

export interface AuthOptions {
  sessionTtlMs: number;
  throttle: { maxFailures: number; windowMs: number };
}

const WRONG_CREDENTIALS = 'Invalid username or password';

/** Logins, sessions and the failed-login throttle for both staff roles. */
export class AuthService {
  constructor(
    private readonly repository: StaffRepository,
    private readonly options: AuthOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Checks the throttle first (a locked username or address gets 429 without a password check, so
   * guessing cannot go on), then the password; a wrong one counts against both keys.
   */
  async login(role: Role, username: string, password: string, address: string): Promise<{ token: string }> {
    const keys = [`${role}:user:${usernameKey(username)}`, `${role}:ip:${address}`];
    await this.assertNotThrottled(keys);

    const account = role === 'admin' ? await this.repository.findAdminByName(username) : await this.repository.findModeratorByName(username);
    // Unknown names cost a full hash check too, so timing does not tell which part was wrong.
    const valid = await verifyPassword(account?.password_hash ?? (await decoyHash()), password);
    if (!account || !valid) {
      await this.repository.recordFailures(keys, this.now());
      throw unauthorized(WRONG_CREDENTIALS);
    }
    await this.repository.clearFailures(keys[0] as string);
    const token = newToken();
    await this.repository.insertSession({
      tokenHash: hashToken(token),
      role,
      accountId: account.id,
      expiresAt: new Date(this.now() + this.options.sessionTtlMs),
    });
    return { token };
  }

  private async assertNotThrottled(keys: string[]) {
    const { maxFailures, windowMs } = this.options.throttle;
    const now = this.now();
    const counts = await this.repository.failuresSince(keys, now - windowMs);
    const blocked = counts.filter((count) => count.failures >= maxFailures);
    if (blocked.length === 0) return;
    // The window frees up when the oldest failure in it ages out.
    const retryAfterMs = Math.max(...blocked.map((count) => count.oldest + windowMs - now));
    throw rateLimited('Too many failed login attempts. Try again later.', retryAfterMs / 1000);
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

  async logout(token: string): Promise<void> {
    await this.repository.deleteSession(hashToken(token));
  }

  /** Housekeeping: expired sessions and failures outside the window can go. */
  async prune(): Promise<void> {
    const now = this.now();
    await this.repository.deleteExpiredSessions(new Date(now));
    await this.repository.pruneFailures(now - this.options.throttle.windowMs);
  }
}
