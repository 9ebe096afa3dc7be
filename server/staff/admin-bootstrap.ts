import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { StaffRepository } from './repository.ts';

export type BootstrapResult =
  | { kind: 'configured'; username: string; created: boolean }
  | { kind: 'generated'; username: string; password: string }
  | { kind: 'unchanged' };

/**
 * docs/product.md#admin-accounts: ADMIN_USERNAME/ADMIN_PASSWORD create or reset that admin at start; with neither
 * set and no admin at all, `admin` gets a random password that the caller prints once.
 */
export async function bootstrapAdmin(
  repository: StaffRepository,
  admin: { username: string | undefined; password: string | undefined },
): Promise<BootstrapResult> {
  if (admin.username && admin.password) {
    // An unchanged password leaves the account (and its open sessions) alone across restarts.
    const existing = await repository.findAdminByName(admin.username);
    if (existing && (await verifyPassword(existing.password_hash, admin.password))) return { kind: 'unchanged' };
    const { created } = await repository.upsertAdmin(admin.username, await hashPassword(admin.password));
    return { kind: 'configured', username: admin.username, created };
  }
  if ((await repository.countAdmins()) > 0) return { kind: 'unchanged' };
  const password = randomBytes(12).toString('base64url');
  // Another instance starting on the same empty database may create it first; then it printed its own.
  if (!(await repository.createFirstAdmin('admin', await hashPassword(password)))) return { kind: 'unchanged' };
  return { kind: 'generated', username: 'admin', password };
}
