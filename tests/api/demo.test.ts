import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRENDING_DAYS } from '../../contract/index.ts';
import { loadConfig } from '../../server/shared/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { EXECUTOR_STATUSES, PLATFORM_SIDE_BITS, PLATFORMS, platformsOf } from '../../contract/index.ts';
import { DEMO_CATALOGUE, DEMO_FLAGGED_LOADERS, DEMO_GAME_LIST, DEMO_GAMES, MORE_DEMO_GAMES } from '../../server/demo/catalogue.ts';
import { DEMO_EXECUTORS } from '../../server/demo/executors.ts';
import { seedDemoIfEmpty } from '../../server/demo/seed.ts';
import { utcDay } from '../../server/shared/dates.ts';
import { trendingScore } from '../../server/views/trending.ts';
import { createServices } from '../../server/services.ts';
import { dialects, throwawayDatabase } from '../helpers/databases.ts';

/** RIFF....WEBP: the container header every WebP file starts with. */
function isWebp(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP';
}

describe.each(dialects)('demo catalogue on %s', (dialect) => {
  it('fills an empty database once: games with icons, facts for every filter, views for every sort, the overview', async () => {
    const throwaway = await throwawayDatabase(dialect);
    const config = loadConfig({ ...throwaway.env, NODE_ENV: 'test' });
    const db = openDatabase(config.database);
    try {
      await migrateToLatest(db);
      const services = createServices(config, db, console);
      const k = db.kysely;

      const loaded = await seedDemoIfEmpty(services, config);
      expect(loaded).toBe(DEMO_CATALOGUE.length);
      expect(loaded).toBeGreaterThanOrEqual(50);
      expect(await services.scripts.count()).toBe(loaded);

      // The landing page's game cards search by the full game name.
      for (const game of DEMO_GAMES) expect(await services.scripts.count(game)).toBeGreaterThanOrEqual(8);

      const rows = await k.selectFrom('scripts').selectAll().orderBy('id').execute();
      expect(rows).toHaveLength(loaded);
      let withChannels = 0;
      for (const row of rows) {
        expect(row.image_key).toMatch(/^[a-f0-9]+$/);
        for (const file of [`${row.image_key}.webp`, `${row.image_key}-card.webp`]) {
          expect(isWebp(await fs.readFile(path.join(config.uploadsDir, file)))).toBe(true);
        }
        expect(row.loadstring.startsWith('print(') || row.loadstring.startsWith('--')).toBe(true);
        // Placeholders fetch nothing; the few loaders written to show the analysis are stored analysed.
        const flagged = DEMO_FLAGGED_LOADERS[row.playsname];
        if (flagged === undefined) expect(row.loadstring).not.toMatch(/loadstring\s*\(\s*game:HttpGet|http/i);
        else expect([row.loadstring, row.analysis_severity !== null]).toEqual([flagged, true]);
        if ((await services.scripts.channelsOf(row.id)).length > 0) withChannels++;
      }
      // A newcomer sees the analysis on first start: high findings among the demo's loaders.
      expect(rows.filter((row) => row.analysis_severity === 'high').length).toBeGreaterThanOrEqual(2);
      expect(withChannels).toBeGreaterThan(0);
      expect(withChannels).toBeLessThan(loaded);
      // Newest first comes out of the seeding order: dates are spread, not all equal.
      expect(new Set(rows.map((row) => new Date(row.created_at).toISOString())).size).toBe(loaded);

      // Games: the landing's four and the others, each with an icon and scripts, most scripts first.
      const games = await services.games.list();
      expect(games.map((game) => game.name).sort()).toEqual(DEMO_GAME_LIST.map((game) => game.name).sort());
      for (const game of games) {
        expect(game.icon).toMatch(/^\/uploads\/[a-f0-9]+-card\.webp$/);
        expect(isWebp(await fs.readFile(path.join(config.uploadsDir, path.basename(game.icon as string))))).toBe(true);
        expect(game.placeId).toMatch(/^\d+$/);
        expect(game.scripts).toBe((DEMO_GAMES as readonly string[]).includes(game.name) ? 10 : 3);
      }
      expect(games.slice(0, 4).map((game) => game.name).sort()).toEqual([...DEMO_GAMES].sort());
      expect(MORE_DEMO_GAMES.every((name) => games.some((game) => game.name === name))).toBe(true);
      expect(games.find((game) => game.name === 'Blox Fruits')?.slug).toBe('blox-fruits');

      // Every filter has scripts on both of its sides; universal scripts have no game; key links are https:, only with a key system.
      const count = (rowsOf: (row: (typeof rows)[number]) => boolean) => rows.filter(rowsOf).length;
      for (const column of ['universal', 'key_system', 'patched', 'verified'] as const) {
        expect(count((row) => Number(row[column]) === 1), `${column}=true`).toBeGreaterThan(0);
        expect(count((row) => Number(row[column]) === 0), `${column}=false`).toBeGreaterThan(0);
      }
      expect(rows.filter((row) => Number(row.universal) === 1).every((row) => row.game_id === null)).toBe(true);
      expect(rows.filter((row) => Number(row.universal) === 0).every((row) => row.game_id !== null)).toBe(true);
      const keyLinks = rows.filter((row) => row.key_link !== null);
      expect(keyLinks.length).toBeGreaterThan(0);
      expect(keyLinks.every((row) => Number(row.key_system) === 1 && row.key_link?.startsWith('https://'))).toBe(true);
      expect(count((row) => Number(row.key_system) === 1 && row.key_link === null)).toBeGreaterThan(0);
      // Within one game too: each landing game has scripts with and without a key system.
      for (const game of games.slice(0, 4)) {
        const own = rows.filter((row) => row.game_id === game.id);
        expect(new Set(own.map((row) => Number(row.key_system))), game.name).toEqual(new Set([0, 1]));
      }

      // Views per day for the last weeks; each script's views are their sum and its trending score is the formula's for today.
      const today = utcDay(Date.now());
      const daily = await k.selectFrom('script_daily_views').selectAll().execute();
      expect(new Set(daily.map((row) => row.day)).size).toBeGreaterThanOrEqual(21);
      for (const row of rows) {
        const own = daily.filter((entry) => entry.script_id === row.id).map((entry): [number, number] => [entry.day, entry.views]);
        expect(Number(row.views), row.playsname).toBe(own.reduce((sum, [, views]) => sum + views, 0));
        expect(Number(row.trending)).toBeCloseTo(trendingScore(own, today), 6);
      }
      const trendingDay = await k.selectFrom('catalogue_counts').select('value').where('name', '=', 'trending_day').executeTakeFirstOrThrow();
      expect(Number(trendingDay.value)).toBe(today);
      // The sorts differ: most viewed, trending and recently updated each put another script first.
      const first = (by: (row: (typeof rows)[number]) => number) => [...rows].sort((a, b) => by(b) - by(a))[0]?.id;
      const firsts = new Set([
        first((row) => Number(row.views)),
        first((row) => Number(row.trending)),
        first((row) => Date.parse(new Date(row.updated_at).toISOString())),
        first((row) => Date.parse(new Date(row.created_at).toISOString())),
      ]);
      expect(firsts.size).toBeGreaterThanOrEqual(3);
      expect(count((row) => new Date(row.updated_at).getTime() > new Date(row.created_at).getTime())).toBeGreaterThan(0);
      expect(daily.filter((entry) => entry.day > today - TRENDING_DAYS).length).toBeGreaterThan(0);

      // Executors on every platform and in every status; most scripts tested with one to three, some with
      // none, and a few only with patched or discontinued ones ("No working executor known").
      const executors = await k.selectFrom('executors').selectAll().orderBy('id').execute();
      expect(executors.map((row) => row.slug)).toEqual(DEMO_EXECUTORS.map((executor) => executor.slug));
      expect(new Set(executors.flatMap((row) => platformsOf(Number(row.platforms))))).toEqual(new Set(PLATFORMS));
      expect(new Set(executors.map((row) => row.status))).toEqual(new Set(EXECUTOR_STATUSES));
      expect(executors.filter((row) => row.website !== null).every((row) => row.website?.startsWith('https://'))).toBe(true);
      const tested = await k.selectFrom('script_executors').select(['script_id', 'executor_id', 'tested']).execute();
      expect(tested.every((row) => Number(row.tested) === 1)).toBe(true);
      const perScript = new Map<number, number>();
      for (const row of tested) perScript.set(Number(row.script_id), (perScript.get(Number(row.script_id)) ?? 0) + 1);
      expect(perScript.size).toBeGreaterThan(loaded / 2);
      expect(perScript.size).toBeLessThan(loaded);
      expect([...perScript.values()].every((n) => n >= 1 && n <= 3)).toBe(true);
      // Platforms follow the tested executors: both sides of the platform filter find scripts.
      for (const bits of Object.values(PLATFORM_SIDE_BITS)) expect(count((row) => (Number(row.platforms) & bits) !== 0)).toBeGreaterThan(0);
      expect(rows.filter((row) => !perScript.has(row.id)).every((row) => Number(row.platforms) === 0)).toBe(true);
      const answers = await Promise.all(rows.map((row) => services.catalogue.get(row.id)));
      const noWorking = answers.filter((answer) => answer?.noWorkingExecutor);
      expect(noWorking.length).toBeGreaterThanOrEqual(2);
      expect(noWorking.every((answer) => answer?.compatibility.every((row) => row.status === 'patched' || row.status === 'discontinued'))).toBe(true);
      expect(answers.filter((answer) => answer?.compatibility.length === 0).length).toBeGreaterThan(0);

      // The admin's overview shows a chart, a week's top, new scripts and searches that found nothing.
      const overview = await services.insights.overview();
      expect(overview.viewsPerDay.filter((entry) => entry.value > 0).length).toBeGreaterThanOrEqual(21);
      expect(overview.topThisWeek).toHaveLength(10);
      expect(overview.newScriptsPerDay.some((entry) => entry.value > 0)).toBe(true);
      expect(overview.emptySearches.length).toBeGreaterThanOrEqual(3);

      // One script ships a history: its update added a webhook, a high finding (docs/decisions/0044-loader-versions.md).
      const logger = rows.find((row) => row.playsname === 'Universal Stats Logger');
      const history = await services.versions.pageAnswer(Number(logger?.id), 20, 0);
      expect(history.value?.map((entry) => entry.version)).toEqual([2, 1]);
      expect(history.value?.[0]).toMatchObject({ added: [{ code: 'webhook', severity: 'high' }], hostsAdded: ['discord.com'] });
      expect(await services.catalogue.get(Number(logger?.id))).toMatchObject({ version: 2, updateAddedHigh: true, loadstring: DEMO_FLAGGED_LOADERS['Universal Stats Logger'] });
      expect(await k.selectFrom('script_versions').select('script_id').where('version', '>', 1).execute()).toHaveLength(1);

      expect(await seedDemoIfEmpty(services, config)).toBe(0);
      expect(await services.scripts.count()).toBe(loaded);
    } finally {
      await db.close();
      await throwaway.drop();
    }
  }, 120_000);
});
