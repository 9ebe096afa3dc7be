import { foldSearchText, searchTextOf } from '../../server/db/search.ts';
import { ensureRows, refreshPlatforms } from '../../server/executors/compatibility-writes.ts';
import { PLATFORM_SIDE_BITS, type PlatformSide } from '../../contract/platforms.ts';
import type { ScriptSort } from '../../contract/index.ts';
import { utcDay } from '../../server/shared/dates.ts';
import { wilsonLowerBound } from '../../server/votes/rating.ts';
import { seededRandom } from '../../tools/seeded-random.ts';
import type { TestContext } from './app.ts';

// A catalogue with games, flags, views, trending scores and update times, built the same on both
// databases, large enough that every way a filtered or sorted page can be read is taken: a common
// filter read in sort order, a rare one read through the facets index, searches dense and sparse.
// Views and trending scores repeat a lot, so ties (to the newer script) are everywhere.

export const FIXTURE_GAMES = [
  { name: 'Blox Fruits', slug: 'blox-fruits' },
  { name: 'Brookhaven RP', slug: 'brookhaven-rp' },
  { name: 'Doors', slug: 'doors' },
  { name: 'Rare Game', slug: 'rare-game' },
] as const;

/**
 * Executors and where each script works, from its index alone (the random sequence above is left as
 * it was): tested marks, answers with more yes than no (works) and more no than yes (does not), and
 * one executor on a few scripts only, so an executor's scripts are read both in order and gathered.
 */
export const FIXTURE_EXECUTORS = [
  { slug: 'win-exec', platforms: 1 },
  { slug: 'mac-exec', platforms: 2 },
  { slug: 'droid-exec', platforms: 4 },
  { slug: 'rare-exec', platforms: 8 | 1 },
] as const;

/** A script's executor rows: tested, or answers [yes, no]. */
function compatibilityOf(i: number): { slug: string; tested: boolean; yes: number; no: number }[] {
  const rows: { slug: string; tested: boolean; yes: number; no: number }[] = [];
  if (i % 3 === 0) rows.push({ slug: 'win-exec', tested: true, yes: 0, no: 0 });
  if (i % 7 === 3) rows.push({ slug: 'mac-exec', tested: true, yes: 0, no: 0 });
  if (i % 5 === 1) rows.push({ slug: 'droid-exec', tested: false, yes: 2, no: 1 });
  if (i % 5 === 2) rows.push({ slug: 'droid-exec', tested: false, yes: 1, no: 2 });
  if (i % 11 === 4 && i % 7 !== 3) rows.push({ slug: 'mac-exec', tested: false, yes: 1, no: 1 });
  if (i % 1000 === 11) rows.push({ slug: 'rare-exec', tested: true, yes: 0, no: 0 });
  return rows;
}

const FEATURES = ['Auto Farm', 'ESP', 'Teleport Hub', 'Infinite Jump', 'Kill Aura', 'Автофарм', 'Silent Aim'];
const SENTENCES = ['Fast and keyless.', 'Works on every executor.', 'Быстрый запуск.', 'Собирает ёлочные игрушки.', ''];

export interface ListedFixture {
  id: number;
  searchText: string;
  createdAt: string;
  updatedAt: string;
  views: number;
  trending: number;
  rating: number;
  game: string | null;
  universal: boolean;
  keySystem: boolean;
  patched: boolean;
  verified: boolean;
  /** The platforms bit set and the executors (slugs) it works on. */
  platforms: number;
  executors: string[];
}

/** Inserts the games and `count` scripts; answers the scripts as the expectations read them. */
export async function insertListingFixture(ctx: TestContext, count = 8_000): Promise<ListedFixture[]> {
  const next = seededRandom(14);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const gameIds = new Map<string, number>();
  for (const game of FIXTURE_GAMES) {
    const row = await ctx.db.kysely
      .insertInto('games')
      .values({ name: game.name, name_key: game.name.toLowerCase(), slug: game.slug, place_id: null, icon_key: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    gameIds.set(game.slug, Number(row.id));
  }
  const start = Date.UTC(2025, 0, 1);
  const expected: Omit<ListedFixture, 'id' | 'platforms' | 'executors'>[] = [];
  const rows = Array.from({ length: count }, (_, i) => {
    const universal = next() < 0.15;
    const roll = next();
    const game = universal ? null : i % 1000 === 7 ? 'rare-game' : roll < 0.4 ? 'blox-fruits' : roll < 0.65 ? 'brookhaven-rp' : roll < 0.9 ? 'doors' : null;
    const playsname = `${game ? (FIXTURE_GAMES.find((g) => g.slug === game)?.name ?? '') : 'Universal'} ${i % 997 === 0 ? 'Quartz Qz' : pick(FEATURES)} ${i}`;
    const description = `${pick(SENTENCES)} ${pick(SENTENCES)}`.trim();
    // Every 50th script shares the previous one's creation time: a tie that goes to the higher id.
    const createdMs = start + (i - (i % 50 === 1 ? 1 : 0)) * 3_600_000 + (i % 50 === 1 ? 0 : Math.floor((next() - 0.5) * 86_400_000));
    const createdAt = new Date(createdMs).toISOString();
    const updatedAt = next() < 0.3 ? new Date(start + Math.floor(next() * 40) * 86_400_000 * 10).toISOString() : createdAt;
    // Likes and dislikes from the index (the random sequence stays as it was): many scripts share a rating.
    const likes = i % 5 === 0 ? 0 : (i * 13) % 9;
    const dislikes = (i * 11) % 4;
    const script = {
      rating: wilsonLowerBound(likes, dislikes),
      searchText: searchTextOf(playsname, description),
      createdAt,
      updatedAt,
      views: Math.floor(next() * 40),
      trending: next() < 0.5 ? 0 : Math.floor(next() * 20),
      game,
      universal,
      keySystem: next() < 0.4,
      patched: next() < 0.1,
      verified: next() < 0.05,
    };
    expected.push(script);
    return {
      playsname,
      description,
      loadstring: `print(${i})`,
      image_key: null,
      owner_moderator_id: null,
      search_text: script.searchText,
      loadstring_search: foldSearchText(`print(${i})`),
      created_at: createdAt,
      updated_at: updatedAt,
      views: script.views,
      trending: script.trending,
      likes,
      dislikes,
      rating: script.rating,
      game_id: game ? (gameIds.get(game) ?? null) : null,
      universal: script.universal ? 1 : 0,
      key_system: script.keySystem ? 1 : 0,
      key_link: null,
      patched: script.patched ? 1 : 0,
      verified: script.verified ? 1 : 0,
    };
  });
  const inserted: ListedFixture[] = [];
  for (let first = 0; first < rows.length; first += 500) {
    const ids = await ctx.db.kysely.insertInto('scripts').values(rows.slice(first, first + 500)).returning('id').execute();
    ids.forEach((row, index) => inserted.push({ id: Number(row.id), ...(expected[first + index] as Omit<ListedFixture, 'id' | 'platforms' | 'executors'>), platforms: 0, executors: [] }));
  }
  await insertCompatibility(ctx, inserted);
  // The scores above stand for today: no day roll recomputes them from (absent) views per day.
  await ctx.db.kysely.updateTable('catalogue_counts').set({ value: utcDay(Date.now()) }).where('name', '=', 'trending_day').execute();
  ctx.services.cache.invalidate();
  return inserted;
}

/** The fixture's executors and each script's rows of them; fills `platforms` and `executors` of the scripts. */
async function insertCompatibility(ctx: TestContext, scripts: ListedFixture[]): Promise<void> {
  const now = new Date().toISOString();
  const ids = new Map<string, number>();
  for (const executor of FIXTURE_EXECUTORS) {
    const row = await ctx.db.kysely
      .insertInto('executors')
      .values({ name: executor.slug, slug: executor.slug, platforms: executor.platforms, status: 'working', free: 1, status_changed_at: now, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(executor.slug, Number(row.id));
  }
  const rows = scripts.flatMap((script, i) => compatibilityOf(i).map((row) => ({ ...row, scriptId: script.id, executorId: ids.get(row.slug) ?? 0 })));
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await ensureRows(trx, rows);
    // One update per kind of row (executor, tested, answers), 500 scripts at a time.
    const kinds = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = `${row.executorId}:${row.tested}:${row.yes}:${row.no}`;
      const group = kinds.get(key) ?? [];
      group.push(row);
      kinds.set(key, group);
    }
    for (const group of kinds.values()) {
      const { executorId, tested, yes, no } = group[0]!;
      for (let start = 0; start < group.length; start += 500) {
        const scriptIds = group.slice(start, start + 500).map((row) => row.scriptId);
        await trx.updateTable('script_executors').set({ tested: tested ? 1 : 0, works_yes: yes, works_no: no }).where('executor_id', '=', executorId).where('script_id', 'in', scriptIds).execute();
      }
    }
    await refreshPlatforms(trx, scripts.map((script) => script.id));
  });
  scripts.forEach((script, i) => {
    const working = compatibilityOf(i).filter((row) => row.tested || row.yes > row.no);
    script.executors = working.map((row) => row.slug);
    script.platforms = working.reduce((bits, row) => bits | (FIXTURE_EXECUTORS.find((executor) => executor.slug === row.slug)?.platforms ?? 0), 0);
  });
}

export interface ListingQuery {
  q?: string;
  game?: string;
  platform?: PlatformSide;
  executor?: string;
  universal?: boolean;
  key?: boolean;
  patched?: boolean;
  verified?: boolean;
  sort?: ScriptSort;
}

const desc = (a: string | number, b: string | number) => (a === b ? 0 : a < b ? 1 : -1);

const COMPARE: Record<ScriptSort, (a: ListedFixture, b: ListedFixture) => number> = {
  newest: (a, b) => desc(a.createdAt, b.createdAt) || b.id - a.id,
  views: (a, b) => b.views - a.views || desc(a.createdAt, b.createdAt) || b.id - a.id,
  trending: (a, b) => b.trending - a.trending || desc(a.createdAt, b.createdAt) || b.id - a.id,
  updated: (a, b) => desc(a.updatedAt, b.updatedAt) || b.id - a.id,
  rating: (a, b) => b.rating - a.rating || desc(a.createdAt, b.createdAt) || b.id - a.id,
};

/** What a listing must answer, computed plainly: the filter, every search word a substring, the sort. */
export function expectedListing(scripts: ListedFixture[], query: ListingQuery, searchCap: number): { ids: number[]; total: number } {
  const words = query.q ? foldSearchText(query.q).split(/[\s,;]+/u).filter(Boolean) : [];
  const matches = scripts
    .filter(
      (script) =>
        (query.game === undefined || script.game === query.game) &&
        (query.universal === undefined || script.universal === query.universal) &&
        (query.key === undefined || script.keySystem === query.key) &&
        (query.patched === undefined || script.patched === query.patched) &&
        (query.verified === undefined || script.verified === query.verified) &&
        (query.platform === undefined || (script.platforms & PLATFORM_SIDE_BITS[query.platform]) !== 0) &&
        (query.executor === undefined || script.executors.includes(query.executor)) &&
        words.every((word) => script.searchText.includes(word)),
    )
    .sort(COMPARE[query.sort ?? 'newest']);
  const cap = query.q ? searchCap : Number.POSITIVE_INFINITY;
  return { ids: matches.slice(0, Math.min(matches.length, cap)).map((script) => script.id), total: Math.min(matches.length, cap) };
}

/** The query string of a listing request. */
export function listingUrl(query: ListingQuery, limit: number, offset: number): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return `/api/scripts/paginated?${params}`;
}
