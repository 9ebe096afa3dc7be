import { type CatalogueFilter, MAX_ID } from '../../contract/index.ts';
import type { V1ExecutorList, V1GameList, V1ScriptDetail, V1ScriptPage, V1ScriptsQuery } from '../../contract/integrations.ts';
import { listingKey, listingOf } from '../db/listing.ts';
import type { CachedAnswer, PublicCache } from '../cache/public-cache.ts';
import type { ExecutorService } from '../executors/service.ts';
import type { GameService } from '../games/service.ts';
import type { ScriptRepository } from '../scripts/repository.ts';
import type { CatalogueService } from '../scripts/service.ts';
import { toPublicScript } from '../scripts/presenter.ts';
import type { ListedScriptRow } from '../scripts/listed-rows.ts';
import { type CursorOrder, decodeCursor, encodeCursor } from './cursor.ts';
import { toV1Executor, toV1Game, toV1Script, toV1ScriptDetail } from './presenter.ts';
import type { IntegrationRepository } from './repository.ts';
import type { RunCounter, Runner } from '../runs/run-counter.ts';
import { scriptPath } from '../../contract/slugs.ts';

/** Runs (server/runs/run-counter.ts): each script's of the last 30 days (absent: none), and a fetch to count. */
export type RunCounts = Pick<RunCounter, 'last30Days' | 'record'>;

/** `/raw/{id}`'s answer as cached: the loader, or a gated script's title and page path. */
export type RawAnswer = { gated: false; loader: string } | { gated: true; title: string; page: string };

/** The start of an updatedSince walk: every row changed strictly after the instant (no id is larger; an int4 on PostgreSQL). */
const LAST_ID = MAX_ID;

/**
 * The integrator API (`/api/v1`, docs/decisions/0062-integrator-api.md): the catalogue's own reads
 * (ScriptRepository's listing and search, every filter of contract/catalogue-filters.ts) in pages a
 * cursor walks, shaped by presenter.ts and kept in the public answer cache under `v1:` keys, which
 * the catalogue's changes drop like its own answers (server/cache/public-cache.ts).
 */
export class IntegrationService {
  constructor(
    private readonly deps: {
      scripts: Pick<ScriptRepository, 'listCards' | 'listChangedAfter'>;
      repository: IntegrationRepository;
      catalogue: Pick<CatalogueService, 'checkUnknown' | 'scriptAnswer'>;
      games: Pick<GameService, 'list'>;
      executors: Pick<ExecutorService, 'list'>;
      runs: RunCounts;
      cache: PublicCache;
    },
  ) {}

  /** The cache key of a page: every parameter in one canonical form, the origin the addresses name, `q` last. */
  listKey({ limit, q, placeId, cursor, updatedSince, ...filter }: V1ScriptsQuery, origin: string): string {
    return `v1:list:${limit}:${listingKey(listingOf(filter))}:${placeId ?? ''}:${updatedSince ?? ''}:${cursor ?? ''}:${origin}:${q ?? ''}`;
  }

  cached<T>(key: string): CachedAnswer<T> | undefined {
    return this.deps.cache.get<T>(key);
  }

  scriptsAnswer(query: V1ScriptsQuery, origin: string): Promise<CachedAnswer<V1ScriptPage>> {
    return this.deps.cache.remember(this.listKey(query, origin), () => this.loadPage(query, origin));
  }

  private async loadPage({ limit, q, placeId, cursor, updatedSince, ...filter }: V1ScriptsQuery, origin: string): Promise<V1ScriptPage> {
    const order: CursorOrder = updatedSince === undefined ? (filter.sort ?? 'newest') : 'since';
    const after = cursor === undefined ? undefined : decodeCursor(order, cursor);
    const narrowed = await this.byPlace(filter, placeId);
    if (narrowed === undefined) return { scripts: [], nextCursor: null };
    await this.deps.catalogue.checkUnknown(narrowed);
    // One row more than the page says whether another page follows.
    const rows =
      order === 'since'
        ? await this.deps.scripts.listChangedAfter(narrowed, (after as [string, number] | undefined) ?? [updatedSince as string, LAST_ID], limit + 1)
        : await this.deps.scripts.listCards({ ...narrowed, q, limit: limit + 1, offset: 0, after });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { scripts: await this.present(page, origin), nextCursor: rows.length > limit && last ? encodeCursor(order, last) : null };
  }

  /**
   * The filter with a place id read as its game (the first game that has it): undefined when no game
   * has it, or another game than the `game` parameter names, so the list is empty.
   */
  private async byPlace(filter: CatalogueFilter, placeId: string | undefined): Promise<CatalogueFilter | undefined> {
    if (placeId === undefined) return filter;
    const game = (await this.deps.games.list()).filter((candidate) => candidate.placeId === placeId).sort((a, b) => a.id - b.id)[0];
    if (!game || (filter.game !== undefined && filter.game !== game.slug)) return undefined;
    return { ...filter, game: game.slug };
  }

  private async present(rows: ListedScriptRow[], origin: string) {
    const ids = rows.map((row) => Number(row.id));
    const [gated, runs, placeIds] = await Promise.all([this.deps.repository.gatedAmong(ids), this.deps.runs.last30Days(ids), this.placeIds()]);
    return rows.map((row) => toV1Script(toPublicScript(row), { origin, placeIds, gated: gated.has(Number(row.id)), runs30d: runs.get(Number(row.id)) ?? 0 }));
  }

  private async placeIds(): Promise<Map<string, string | null>> {
    return new Map((await this.deps.games.list()).map((game) => [game.slug, game.placeId]));
  }

  /** One script with its compatibility, or null (unknown or hidden), from the catalogue's cached answer. */
  scriptAnswer(id: number, origin: string): Promise<CachedAnswer<V1ScriptDetail | null>> {
    return this.deps.cache.remember(scriptKey(id, origin), async () => {
      const detail = (await this.deps.catalogue.scriptAnswer(id)).value;
      if (detail === null) return null;
      const [gated, runs, placeIds] = await Promise.all([this.deps.repository.gatedAmong([id]), this.deps.runs.last30Days([id]), this.placeIds()]);
      return toV1ScriptDetail(detail, { origin, placeIds, gated: gated.has(id), runs30d: runs.get(id) ?? 0 });
    });
  }

  gamesAnswer(placeId: string | undefined, origin: string): Promise<CachedAnswer<V1GameList>> {
    return this.deps.cache.remember(`v1:games:${placeId ?? ''}:${origin}`, async () => {
      const games = (await this.deps.games.list()).filter((game) => placeId === undefined || game.placeId === placeId);
      return { games: games.map((game) => toV1Game(game, origin)) };
    });
  }

  /**
   * What `/raw/{id}` answers: the loader, or the page of a gated script (its path: the route names the
   * origin), or null (unknown or hidden), from the catalogue's cached answer.
   */
  rawAnswer(id: number): Promise<CachedAnswer<RawAnswer | null>> {
    return this.deps.cache.remember(rawKey(id), async () => {
      const detail = (await this.deps.catalogue.scriptAnswer(id)).value;
      if (detail === null) return null;
      const gated = (await this.deps.repository.gatedAmong([id])).has(id);
      return gated ? { gated: true, title: detail.playsname, page: scriptPath(detail) } : { gated: false, loader: detail.loadstring };
    });
  }

  /** Counts a fetch of a raw loader as a run (once per address a day). */
  recordRun(id: number, runner: Runner): void {
    this.deps.runs.record(id, runner);
  }

  executorsAnswer(): Promise<CachedAnswer<V1ExecutorList>> {
    return this.deps.cache.remember('v1:executors', async () => ({ executors: (await this.deps.executors.list()).map(toV1Executor) }));
  }
}

/** The cache key of a raw loader's answer (the route's fast path reads it too). */
export function rawKey(id: number): string {
  return `v1:raw:${id}`;
}

/** The cache key of one script's v1 answer (the routes' fast path reads it too). */
export function scriptKey(id: number, origin: string): string {
  return `v1:script:${id}:${origin}`;
}
