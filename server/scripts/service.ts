import type { Channel, PaginatedQuery, PaginatedScripts, PublicScript, SitemapSlice } from '../../contract/index.ts';
import { toChannel, toIso, toPublicScript } from './presenter.ts';
import type { CachedAnswer, PublicCache } from './public-cache.ts';
import type { ScriptRepository } from './repository.ts';
import type { ViewCounter, Visitor } from './view-counter.ts';

/**
 * The public catalogue: what visitors may read, cached (public-cache.ts). Each answer is cached once
 * with its JSON: the pages read the value, the API sends the JSON as it is.
 */
export class CatalogueService {
  constructor(
    private readonly repository: ScriptRepository,
    private readonly cache: PublicCache,
    private readonly views: ViewCounter,
  ) {}

  listAnswer({ limit, offset, q }: PaginatedQuery): Promise<CachedAnswer<PaginatedScripts>> {
    return this.cache.remember(`list:${limit}:${offset}:${q ?? ''}`, async () => {
      const [rows, total] = await Promise.all([
        this.repository.listCards({ limit, offset, q }),
        this.cache.remember(`count:${q ?? ''}`, () => this.repository.count(q)),
      ]);
      return { scripts: rows.map(toPublicScript), total: total.value };
    });
  }

  async list(query: PaginatedQuery): Promise<PaginatedScripts> {
    return (await this.listAnswer(query)).value;
  }

  /** The script, or null when there is none (a miss is cached too: unknown ids are asked for again). */
  scriptAnswer(id: number): Promise<CachedAnswer<PublicScript | null>> {
    return this.cache.remember(`script:${id}`, async () => {
      const row = await this.repository.findListed(id);
      return row ? toPublicScript(row) : null;
    });
  }

  async get(id: number): Promise<PublicScript | undefined> {
    return (await this.scriptAnswer(id)).value ?? undefined;
  }

  /** Channels of an existing script; undefined when the script does not exist. */
  async channels(id: number): Promise<Channel[] | undefined> {
    const channels = await this.cache.remember(`channels:${id}`, async () => {
      // The script's own answer says whether it exists, usually from the cache (its page asked first).
      if ((await this.scriptAnswer(id)).value === null) return null;
      return (await this.repository.channelsOf(id)).map(toChannel);
    });
    return channels.value ?? undefined;
  }

  /**
   * The script count, and `limit` scripts' ids and last changes (ISO 8601) from `offset` in id
   * order: one file of /sitemap.xml, never the whole catalogue at once.
   */
  async sitemap(offset: number, limit: number): Promise<SitemapSlice> {
    const answer = await this.cache.remember(`sitemap:${offset}:${limit}`, async () => ({
      total: await this.repository.count(),
      scripts: limit === 0 ? [] : (await this.repository.listForSitemap(offset, limit)).map((row) => ({ id: Number(row.id), playsname: row.playsname, updatedAt: toIso(row.updated_at) })),
    }));
    return answer.value;
  }

  recordView(id: number, visitor: Visitor): void {
    this.views.record(id, visitor);
  }
}
