import { parseChannelList } from '../../contract/index.ts';
import type { Config } from '../config.ts';
import { processImage } from '../images/pipeline.ts';
import type { Services } from '../services.ts';
import { DEMO_CATALOGUE, DEMO_GAMES, type DemoScript } from './catalogue.ts';
import { renderDemoImage } from './images.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SPAN_MS = 60 * DAY_MS;
/** The demo covers are 1280x720; this only guards the pipeline's pixel limit. */
const DEFAULT_MAX_PIXELS = 40_000_000;
/** Images are prepared a few at a time: sharp is parallel already, and memory stays flat. */
const BATCH = 4;

/** Newest-first display order, taking one script of each game in turn so every page mixes games. */
function displayOrder(): { script: DemoScript; index: number }[] {
  const perGame = DEMO_GAMES.map((game) => DEMO_CATALOGUE.filter((script) => script.game === game));
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
 * Inserts the whole demo catalogue with locally drawn covers, dated over the last 60 days so the
 * list looks lived in. Works on either database; returns how many scripts were inserted.
 */
export async function loadDemoCatalogue(services: Services, maxPixels = DEFAULT_MAX_PIXELS): Promise<number> {
  const order = displayOrder();
  const now = Date.now();
  const step = SPAN_MS / order.length;
  let inserted = 0;
  // Oldest first, so ids grow with dates and the newest script is also the last inserted.
  for (let start = order.length - 1; start >= 0; start -= BATCH) {
    const batch = order.slice(Math.max(0, start - BATCH + 1), start + 1).reverse();
    const images = await Promise.all(
      batch.map(async ({ script, index }) => processImage(await renderDemoImage(script.game, index), maxPixels)),
    );
    for (const [i, { script }] of batch.entries()) {
      const image = images[i];
      if (!image) continue;
      await services.images.save(image);
      const position = start - i;
      // A few hours of jitter per position, so dates do not fall on a perfect grid.
      const createdAt = new Date(now - position * step - ((position * 7) % 11) * 60 * 60 * 1000 - 60_000);
      await services.scripts.insert({
        playsname: script.playsname,
        description: script.description,
        loadstring: script.loadstring,
        imageKey: image.key,
        ownerModeratorId: null,
        channels: parseChannelList(script.channels),
        createdAt,
      });
      inserted++;
    }
  }
  services.cache.invalidate();
  return inserted;
}

/** First-start seeding: loads the demo catalogue only into an empty scripts table. */
export async function seedDemoIfEmpty(services: Services, config: Config): Promise<number> {
  if ((await services.scripts.count()) > 0) return 0;
  return loadDemoCatalogue(services, config.uploadMaxPixels);
}
