import { SCRIPT_TYPE_LIMITS, type ScriptType, type ScriptTypeDetail, type ScriptTypeInput, type ScriptTypePatch, slugOf } from '../../contract/index.ts';
import { badRequest, conflict, notFound } from '../shared/errors.ts';
import { type AuditLog, changesBetween, snapshot } from '../audit/service.ts';
import type { CachedAnswer, PublicCache } from '../cache/public-cache.ts';
import type { ScriptTypeRow } from '../db/types.ts';
import { both, mapped, type Within } from '../db/within.ts';
import type { Principal } from '../policies/policies.ts';
import { toScriptType, toScriptTypeDetail } from './presenter.ts';
import type { ScriptTypeRepository, ScriptTypeWrite, ScriptTypePatch as RowPatch } from './repository.ts';

/** The public cache's key of the list; one type's answer is `type:{slug}` (both counted by the `type` filter: server/db/catalogue-filters.ts). */
const LIST_KEY = 'types';
export const scriptTypeKey = (slug: string) => `type:${slug}`;

const SLUG_TAKEN = (slug: string) => conflict(`A script type with the slug ${slug} already exists`, { slug: 'Another type has this slug' });

/**
 * The public list of script types and each one's count, cached like every public answer, and the
 * admin's management of them (docs/decisions/0063-script-types.md): the slug comes from the name when
 * left out and is unique; every write drops every cached answer and page (a type's name shows on
 * cards, script pages and the filter form) and joins the moderation log.
 */
export class ScriptTypeService {
  constructor(
    private readonly repository: ScriptTypeRepository,
    private readonly cache: PublicCache,
    private readonly audit?: AuditLog,
    private readonly clock: () => number = Date.now,
  ) {}

  listAnswer(): Promise<CachedAnswer<ScriptType[]>> {
    return this.cache.remember(LIST_KEY, async () => (await this.repository.list()).map(toScriptType));
  }

  async list(): Promise<ScriptType[]> {
    return (await this.listAnswer()).value;
  }

  /** The type with this slug and its count; `null` (cached too) for an unknown slug. */
  detailAnswer(slug: string): Promise<CachedAnswer<ScriptTypeDetail | null>> {
    return this.cache.remember(scriptTypeKey(slug), async () => {
      const row = await this.repository.findBySlugWithCount(slug);
      return row ? toScriptTypeDetail(row) : null;
    });
  }

  async bySlug(slug: string): Promise<ScriptTypeDetail | undefined> {
    return (await this.detailAnswer(slug)).value ?? undefined;
  }

  /** Whether a type has this slug (the API's `type` filter refuses one no type has), from the cached list. */
  async known(slug: string): Promise<boolean> {
    return (await this.list()).some((type) => type.slug === slug);
  }

  async create(input: ScriptTypeInput, actor?: Principal, answered?: Within<ScriptType>): Promise<ScriptType> {
    const slug = input.slug ?? slugOf(input.name, SCRIPT_TYPE_LIMITS.slugMax);
    if (!slug) throw badRequest('The name has no letters or digits to make a slug from: give a slug', { slug: 'Required: the name makes none' });
    const logged = this.audit?.within<ScriptTypeRow>(actor, (row) => ({ action: 'script-type.create', object: typeObject(row), changes: snapshot(typeFacts(row), 'to') }));
    const written = await this.repository.create(
      { slug, name: input.name, name_en: input.nameEn ?? input.name, name_ru: input.nameRu, position: input.position },
      this.now(),
      both(logged, mapped(answered, toScriptType)),
    );
    const { row } = settled(written, slug);
    this.cache.changed({ kind: 'all' });
    return toScriptType(row);
  }

  /** Edits a type; fields left out keep their values. */
  async update(id: number, patch: ScriptTypePatch, actor?: Principal): Promise<ScriptType> {
    const logged = this.audit?.within<{ row: ScriptTypeRow; before: ScriptTypeRow }>(actor, ({ row, before }) => {
      const changes = changesBetween(typeFacts(before), typeFacts(row));
      return changes && { action: 'script-type.update', object: typeObject(row), changes };
    });
    const written = await this.repository.update(id, rowPatch(patch), this.now(), logged);
    if (!written) throw notFound('Script type not found');
    const { row, before } = settled(written, patch.slug ?? '');
    if (before && !changesBetween(typeFacts(before), typeFacts(row))) return toScriptType(row);
    this.cache.changed({ kind: 'all' });
    return toScriptType(row);
  }

  /** Deletes a type: its scripts lose it. */
  async delete(id: number, actor?: Principal): Promise<void> {
    const logged = this.audit?.within<ScriptTypeRow>(actor, (row) => ({ action: 'script-type.delete', object: typeObject(row), changes: snapshot(typeFacts(row), 'from') }));
    const row = await this.repository.delete(id, logged);
    if (!row) throw notFound('Script type not found');
    this.cache.changed({ kind: 'all' });
  }

  private now(): string {
    return new Date(this.clock()).toISOString();
  }
}

function settled(written: ScriptTypeWrite, slug: string): Exclude<ScriptTypeWrite, { conflict: 'slug' }> {
  if ('conflict' in written) throw SLUG_TAKEN(slug);
  return written;
}

function rowPatch(patch: ScriptTypePatch): RowPatch {
  return { slug: patch.slug, name: patch.name, name_en: patch.nameEn, name_ru: patch.nameRu, position: patch.position };
}

function typeObject(row: ScriptTypeRow) {
  return { type: 'script-type' as const, id: Number(row.id), label: row.name };
}

/** What the moderation log compares: the type as the API shows it, without its id. */
function typeFacts(row: ScriptTypeRow) {
  const { slug, name, nameEn, nameRu, position } = toScriptType(row);
  return { slug, name, nameEn, nameRu, position };
}
