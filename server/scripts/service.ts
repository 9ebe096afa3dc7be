import { CATALOGUE_FIRST_PAGE, type CatalogueFilter, type Channel, type PaginatedQuery, type PaginatedScripts, type ScriptDetail, searchTextSchema, type SitemapSlice } from '../../contract/index.ts';
import { NARROWING_PARAMS, SEARCH_PARAM } from '../../contract/catalogue-params.ts';
import { type FilterValue, REFUSING_UNKNOWN, type RefusingFilterName } from '../../contract/catalogue-filters.ts';
import { FILTER_SQL } from '../db/catalogue-filters.ts';
import { listingKey, listingOf } from '../db/listing.ts';
import { toChannel } from '../channels/presenter.ts';
import { toIso } from '../shared/dates.ts';
import { toPublicScript, toScriptDetail } from './presenter.ts';
import type { CachedAnswer, PublicCache } from '../cache/public-cache.ts';
import type { CompatibilityRepository } from '../executors/compatibility-repository.ts';
import type { ScriptRepository } from './repository.ts';
import type { ViewCounter } from '../views/view-counter.ts';
import type { Visitor } from '../visitors/visitor.ts';

/** For each filter the API refuses an unknown value of, whether a row has the value (the composition root gives them). */
export type KnownValues = { readonly [N in RefusingFilterName]: (value: FilterValue<N>) => Promise<boolean> };

/**
 * The public catalogue: what visitors may read, cached (public-cache.ts). Each answer is cached once
 * with its JSON: the pages read the value, the API sends the JSON as it is.
 */
export class CatalogueService {
  constructor(
    private readonly repository: ScriptRepository,
    private readonly cache: PublicCache,
    private readonly views: ViewCounter,
    /** The admin's trusted domains, applied to the analysis a script's answer carries. */
    private readonly trusted: () => Promise<string[]>,
    /** Whether a row has the value, for each filter the API refuses an unknown value of. */
    private readonly known: KnownValues,
    /** Where each script works: its answer's compatibility table. */
    private readonly compatibility: Pick<CompatibilityRepository, 'ofScript'>,
  ) {}

  /** Whether the filter gives a value checkUnknown must look up. */
  asksKnown(filter: CatalogueFilter): boolean {
    return REFUSING_UNKNOWN.some((name) => filter[name] !== undefined);
  }

  /**
   * An API filter naming a value no row has, of a filter declared `unknown: 'refused'` (an executor
   * no one has), is a 400 (a page shows an empty result instead).
   */
  async checkUnknown(filter: CatalogueFilter): Promise<void> {
    for (const name of REFUSING_UNKNOWN) {
      const value = filter[name];
      if (value !== undefined && !(await this.known[name](value))) throw FILTER_SQL[name].refusal(value);
    }
  }

  listAnswer(query: PaginatedQuery): Promise<CachedAnswer<PaginatedScripts>> {
    const { limit, offset, q, ...filter } = query;
    return this.cache.remember(listKey(query), async () => {
      const [rows, total] = await Promise.all([this.repository.listCards({ limit, offset, q, ...filter }), this.totalAnswer(query)]);
      return { scripts: rows.map(toPublicScript), total: total.value };
    });
  }

  /**
   * `?ids=`: the listed scripts among `ids` the filter keeps, in the order given; total is how many.
   * Cached per exact list (and filter) in the `ids` family, whose cap keeps many lists from flushing the rest.
   */
  idsAnswer(ids: number[], filter: CatalogueFilter): Promise<CachedAnswer<PaginatedScripts>> {
    return this.cache.remember(idsKey(ids, filter), async () => {
      const rows = await this.repository.listedAmong(ids, filter);
      return { scripts: rows.map(toPublicScript), total: rows.length };
    });
  }

  /** A listing's total (its filter and search; the sort changes nothing), cached apart from its pages. */
  private totalAnswer({ q, ...filter }: Omit<PaginatedQuery, 'limit' | 'offset'>): Promise<CachedAnswer<number>> {
    return this.cache.remember(countKey(q, filter), () => this.repository.count(q, filter));
  }

  /** How many scripts a search of the whole catalogue finds (capped as its pages say), usually cached. */
  async searchTotal(q: string): Promise<number> {
    return (await this.totalAnswer({ q })).value;
  }

  async list(query: PaginatedQuery): Promise<PaginatedScripts> {
    return (await this.listAnswer(query)).value;
  }

  /**
   * The script, or null when there is none (a miss is cached too: unknown ids are asked for again).
   * Its compatibility goes with it: a save of the script ({ kind: 'script' }) and an executor's write
   * ({ kind: 'all' }) drop the answer.
   */
  scriptAnswer(id: number): Promise<CachedAnswer<ScriptDetail | null>> {
    return this.cache.remember(`script:${id}`, async () => {
      const [row, trusted, compatibility] = await Promise.all([this.repository.findListed(id), this.trusted(), this.compatibility.ofScript(id)]);
      // A hidden script is no script to the public (docs/decisions/0021-hidden-scripts-and-reports.md#hidden-scripts).
      return row && Number(row.hidden) === 0 ? toScriptDetail(row, trusted, compatibility) : null;
    });
  }

  async get(id: number): Promise<ScriptDetail | undefined> {
    return (await this.scriptAnswer(id)).value ?? undefined;
  }

  /** Channels of an existing script; undefined when the script does not exist. */
  async channels(id: number): Promise<Channel[] | undefined> {
    return (await this.channelsAnswer(id)).value ?? undefined;
  }

  /** The same as cached, its JSON included (null: no such script). */
  channelsAnswer(id: number): Promise<CachedAnswer<Channel[] | null>> {
    return this.cache.remember(`channels:${id}`, async () => {
      // The script's own answer says whether it exists, usually from the cache (its page asked first).
      if ((await this.scriptAnswer(id)).value === null) return null;
      return (await this.repository.channelsOf(id)).map(toChannel);
    });
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

  /**
   * Counts a public search that found nothing (docs/decisions/0014-insights-and-empty-searches.md#empty-searches): asked of the whole
   * catalogue (no filter, which could be what emptied it), first page, by a countable visitor.
   */
  recordSearch(query: PaginatedQuery, total: number, visitor: Visitor): void {
    if (query.q && query.offset === 0 && total === 0 && !narrowed(query)) this.views.recordSearchMiss(query.q, visitor);
  }

  /** The same for a /scripts page (HTML or data request), whose answer may come from the page cache. */
  recordPageSearch(search: URLSearchParams, visitor: Visitor): void {
    const parsed = searchTextSchema.safeParse(search.get(SEARCH_PARAM) ?? undefined);
    const q = parsed.success ? parsed.data : undefined;
    if (!q || NARROWING_PARAMS.some((name) => search.has(name)) || !this.views.countsSearches(visitor)) return;
    this.searchTotal(q)
      .then((total) => this.recordSearch({ q, limit: CATALOGUE_FIRST_PAGE, offset: 0 }, total, visitor))
      .catch(() => undefined);
  }
}

function narrowed(query: PaginatedQuery): boolean {
  return NARROWING_PARAMS.some((name) => query[name] !== undefined);
}

/**
 * The cache key of a list page: limit, offset, every filter and the sort in one canonical form
 * (`sort=newest` and no sort are one key), and the search text. The route's fast path reads it too.
 */
export function listKey({ limit, offset, q, ...filter }: PaginatedQuery): string {
  return `list:${limit}:${offset}:${listingKey(listingOf(filter))}:${q ?? ''}`;
}

function countKey(q: string | undefined, filter: Omit<PaginatedQuery, 'limit' | 'offset' | 'q'>): string {
  return `count:${listingKey(listingOf(filter), false)}:${q ?? ''}`;
}

/** The cache key of an ids list: the filter (no sort: the order is the list's), then the ids as given. */
export function idsKey(ids: number[], filter: CatalogueFilter): string {
  return `ids:${listingKey(listingOf(filter), false)}:${ids.join(',')}`;
}
