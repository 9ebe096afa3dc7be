import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../server/staff/passwords.ts';
import type { TestContext } from './app.ts';

export interface Account {
  id: number;
  username: string;
  password: string;
  token: string;
}

let sequence = 0;

/**
 * One Argon2 hash per password per test process: the accounts the helpers make share the few default
 * passwords, and hashing one at OWASP's cost for every account was most of what an account cost. Each
 * login still verifies the password against its hash, as the server always does.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Each login comes from its own address, so the per-address throttle never trips across tests. */
const nextAddress = () => `10.0.${Math.floor(sequence / 250)}.${(sequence % 250) + 1}`;

export async function createAdmin(ctx: TestContext, username = `admin${++sequence}`, password = 'admin-password-1'): Promise<Account> {
  const { id } = await ctx.services.staff.upsertAdmin(username, await hashOnce(password));
  const response = await ctx.app.inject({ method: 'POST', url: '/api/al', payload: { username, password }, remoteAddress: nextAddress() });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return { id, username, password, token: response.json().token };
}

export async function createModerator(ctx: TestContext, username = `mod${++sequence}`, password = 'moderator-password-1'): Promise<Account> {
  const row = await ctx.services.staff.insertModerator(username, await hashOnce(password));
  if (!row) throw new Error(`moderator ${username} exists`);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { UserName: username, Password: password }, remoteAddress: nextAddress() });
  if (response.statusCode !== 200) throw new Error(`moderator login failed: ${response.body}`);
  return { id: row.id, username, password, token: response.json().token };
}

/** Injects a request carrying the account's bearer token. */
export function injectAs(ctx: TestContext, account: Pick<Account, 'token'> | undefined, options: InjectOptions): Promise<LightMyRequestResponse> {
  const headers = { ...(options.headers ?? {}), ...(account ? { authorization: `Bearer ${account.token}` } : {}) };
  return ctx.app.inject({ ...options, headers });
}

export { nextAddress };
