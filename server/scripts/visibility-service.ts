import type { AuditLog } from '../audit/service.ts';
import { notFound } from '../shared/errors.ts';
import { canSetVisibility, type Principal } from '../policies/policies.ts';
import type { PublicCache } from '../cache/public-cache.ts';
import type { ScriptRepository } from './repository.ts';
import type { VisibilityRepository } from './visibility-repository.ts';

/** Hiding and showing scripts (docs/decisions/0021-hidden-scripts-and-reports.md#hidden-scripts): a script the caller may not manage is 404. */
export class VisibilityService {
  constructor(
    private readonly scripts: ScriptRepository,
    private readonly repository: VisibilityRepository,
    private readonly cache: PublicCache,
    private readonly audit?: AuditLog,
  ) {}

  async set(principal: Principal, id: number, hidden: boolean): Promise<{ id: number; hidden: boolean }> {
    const script = await this.scripts.findById(id);
    if (!script || !canSetVisibility(principal, script)) throw notFound('Script not found');
    const logged = this.audit?.within<void>(principal, () =>
      Number(script.hidden) === 1 !== hidden ? { action: hidden ? 'script.hide' : 'script.unhide', object: { type: 'script', id, label: script.playsname }, changes: { hidden: { from: !hidden, to: hidden } } } : undefined,
    );
    if (!(await this.repository.setHidden(id, hidden, logged))) throw notFound('Script not found');
    this.cache.changed({ kind: 'script', id });
    return { id, hidden };
  }
}
