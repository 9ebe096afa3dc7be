import type { ScriptVersion, ScriptVersionSummary, StaffScriptVersionSummary } from '../../contract/index.ts';
import type { CachedAnswer, PublicCache } from '../cache/public-cache.ts';
import type { ScriptVersionRow } from '../db/types.ts';
import type { Within } from '../db/within.ts';
import type { StaffScript } from './presenter.ts';
import { canManageScript, type Principal } from '../policies/policies.ts';
import { toIso } from '../shared/dates.ts';
import { notFound } from '../shared/errors.ts';
import { visitorAnalysis } from './analysis.ts';
import type { ScriptRepository } from './repository.ts';
import type { CatalogueService } from './service.ts';
import type { StaffScriptService } from './staff-service.ts';
import { readChanges } from './version-changes.ts';
import type { VersionRepository } from './versions-repository.ts';

function toSummary(row: ScriptVersionRow): ScriptVersionSummary {
  return { version: Number(row.version), createdAt: toIso(row.created_at), ...readChanges(row.changes) };
}

function toStaffSummary(row: ScriptVersionRow): StaffScriptVersionSummary {
  return { ...toSummary(row), savedBy: row.saved_by };
}

/**
 * A script's loader history (docs/decisions/0044-loader-versions.md). Public answers exist only for a script
 * the public may see (its own answer says so, usually from the cache) and are cached like it, keyed by
 * the script so its save drops them (public-cache.ts). The loader text of a version is sent as the
 * script's answer sends the current one: to anyone; the pages keep it behind the gates.
 */
export class VersionService {
  constructor(
    private readonly versions: VersionRepository,
    private readonly scripts: ScriptRepository,
    private readonly catalogue: Pick<CatalogueService, 'scriptAnswer'>,
    private readonly staffScripts: Pick<StaffScriptService, 'update'>,
    private readonly cache: PublicCache,
    private readonly trusted: () => Promise<string[]>,
  ) {}

  /** Newest first; null: no script the public may see. */
  pageAnswer(id: number, limit: number, offset: number): Promise<CachedAnswer<ScriptVersionSummary[] | null>> {
    return this.cache.remember(`versions:${id}:${limit}:${offset}`, async () => {
      if ((await this.catalogue.scriptAnswer(id)).value === null) return null;
      return (await this.versions.page(id, limit, offset)).map(toSummary);
    });
  }

  /** One version with its analysis, the trusted domains applied; null: no such version of a visible script. */
  versionAnswer(id: number, version: number): Promise<CachedAnswer<ScriptVersion | null>> {
    return this.cache.remember(`version:${id}:${version}`, async () => {
      if ((await this.catalogue.scriptAnswer(id)).value === null) return null;
      const [row, trusted] = await Promise.all([this.versions.find(id, version), this.trusted()]);
      if (!row) return null;
      return { version: Number(row.version), createdAt: toIso(row.created_at), loadstring: row.loadstring, analysis: await visitorAnalysis(row, trusted) };
    });
  }

  /** The staff's history, with who saved each version: the admin any script's, a moderator its own (another's is 404). */
  async staffPage(principal: Principal, id: number, limit: number, offset: number): Promise<StaffScriptVersionSummary[]> {
    await this.requireManaged(principal, id);
    return (await this.versions.page(id, limit, offset)).map(toStaffSummary);
  }

  /**
   * Saves a version's text as the script's loader through the staff's save (the same domain rules,
   * analysis, new version and moderation log row, noted as a restore); a version that does not
   * exist is 404 and changes nothing.
   */
  async restore(principal: Principal, id: number, version: number, answered?: Within<StaffScript>) {
    await this.requireManaged(principal, id);
    const row = await this.versions.find(id, version);
    if (!row) throw notFound('Version not found');
    return this.staffScripts.update(principal, id, { fields: { loadstring: row.loadstring }, channels: undefined, image: undefined }, { restoredFrom: version, answered });
  }

  private async requireManaged(principal: Principal, id: number): Promise<void> {
    const script = await this.scripts.findById(id);
    if (!script || !canManageScript(principal, script)) throw notFound('Script not found');
  }
}
