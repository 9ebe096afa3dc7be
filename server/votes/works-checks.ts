import { notFound } from '../errors.ts';
import type { Services } from '../services.ts';
import { canManageScript, type Principal } from '../staff/policies.ts';
import { markWorksChecked } from './repository.ts';

/**
 * Staff mark a script working (docs/decisions.md#may-be-patched): the admin any script, a moderator its
 * own (another's is 404, as for every per-script staff call); cached answers showing May be patched go.
 */
export async function markWorking(services: Pick<Services, 'scripts' | 'db' | 'votes' | 'cache' | 'audit'>, principal: Principal, id: number): Promise<void> {
  const script = await services.scripts.findById(id);
  if (!script || !canManageScript(principal, script)) throw notFound('Script not found');
  if (!(await markWorksChecked(services.db, id, services.votes.now()))) throw notFound('Script not found');
  services.cache.changed({ kind: 'script', id });
  await services.audit.record(principal, { action: 'script.mark-working', object: { type: 'script', id, label: script.playsname } });
}
