import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { DEMO_GAMES } from '../../server/demo/catalogue.ts';
import { seedDemoIfEmpty } from '../../server/demo/seed.ts';
import { createServices } from '../../server/services.ts';

/** RIFF....WEBP: the container header every WebP file starts with. */
function isWebp(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP';
}

describe('demo catalogue', () => {
  it('fills an empty embedded database once, with local images and harmless loaders', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-test-'));
    const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' });
    const db = openDatabase(config.database);
    try {
      await migrateToLatest(db);
      const services = createServices(config, db, console);

      const loaded = await seedDemoIfEmpty(services, config);
      expect(loaded).toBeGreaterThanOrEqual(36);
      expect(loaded).toBeLessThanOrEqual(44);
      expect(await services.scripts.count()).toBe(loaded);

      // The landing page's game cards search by the full game name.
      for (const game of DEMO_GAMES) expect(await services.scripts.count(game)).toBeGreaterThanOrEqual(8);

      const rows = await services.scripts.listCards({ limit: 100, offset: 0 });
      expect(rows).toHaveLength(loaded);
      let withChannels = 0;
      for (const card of rows) {
        const row = await services.scripts.findById(card.id);
        expect(row?.image_key).toMatch(/^[a-f0-9]+$/);
        const key = row?.image_key ?? '';
        for (const file of [`${key}.webp`, `${key}-card.webp`]) {
          expect(isWebp(await fs.readFile(path.join(config.uploadsDir, file)))).toBe(true);
        }
        const loader = row?.loadstring ?? '';
        expect(loader.startsWith('print(') || loader.startsWith('--')).toBe(true);
        expect(loader).not.toMatch(/loadstring\s*\(\s*game:HttpGet|http/i);
        if ((await services.scripts.channelsOf(card.id)).length > 0) withChannels++;
      }
      expect(withChannels).toBeGreaterThan(0);
      expect(withChannels).toBeLessThan(loaded);

      // Newest first comes out of the seeding order: dates are spread, not all equal.
      expect(new Set(rows.map((row) => String(row.created_at))).size).toBe(loaded);

      expect(await seedDemoIfEmpty(services, config)).toBe(0);
      expect(await services.scripts.count()).toBe(loaded);
    } finally {
      await db.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
