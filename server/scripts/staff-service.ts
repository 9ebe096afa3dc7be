import type { ParsedChannel, ScriptFacts, ScriptFields, ScriptFieldsPatch } from '../../contract/index.ts';
import { type AuditLog, changesBetween, snapshot } from '../audit/service.ts';
import type { DomainService } from '../domains/service.ts';
import { forbidden, notFound } from '../shared/errors.ts';
import type { ImageService, UploadedImage } from '../images/image-service.ts';
import type { ProcessedImage } from '../images/pipeline.ts';
import { canManageScript, ownerFor, type Principal, scriptListScope } from '../policies/policies.ts';
import { type AnalysisColumns, columnsOf } from './analysis.ts';
import { analyseOffThread } from './analysis-pool.ts';
import { type StaffScript, toStaffScript } from './presenter.ts';
import type { PublicCache } from '../cache/public-cache.ts';
import type { FactChanges } from './facts.ts';
import type { ListedScriptRow } from './listed-rows.ts';
import type { ScriptRepository } from './repository.ts';
import type { SavedBy } from './versions-repository.ts';

/**
 * The form's facts as the repository takes them: a game name or slug to resolve (or create), null for
 * none. `verified` is the admin's alone: a moderator sending it, whatever its value, is refused before
 * anything is read or stored (docs/decisions.md#script-facts).
 */
function factChanges(principal: Principal, facts: ScriptFacts): FactChanges {
  if (facts.verified !== undefined && principal.role !== 'admin') throw forbidden('Only the admin may set verified');
  const { game, ...flags } = facts;
  return { ...flags, ...(game === undefined ? {} : { game: game === null ? null : { name: game } }) };
}

/** The account a version names (docs/decisions.md#loader-versions). */
function savedBy(principal: Principal): SavedBy {
  return principal.role === 'admin' ? { role: 'admin', id: principal.adminId } : { role: 'moderator', id: principal.moderatorId };
}

/** A script as the moderation log names it. */
function scriptObject(script: StaffScript) {
  return { type: 'script' as const, id: script.id, label: script.playsname };
}

/** What the moderation log compares of a script: its texts, facts, channels and tested executors; the image by its path, never its bytes. */
function auditFacts(script: StaffScript) {
  return {
    playsname: script.playsname,
    description: script.description,
    loadstring: script.loadstring,
    image: script.image,
    channels: script.channels.map((channel) => channel.url),
    executors: script.executors,
    game: script.game?.name ?? null,
    universal: script.universal,
    keySystem: script.keySystem,
    keyLink: script.keyLink,
    patched: script.patched,
    verified: script.verified,
  };
}

export interface StaffPageQuery {
  limit: number;
  offset: number;
  q?: string | undefined;
}

/**
 * Script management for moderators (their own) and the admin (all). Every write validates first,
 * stores the image, then the row; a failure releases the image, so nothing is left behind that no
 * row uses (ImageService.store). A moderator deleted meanwhile makes the insert fail with 401.
 */
export class StaffScriptService {
  constructor(
    private readonly repository: ScriptRepository,
    private readonly images: ImageService,
    private readonly cache: PublicCache,
    private readonly audit?: AuditLog,
    /** Refuses a loader that fetches from a blocked domain, and a key link on one (docs/decisions.md#blocked-and-trusted-domains). */
    private readonly domains?: Pick<DomainService, 'checkLoader' | 'checkKeyLink'>,
  ) {}

  async list(principal: Principal): Promise<StaffScript[]> {
    return this.present(await this.repository.listStaff(scriptListScope(principal)));
  }

  async page(principal: Principal, query: StaffPageQuery): Promise<{ items: StaffScript[]; total: number }> {
    const scope = { ...scriptListScope(principal), ...query };
    const [rows, total] = await Promise.all([this.repository.listStaff(scope), this.repository.countStaff(scope)]);
    return { items: await this.present(rows), total };
  }

  async create(
    principal: Principal,
    input: { fields: ScriptFields; facts?: ScriptFacts; channels: ParsedChannel[]; executors?: string[] | undefined; image: UploadedImage | undefined },
  ) {
    const facts = factChanges(principal, input.facts ?? {});
    await this.checkKeyLink(facts);
    const analysis = await this.analyse(input.fields.loadstring);
    const image = input.image ? await this.images.prepare(input.image) : undefined;
    const { row, gameCreated } = await this.withImage(image, () =>
      this.repository.create({
        ...input.fields,
        ...facts,
        analysis,
        imageKey: image?.key ?? null,
        ownerModeratorId: ownerFor(principal),
        channels: input.channels,
        executors: input.executors,
        savedBy: savedBy(principal),
      }),
    );
    this.cache.changed({ kind: 'script', id: row.id });
    if (gameCreated) this.cache.changed({ kind: 'games' });
    const created = (await this.present([row]))[0] as StaffScript;
    await this.audit?.record(principal, { action: 'script.create', object: scriptObject(created), changes: snapshot(auditFacts(created), 'to') });
    return created;
  }

  async update(
    principal: Principal,
    id: number,
    input: { fields: ScriptFieldsPatch; facts?: ScriptFacts; channels: ParsedChannel[] | undefined; executors?: string[] | undefined; image: UploadedImage | undefined },
    /** A restore of a loader version (versions-service.ts): its log row says which. */
    note: { restoredFrom?: number } = {},
  ) {
    const facts = factChanges(principal, input.facts ?? {});
    const current = await this.repository.findById(id);
    if (!current || !canManageScript(principal, current)) throw notFound('Script not found');
    await this.checkKeyLink(facts);
    const analysis = input.fields.loadstring === undefined ? undefined : await this.analyse(input.fields.loadstring);
    const before = (await this.present([current]))[0];
    const image = input.image ? await this.images.prepare(input.image) : undefined;
    const { row, previousImageKey, gameCreated } = await this.withImage(image, async () => {
      const updated = await this.repository.update(id, { ...input.fields, ...facts, analysis, imageKey: image?.key, channels: input.channels, executors: input.executors, savedBy: savedBy(principal) });
      if (!updated) throw notFound('Script not found');
      return updated;
    });
    this.cache.changed({ kind: 'script', id });
    if (gameCreated) this.cache.changed({ kind: 'games' });
    if (previousImageKey && previousImageKey !== row.image_key) await this.releaseImage(previousImageKey);
    const updated = (await this.present([row]))[0];
    // Deleted by another request right after this edit was stored: there is no script to answer with.
    if (!updated) throw notFound('Script not found');
    if (before) await this.recordEdit(principal, before, updated, note.restoredFrom);
    return updated;
  }

  /** An edit's entry, and a separate verify or unverify entry when the admin changed `verified`. */
  private async recordEdit(principal: Principal, before: StaffScript, after: StaffScript, restoredFrom?: number): Promise<void> {
    const { verified, ...changes } = changesBetween(auditFacts(before), auditFacts(after)) ?? {};
    // A restore is an edit of the loader, noted with the version it brought back and the one it made.
    if (restoredFrom !== undefined && changes['loadstring']) Object.assign(changes, { restoredFrom: { to: restoredFrom }, version: { from: before.version, to: after.version } });
    if (Object.keys(changes).length > 0) await this.audit?.record(principal, { action: 'script.update', object: scriptObject(after), changes });
    if (verified) await this.audit?.record(principal, { action: after.verified ? 'script.verify' : 'script.unverify', object: scriptObject(after), changes: { verified } });
  }

  /** Deletes a script the principal may manage; anything else is 404 and changes nothing. */
  async delete(principal: Principal, id: number): Promise<void> {
    const current = await this.repository.findById(id);
    if (!current || !canManageScript(principal, current)) throw notFound('Script not found');
    // Another request may have deleted it meanwhile: then it was not this one's to delete.
    const deleted = await this.repository.delete(id);
    if (!deleted) throw notFound('Script not found');
    // Dropped before the image is released: the answer must not wait on the disk to be right.
    this.cache.changed({ kind: 'script', id });
    await this.audit?.record(principal, {
      action: 'script.delete',
      object: { type: 'script', id, label: deleted.playsname },
      changes: snapshot({ playsname: deleted.playsname, loadstring: deleted.loadstring }, 'from'),
    });
    if (deleted.image_key) await this.releaseImage(deleted.image_key);
  }

  /**
   * A save's one analysis (docs/decisions.md#a-linear-bounded-off-thread-loader-analysis): in a worker
   * thread, before anything is prepared or any transaction begins; the blocked-domain check reads its
   * hosts, and the row stores it.
   */
  private async analyse(loadstring: string): Promise<AnalysisColumns> {
    const facts = await analyseOffThread(loadstring);
    await this.domains?.checkLoader(facts.domains);
    return columnsOf(facts);
  }

  /** A key link sent with the save is refused on a blocked domain, as a loader's host is; a kept one is not checked again, as a kept loader is not. */
  private async checkKeyLink(facts: FactChanges): Promise<void> {
    if (facts.keyLink) await this.domains?.checkKeyLink(facts.keyLink);
  }

  /** Stores the image around the row write (ImageService.store): a failed write releases its files. */
  private withImage<T>(image: ProcessedImage | undefined, write: () => Promise<T>): Promise<T> {
    return image ? this.images.store(image, write) : write();
  }

  /** Files go only when no saved row references the key and no write in flight pins it. */
  private releaseImage(key: string): Promise<void> {
    return this.images.remove(key);
  }

  private async present(written: { id: number }[]): Promise<StaffScript[]> {
    // A row as written has no game name: read back as listed (one lookup by key).
    const rows = await Promise.all(written.map(async (row) => ('game_name' in row ? (row as ListedScriptRow) : await this.repository.findListed(row.id))));
    return this.presentListed(rows.filter((row): row is ListedScriptRow => row !== undefined));
  }

  /** A page of scripts with their channels and tested executors: one query each, not one per row. */
  private async presentListed(rows: ListedScriptRow[]): Promise<StaffScript[]> {
    const ids = rows.map((row) => row.id);
    const [channels, executors] = await Promise.all([this.repository.channelsFor(ids), this.repository.testedFor(ids)]);
    return rows.map((row) => toStaffScript(row, channels.get(row.id) ?? [], executors.get(row.id) ?? []));
  }
}
