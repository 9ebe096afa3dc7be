import type { ParsedChannel, ScriptFacts, ScriptFields, ScriptFieldsPatch } from '../../contract/index.ts';
import type { Kysely } from 'kysely';
import { type AuditLog, type AuditRecord, changesBetween, snapshot } from '../audit/service.ts';
import type { Database, ScriptRow } from '../db/types.ts';
import { both, type Within } from '../db/within.ts';
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
 * anything is read or stored (docs/decisions/0013-games-and-script-facts.md#script-facts).
 */
function factChanges(principal: Principal, facts: ScriptFacts): FactChanges {
  if (facts.verified !== undefined && principal.role !== 'admin') throw forbidden('Only the admin may set verified');
  const { game, ...flags } = facts;
  return { ...flags, ...(game === undefined ? {} : { game: game === null ? null : { name: game } }) };
}

/** The account a version names (docs/decisions/0044-loader-versions.md). */
function savedBy(principal: Principal): SavedBy {
  return principal.role === 'admin' ? { role: 'admin', id: principal.adminId } : { role: 'moderator', id: principal.moderatorId };
}

/** A script as the moderation log names it. */
function scriptObject(script: StaffScript) {
  return { type: 'script' as const, id: script.id, label: script.playsname };
}

/** What the moderation log compares of a script: its texts, facts, channels, tested executors and types; the image by its path, never its bytes. */
function auditFacts(script: StaffScript) {
  return {
    playsname: script.playsname,
    description: script.description,
    loadstring: script.loadstring,
    image: script.image,
    channels: script.channels.map((channel) => channel.url),
    executors: script.executors,
    types: script.types,
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
    /** Refuses a loader that fetches from a blocked domain, and a key link on one (docs/decisions/0018-loader-analysis.md#blocked-and-trusted-domains). */
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

  /** Creates a script; `answered` (an idempotency key's record) is stored in its transaction with the answer. */
  async create(
    principal: Principal,
    input: { fields: ScriptFields; facts?: ScriptFacts; channels: ParsedChannel[]; executors?: string[] | undefined; types?: string[] | undefined; image: UploadedImage | undefined },
    answered?: Within<StaffScript>,
  ): Promise<StaffScript> {
    const facts = factChanges(principal, input.facts ?? {});
    await this.checkKeyLink(facts);
    const analysis = await this.analyse(input.fields.loadstring);
    const image = input.image ? await this.images.prepare(input.image) : undefined;
    const inside = this.presenting(principal, (created) => ({ action: 'script.create', object: scriptObject(created), changes: snapshot(auditFacts(created), 'to') }), answered);
    const { row, gameCreated } = await this.withImage(image, () =>
      this.repository.create(
        {
        ...input.fields,
        ...facts,
        analysis,
        imageKey: image?.key ?? null,
        ownerModeratorId: ownerFor(principal),
        channels: input.channels,
        executors: input.executors,
        types: input.types,
        savedBy: savedBy(principal),
        },
        inside.within,
      ),
    );
    this.cache.changed({ kind: 'script', id: row.id });
    if (gameCreated) this.cache.changed({ kind: 'games' });
    return inside.answer();
  }

  async update(
    principal: Principal,
    id: number,
    input: { fields: ScriptFieldsPatch; facts?: ScriptFacts; channels: ParsedChannel[] | undefined; executors?: string[] | undefined; types?: string[] | undefined; image: UploadedImage | undefined },
    /** A restore of a loader version (versions-service.ts): its log row says which, and `answered` stores its key's answer. */
    note: { restoredFrom?: number; answered?: Within<StaffScript> | undefined } = {},
  ): Promise<StaffScript> {
    const facts = factChanges(principal, input.facts ?? {});
    const current = await this.repository.findById(id);
    if (!current || !canManageScript(principal, current)) throw notFound('Script not found');
    await this.checkKeyLink(facts);
    const analysis = input.fields.loadstring === undefined ? undefined : await this.analyse(input.fields.loadstring);
    const before = (await this.present([current]))[0];
    const image = input.image ? await this.images.prepare(input.image) : undefined;
    const inside = this.presenting(principal, (after) => (before ? editEntries(before, after, note.restoredFrom) : []), note.answered);
    const { row, previousImageKey, gameCreated } = await this.withImage(image, async () => {
      const patch = { ...input.fields, ...facts, analysis, imageKey: image?.key, channels: input.channels, executors: input.executors, types: input.types, savedBy: savedBy(principal) };
      const updated = await this.repository.update(id, patch, inside.within);
      if (!updated) throw notFound('Script not found');
      return updated;
    });
    this.cache.changed({ kind: 'script', id });
    if (gameCreated) this.cache.changed({ kind: 'games' });
    if (previousImageKey && previousImageKey !== row.image_key) await this.releaseImage(previousImageKey);
    return inside.answer();
  }

  /**
   * A write's script as answered, read in the write's own transaction, with the write's log entries
   * and the idempotency key's answer stored beside it (docs/decisions/0050-idempotent-creates-and-votes-and-the-log-inside-the-write.md).
   */
  private presenting(principal: Principal, entries: (script: StaffScript) => AuditRecord | AuditRecord[] | undefined, answered?: Within<StaffScript>) {
    let presented: StaffScript | undefined;
    const within: Within<ScriptRow> = async (trx, row) => {
      const script = (await this.present([row], trx))[0];
      if (!script) throw notFound('Script not found');
      presented = script;
      await both(this.audit?.within(principal, entries), answered)?.(trx, script);
    };
    const answer = (): StaffScript => {
      if (!presented) throw notFound('Script not found');
      return presented;
    };
    return { within, answer };
  }

  /** Deletes a script the principal may manage; anything else is 404 and changes nothing. */
  async delete(principal: Principal, id: number, also?: Within<ScriptRow>): Promise<void> {
    const current = await this.repository.findById(id);
    if (!current || !canManageScript(principal, current)) throw notFound('Script not found');
    // Another request may have deleted it meanwhile: then it was not this one's to delete.
    const logged = this.audit?.within<ScriptRow>(principal, (row) => ({
      action: 'script.delete',
      object: { type: 'script', id, label: row.playsname },
      changes: snapshot({ playsname: row.playsname, loadstring: row.loadstring }, 'from'),
    }));
    const deleted = await this.repository.delete(id, both(logged, also));
    if (!deleted) throw notFound('Script not found');
    // Dropped before the image is released: the answer must not wait on the disk to be right.
    this.cache.changed({ kind: 'script', id });
    if (deleted.image_key) await this.releaseImage(deleted.image_key);
  }

  /**
   * A save's one analysis (docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md): in a worker
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

  /** `k`: a write's transaction, whose reads go one after another on its connection. */
  private async present(written: { id: number }[], k?: Kysely<Database>): Promise<StaffScript[]> {
    // A row as written has no game name: read back as listed (one lookup by key).
    const rows: (ListedScriptRow | undefined)[] = [];
    for (const row of written) rows.push('game_name' in row ? (row as ListedScriptRow) : await this.repository.findListed(row.id, k));
    return this.presentListed(
      rows.filter((row): row is ListedScriptRow => row !== undefined),
      k,
    );
  }

  /** A page of scripts with their channels and tested executors: one query each, not one per row. */
  private async presentListed(rows: ListedScriptRow[], k?: Kysely<Database>): Promise<StaffScript[]> {
    const ids = rows.map((row) => row.id);
    // Inside a transaction one after the other (one connection); outside, together.
    const [channels, executors] = k
      ? [await this.repository.channelsFor(ids, k), await this.repository.testedFor(ids, k)]
      : await Promise.all([this.repository.channelsFor(ids), this.repository.testedFor(ids)]);
    return rows.map((row) => toStaffScript(row, channels.get(row.id) ?? [], executors.get(row.id) ?? []));
  }
}

/** An edit's entry, and a separate verify or unverify entry when the admin changed `verified`. */
function editEntries(before: StaffScript, after: StaffScript, restoredFrom?: number): AuditRecord[] {
  const { verified, ...changes } = changesBetween(auditFacts(before), auditFacts(after)) ?? {};
  // A restore is an edit of the loader, noted with the version it brought back and the one it made.
  if (restoredFrom !== undefined && changes['loadstring']) Object.assign(changes, { restoredFrom: { to: restoredFrom }, version: { from: before.version, to: after.version } });
  const entries: AuditRecord[] = [];
  if (Object.keys(changes).length > 0) entries.push({ action: 'script.update', object: scriptObject(after), changes });
  if (verified) entries.push({ action: after.verified ? 'script.verify' : 'script.unverify', object: scriptObject(after), changes: { verified } });
  return entries;
}
