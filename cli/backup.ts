import path from 'node:path';
import { loadConfig } from '../server/shared/config.ts';
import { writeBackup } from '../server/backup/writer.ts';

/**
 * `npm run backup -- FILE`: writes a backup of the configured catalogue (DATA_DIR or DATABASE_URL,
 * IMAGE_STORAGE) to FILE while the site serves: one consistent snapshot of every catalogue table and
 * the images it names, gzip'd JSON lines (docs/decisions/0023-backups.md). `npm run restore` loads it.
 */
const USAGE = 'Usage: npm run backup -- FILE   (for example backups/catalogue.jsonl.gz)';

async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const [file, ...rest] = args;
  if (!file || file.startsWith('-') || rest.length > 0) throw new Error(USAGE);
  const summary = await writeBackup(loadConfig(), path.resolve(file));
  const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
  console.log(`Backup written to ${summary.file}: ${summary.tables.scripts ?? 0} scripts, ${rows} rows in ${Object.keys(summary.tables).length} tables, ${summary.images} images, ${(summary.bytes / 1024 / 1024).toFixed(1)} MB.`);
  if (summary.missingImages.length > 0) {
    console.warn(`Warning: ${summary.missingImages.length} images named by scripts or games were already missing from the uploads folder: ${summary.missingImages.slice(0, 5).join(', ')}${summary.missingImages.length > 5 ? ', ...' : ''}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
