import { DAILY_VIEWS_KEPT_DAYS, parseChannelList } from '../../contract/index.ts';
import type { Config } from '../shared/config.ts';
import { processImage } from '../images/pipeline.ts';
import { utcDay } from '../shared/dates.ts';
import { trendingScore } from '../views/trending.ts';
import type { PublicCache } from '../cache/public-cache.ts';
import type { Db } from '../db/database.ts';
import type { GameService } from '../games/service.ts';
import type { ImageStorage } from '../images/storage.ts';
import type { ScriptRepository } from '../scripts/repository.ts';
import { DEMO_CATALOGUE, DEMO_EARLIER_LOADERS, DEMO_GAME_LIST, DEMO_GROUPS, DEMO_SEARCH_MISSES, type DemoScript } from './catalogue.ts';
import { DEMO_EXECUTORS, demoTested } from './executors.ts';
import { addDemoTypes, demoTypes } from './types.ts';
import { random, renderDemoIcon, renderDemoImage } from './images.ts';
import { DemoRepository } from './repository.ts';

/** What the demo catalogue is written through. */
export interface DemoServices {
  db: Db;
  games: GameService;
  images: ImageStorage;
  scripts: ScriptRepository;
  cache: PublicCache;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SPAN_MS = 60 * DAY_MS;
/** The demo covers are 1280x720; this only guards the pipeline's pixel limit. */
const DEFAULT_MAX_PIXELS = 40_000_000;
/** Images are prepared a few at a time: sharp is parallel already, and memory stays flat. */
const BATCH = 4;

/** Days of views the demo draws for each script (or since its creation, when newer). */
const VIEW_DAYS = 28;

/** Newest-first display order, taking one script of each group in turn so every page mixes games. */
function displayOrder(): { script: DemoScript; index: number }[] {
  const perGame = DEMO_GROUPS.map((group) => DEMO_CATALOGUE.filter((script) => script.group === group));
  const rounds = Math.max(...perGame.map((list) => list.length));
  const order: { script: DemoScript; index: number }[] = [];
  for (let index = 0; index < rounds; index++) {
    for (const list of perGame) {
      const script = list[index];
      if (script) order.push({ script, index });
    }
  }
  return order;
}

/**
 * A script's views per day from its creation (at most VIEW_DAYS back) to today: a popularity drawn
 * per script and a shape (rising, steady or fading), so "most viewed" and "trending" differ.
 */
function demoViews(playsname: string, createdDay: number, today: number): [day: number, views: number][] {
  const next = random(`views#${playsname}`);
  const popularity = 2 + Math.floor(next() ** 2 * 120);
  const shape = Math.floor(next() * 3);
  const days: [number, number][] = [];
  for (let day = Math.max(createdDay, today - (VIEW_DAYS - 1)); day <= today; day += 1) {
    const recency = (today - day) / (VIEW_DAYS - 1);
    const trend = shape === 0 ? 1.7 - 1.4 * recency : shape === 1 ? 1 : 0.3 + 1.4 * recency;
    days.push([day, Math.round(popularity * trend * (0.6 + next() * 0.8))]);
  }
  return days;
}

/** The demo games with their icons, created once (a second `npm run demo` finds them by name). */
async function demoGames(services: DemoServices): Promise<Map<string, number>> {
  const existing = new Map((await services.games.list()).map((game) => [game.name, game.id]));
  for (const { name, placeId } of DEMO_GAME_LIST) {
    if (existing.has(name)) continue;
    const game = await services.games.create({ name, placeId, icon: { bytes: await renderDemoIcon(name), declaredType: 'image/png' } });
    existing.set(name, game.id);
  }
  return existing;
}

/** The demo executors, their statuses changed some days ago. */
async function demoExecutors(demo: DemoRepository, now: number): Promise<void> {
  await demo.addExecutors(
    DEMO_EXECUTORS.map(({ statusDaysAgo, ...executor }) => ({ ...executor, statusChangedAt: new Date(now - statusDaysAgo * DAY_MS) })),
    new Date(now - SPAN_MS),
  );
}

/**
 * Inserts the whole demo catalogue with locally drawn covers, dated over the last 60 days so the
 * list looks lived in: its games with icons, its executors and script types, each script's facts, the executors it
 * was tested with and its types, a few weeks of views per day (the views and trending scores they imply, for today)
 * and a few searches that found nothing. Works on either database; returns how many scripts were inserted.
 */
export async function loadDemoCatalogue(services: DemoServices, maxPixels = DEFAULT_MAX_PIXELS): Promise<number> {
  const order = displayOrder();
  const demo = new DemoRepository(services.db);
  const gameIds = await demoGames(services);
  const now = Date.now();
  await demoExecutors(demo, now);
  await addDemoTypes(services.db, new Date(now - SPAN_MS));
  const today = utcDay(now);
  const step = SPAN_MS / order.length;
  let inserted = 0;
  // Oldest first, so ids grow with dates and the newest script is also the last inserted.
  for (let start = order.length - 1; start >= 0; start -= BATCH) {
    const batch = order.slice(Math.max(0, start - BATCH + 1), start + 1).reverse();
    const images = await Promise.all(
      batch.map(async ({ script, index }) => processImage(await renderDemoImage(script.group, index), maxPixels)),
    );
    for (const [i, { script }] of batch.entries()) {
      const image = images[i];
      if (!image) continue;
      await services.images.save(image);
      const position = start - i;
      // A few hours of jitter per position, so dates do not fall on a perfect grid.
      const createdAt = new Date(now - position * step - ((position * 7) % 11) * 60 * 60 * 1000 - 60_000);
      const gameId = script.game ? gameIds.get(script.game) : undefined;
      const row = await services.scripts.insert({
        playsname: script.playsname,
        description: script.description,
        loadstring: DEMO_EARLIER_LOADERS[script.playsname] ?? script.loadstring,
        imageKey: image.key,
        ownerModeratorId: null,
        channels: parseChannelList(script.channels),
        createdAt,
        ...(gameId === undefined ? {} : { game: { id: gameId } }),
        universal: script.universal,
        keySystem: script.keySystem,
        keyLink: script.keyLink,
        patched: script.patched,
        verified: script.verified,
        executors: demoTested(DEMO_CATALOGUE.indexOf(script), script.playsname),
        types: demoTypes(script.playsname, script.description),
      });
      // Its update makes version 2, whose analysis adds what the earlier loader lacked.
      if (DEMO_EARLIER_LOADERS[script.playsname] !== undefined) await services.scripts.update(row.id, { loadstring: script.loadstring });
      const views = demoViews(script.playsname, utcDay(createdAt.getTime()), today);
      await demo.setViews(row.id, views, trendingScore(views, today));
      // Every fifth script was changed after it was added, so "recently updated" has its own order.
      if (position % 5 === 2) await demo.setUpdatedAt(row.id, new Date(createdAt.getTime() + (now - createdAt.getTime()) * 0.6));
      inserted++;
    }
  }
  await demo.setTrendingDay(today);
  await demo.addSearchMisses(
    DEMO_SEARCH_MISSES.filter(([, daysAgo]) => daysAgo < DAILY_VIEWS_KEPT_DAYS).map(([query, daysAgo, searches]) => ({ query, day: today - daysAgo, searches })),
  );
  services.cache.invalidate();
  return inserted;
}

/** First-start seeding: loads the demo catalogue only into an empty scripts table. */
export async function seedDemoIfEmpty(services: DemoServices, config: Config): Promise<number> {
  if ((await services.scripts.count()) > 0) return 0;
  return loadDemoCatalogue(services, config.uploadMaxPixels);
}
