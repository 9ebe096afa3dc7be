import { loadConfig } from '../server/shared/config.ts';
import { type Db, openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { loadDemoCatalogue, seedDemoIfEmpty } from '../server/demo/seed.ts';
import { createServices } from '../server/services.ts';

/**
 * `npm run demo [-- --if-empty]`: loads the demo catalogue into the configured database
 * (embedded or PostgreSQL). Without --if-empty it adds the demo scripts even to a filled catalogue.
 */
const USAGE = 'Usage: npm run demo [-- --if-empty]';

async function main(args: string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== '--if-empty');
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown.join(' ')}\n${USAGE}`);

  const config = loadConfig();
  let db: Db | undefined;
  try {
    db = openDatabase(config.database);
    await migrateToLatest(db);
    const services = createServices(config, db, console);
    const loaded = args.includes('--if-empty')
      ? await seedDemoIfEmpty(services, config)
      : await loadDemoCatalogue(services, config.uploadMaxPixels);
    console.log(loaded > 0 ? `Loaded ${loaded} demo scripts.` : 'The catalogue is not empty; no demo scripts loaded.');
  } finally {
    await db?.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
