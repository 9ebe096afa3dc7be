import type { Channel, PaginatedQuery, PaginatedScripts, PublicScript } from '../../contract/index.ts';
import { toChannel, toIso, toPublicScript, toScriptCard } from './presenter.ts';
import type { PublicCache } from './public-cache.ts';
import type { ScriptRepository } from './repository.ts';
import type { ViewCounter, Visitor } from './view-counter.ts';

/** The public catalogue: what visitors may read, cached until the next write. */
export class CatalogueService {
  constructor(
    private readonly repository: ScriptRepository,
    private readonly cache: PublicCache,
    private readonly views: ViewCounter,
  ) {}

  list({ limit, offset, q }: PaginatedQuery): Promise<PaginatedScripts> {
    return this.cache.remember(`list:${limit}:${offset}:${q ?? ''}`, async () => {
      const [rows, total] = await Promise.all([
        this.repository.listCards({ limit, offset, q }),
        this.cache.remember(`count:${q ?? ''}`, () => this.repository.count(q)),
      ]);
      return { scripts: rows.map(toScriptCard), total };
    });
  }

  async get(id: number): Promise<PublicScript | undefined> {
    const script = await this.cache.remember(`script:${id}`, async () => {
      const row = await this.repository.findById(id);
      return row ? toPublicScript(row) : null;
    });
    return script ?? undefined;
  }

  /** Channels of an existing script; undefined when the script does not exist. */
  async channels(id: number): Promise<Channel[] | undefined> {
    const channels = await this.cache.remember(`channels:${id}`, async () => {
      if (!(await this.repository.exists(id))) return null;
      return (await this.repository.channelsOf(id)).map(toChannel);
    });
    return channels ?? undefined;
  }

  /** Every script's id and last change (ISO 8601), ordered by id, for /sitemap.xml. */
  sitemap(): Promise<{ id: number; updatedAt: string }[]> {
    return this.cache.remember('sitemap', async () =>
      (await this.repository.listForSitemap()).map((row) => ({ id: Number(row.id), updatedAt: toIso(row.updated_at) })),
    );
  }

  recordView(id: number, visitor: Visitor): void {
    this.views.record(id, visitor);
  }
}
