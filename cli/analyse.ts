import { loadConfig } from '../server/shared/config.ts';
import { type Db, openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createServices } from '../server/services.ts';

/**
 * `npm run analyse [-- --all]`: analyses the loaders of the configured database that have no stored
 * analysis of the current version (a server start does it once per new version, in the background), or
 * with --all every loader (docs/decisions/0018-loader-analysis.md#stored-loader-analysis). Running servers drop their cached
 * answers when it ends.
 */
const USAGE = 'Usage: npm run analyse [-- --all]';

async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const unknown = args.filter((arg) => arg !== '--all');
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown.join(' ')}\n${USAGE}`);

  const config = loadConfig();
  let db: Db | undefined;
  try {
    db = openDatabase(config.database);
    await migrateToLatest(db);
    const stored = await createServices(config, db, console).backfillAnalyses({ all: args.includes('--all') });
    console.log(`Analysed the loaders of ${stored} scripts.`);
  } finally {
    await db?.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
