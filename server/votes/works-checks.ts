import { notFound } from '../shared/errors.ts';
import type { AuditLog } from '../audit/service.ts';
import type { PublicCache } from '../cache/public-cache.ts';
import type { Db } from '../db/database.ts';
import { canManageScript, type OwnedScript, type Principal } from '../policies/policies.ts';
import type { VoteBuffer } from './vote-buffer.ts';

/** What marking a script as checked reads and writes. */
export interface WorksCheckDeps {
  /** The scripts' repository (server/scripts/repository.ts): only its lookup by id. */
  scripts: { findById(id: number): Promise<(OwnedScript & { playsname: string }) | undefined> };
  db: Db;
  votes: VoteBuffer;
  cache: PublicCache;
  audit: AuditLog;
}
import { markWorksChecked } from './repository.ts';

/**
 * Staff mark a script working (docs/decisions/0020-votes.md#may-be-patched): the admin any script, a moderator its
 * own (another's is 404, as for every per-script staff call); cached answers showing May be patched go.
 */
export async function markWorking(services: WorksCheckDeps, principal: Principal, id: number): Promise<void> {
  const script = await services.scripts.findById(id);
  if (!script || !canManageScript(principal, script)) throw notFound('Script not found');
  const logged = services.audit.within<void>(principal, () => ({ action: 'script.mark-working', object: { type: 'script', id, label: script.playsname } }));
  if (!(await markWorksChecked(services.db, id, services.votes.now(), logged))) throw notFound('Script not found');
  services.cache.changed({ kind: 'script', id });
}
