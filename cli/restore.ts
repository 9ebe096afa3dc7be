import path from 'node:path';
import { loadConfig } from '../server/shared/config.ts';
import { ArchiveError } from '../server/backup/format.ts';
import { restoreBackup, RestoreRefused } from '../server/backup/restore.ts';

/**
 * `npm run restore -- FILE [--force]`: loads a backup into the configured database (DATA_DIR, or
 * DATABASE_URL for PostgreSQL: this is how the embedded database moves to PostgreSQL) and image
 * storage (IMAGE_STORAGE). The target must hold no catalogue; --force empties it first, in the same
 * transaction as the load. A damaged or cut archive changes nothing (docs/decisions/0023-backups.md).
 */
const USAGE = 'Usage: npm run restore -- FILE [--force]';

async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  const [file] = files;
  if (!file || files.length !== 1 || file.startsWith('-')) throw new Error(USAGE);
  const config = loadConfig();
  const summary = await restoreBackup(config, path.resolve(file), { force });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
  const replaced = Object.keys(summary.replaced).length > 0 ? ' (the catalogue it held was replaced)' : '';
  console.log(`Restored ${summary.tables.scripts ?? 0} scripts, ${rows} rows and ${summary.images} images into ${where}${replaced}.`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof RestoreRefused || error instanceof ArchiveError) console.error(`Restore refused: ${error.message.replace(/; nothing was changed$/, '')}. Nothing was changed.`);
  else console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
