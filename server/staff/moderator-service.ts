import type { CreateModerator, Moderator } from '../../contract/index.ts';
import { conflict, notFound } from '../shared/errors.ts';
import type { AuditLog } from '../audit/service.ts';
import type { ModeratorRow } from '../db/types.ts';
import { both, mapped, type Within } from '../db/within.ts';
import { hashPassword } from './passwords.ts';
import type { Principal } from '../policies/policies.ts';
import { toModerator } from './presenter.ts';
import type { StaffRepository } from './repository.ts';

/** The admin's management of moderator accounts. */
export class ModeratorService {
  constructor(
    private readonly repository: StaffRepository,
    private readonly audit?: AuditLog,
  ) {}

  async list(): Promise<Moderator[]> {
    return (await this.repository.listModerators()).map(toModerator);
  }

  async page(options: { limit: number; offset: number; q?: string | undefined }): Promise<{ items: Moderator[]; total: number }> {
    const [rows, total] = await Promise.all([this.repository.listModerators(options), this.repository.countModerators(options.q)]);
    return { items: rows.map(toModerator), total };
  }

  /** Creates an account; `actor` (a staff write) records it in the moderation log, by name only. */
  async create({ UserName, Password }: CreateModerator, actor?: Principal, answered?: Within<Moderator>): Promise<Moderator> {
    const logged = this.audit?.within<ModeratorRow>(actor, (row) => ({ action: 'moderator.create', object: { type: 'moderator', id: row.id, label: row.username } }));
    const row = await this.repository.insertModerator(UserName, await hashPassword(Password), both(logged, mapped(answered, toModerator)));
    if (!row) throw conflict('A moderator with this username already exists', { UserName: 'This username is taken' });
    return toModerator(row);
  }

  /** Ends the moderator's sessions at once; its scripts pass to the admin (nothing public changes). */
  async delete(id: number, actor?: Principal): Promise<void> {
    const logged = this.audit?.within<{ id: number; username: string }>(actor, (row) => ({ action: 'moderator.delete', object: { type: 'moderator', id: row.id, label: row.username } }));
    const deleted = await this.repository.deleteModerator(id, logged);
    if (!deleted) throw notFound('Moderator not found');
  }

  async status(id: number): Promise<{ id: number; UserName: string } | undefined> {
    const row = await this.repository.findModerator(id);
    return row ? { id: row.id, UserName: row.username } : undefined;
  }
}
