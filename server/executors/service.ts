import {
  bitsOf,
  EXECUTOR_LIMITS,
  type Executor,
  type ExecutorDetail,
  type ExecutorInput,
  type ExecutorPatch,
  slugOf,
} from '../../contract/index.ts';
import { badRequest, conflict, notFound } from '../shared/errors.ts';
import { type AuditLog, changesBetween, snapshot } from '../audit/service.ts';
import type { CachedAnswer, PublicCache } from '../cache/public-cache.ts';
import type { ExecutorRow } from '../db/types.ts';
import { both, mapped, type Within } from '../db/within.ts';
import type { Principal } from '../policies/policies.ts';
import { toExecutor, toExecutorDetail } from './presenter.ts';
import type { ExecutorRepository, ExecutorWrite, ExecutorPatch as RowPatch } from './repository.ts';

/** The public cache's key of the list; one executor's answer is `executor:{slug}`. */
const LIST_KEY = 'executors';
export const executorKey = (slug: string) => `executor:${slug}`;

const SLUG_TAKEN = (slug: string) => conflict(`An executor with the slug ${slug} already exists`, { slug: 'Another executor has this slug' });

/**
 * The public list of executors and each one's counts, cached like every public answer, and the
 * admin's executor management (docs/decisions/0039-executors-and-compatibility.md): the slug comes from the
 * name when left out and is unique; the server alone sets when the status changed; every write drops
 * every cached answer and page (an executor shows on script pages, cards and filters) and joins the
 * moderation log.
 */
export class ExecutorService {
  constructor(
    private readonly repository: ExecutorRepository,
    private readonly cache: PublicCache,
    private readonly audit?: AuditLog,
    private readonly clock: () => number = Date.now,
  ) {}

  listAnswer(): Promise<CachedAnswer<Executor[]>> {
    return this.cache.remember(LIST_KEY, async () => (await this.repository.list()).map(toExecutor));
  }

  async list(): Promise<Executor[]> {
    return (await this.listAnswer()).value;
  }

  /** The executor with this slug and its counts; `null` (cached too) for an unknown slug. */
  detailAnswer(slug: string): Promise<CachedAnswer<ExecutorDetail | null>> {
    return this.cache.remember(executorKey(slug), async () => {
      const row = await this.repository.findBySlugWithCounts(slug);
      return row ? toExecutorDetail(row) : null;
    });
  }

  async bySlug(slug: string): Promise<ExecutorDetail | undefined> {
    return (await this.detailAnswer(slug)).value ?? undefined;
  }

  /** Creates an executor; `actor` (a staff write) records it in the moderation log. */
  async create(input: ExecutorInput, actor?: Principal, answered?: Within<Executor>): Promise<Executor> {
    const slug = input.slug ?? slugOf(input.name, EXECUTOR_LIMITS.slugMax);
    if (!slug) throw badRequest('The name has no letters or digits to make a slug from: give a slug', { slug: 'Required: the name makes none' });
    const logged = this.audit?.within<ExecutorRow>(actor, (row) => ({ action: 'executor.create', object: executorObject(row), changes: snapshot(executorFacts(row), 'to') }));
    const written = await this.repository.create(
      { name: input.name, slug, platforms: bitsOf(input.platforms), status: input.status, version: input.version ?? null, website: input.website ?? null, free: input.free ?? false },
      this.now(),
      both(logged, mapped(answered, toExecutor)),
    );
    const { row } = settled(written, slug);
    this.cache.changed({ kind: 'all' });
    return toExecutor(row);
  }

  /** Edits an executor; fields left out keep their values (the slug too: links to it stay). */
  async update(id: number, patch: ExecutorPatch, actor?: Principal): Promise<Executor> {
    const logged = this.audit?.within<{ row: ExecutorRow; before: ExecutorRow }>(actor, ({ row, before }) => {
      const changes = changesBetween(executorFacts(before), executorFacts(row));
      return changes && { action: 'executor.update', object: executorObject(row), changes };
    });
    const written = await this.repository.update(id, rowPatch(patch), this.now(), logged);
    if (!written) throw notFound('Executor not found');
    const { row, before } = settled(written, patch.slug ?? '');
    const changes = before ? changesBetween(executorFacts(before), executorFacts(row)) : undefined;
    if (!changes) return toExecutor(row);
    this.cache.changed({ kind: 'all' });
    return toExecutor(row);
  }

  /** Deletes an executor: its compatibility rows go, and its scripts' platforms are made again. */
  async delete(id: number, actor?: Principal): Promise<void> {
    const logged = this.audit?.within<ExecutorRow>(actor, (row) => ({ action: 'executor.delete', object: executorObject(row), changes: snapshot(executorFacts(row), 'from') }));
    const row = await this.repository.delete(id, logged);
    if (!row) throw notFound('Executor not found');
    this.cache.changed({ kind: 'all' });
  }

  private now(): string {
    return new Date(this.clock()).toISOString();
  }
}

function settled(written: ExecutorWrite, slug: string): Exclude<ExecutorWrite, { conflict: 'slug' }> {
  if ('conflict' in written) throw SLUG_TAKEN(slug);
  return written;
}

/** The API's patch as the row's columns (platforms as their bit set); what is left out stays undefined. */
function rowPatch(patch: ExecutorPatch): RowPatch {
  return {
    name: patch.name,
    slug: patch.slug,
    platforms: patch.platforms === undefined ? undefined : bitsOf(patch.platforms),
    status: patch.status,
    version: patch.version,
    website: patch.website,
    free: patch.free,
  };
}

/** An executor as the moderation log names it, and the facts it keeps of it. */
function executorObject(row: ExecutorRow) {
  return { type: 'executor' as const, id: Number(row.id), label: row.name };
}
/** What the moderation log compares: the executor as the API shows it, without its ids and times. */
function executorFacts(row: ExecutorRow) {
  const { name, slug, platforms, status, version, website, free } = toExecutor(row);
  return { name, slug, platforms, status, version, website, free };
}
