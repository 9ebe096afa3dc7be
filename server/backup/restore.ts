import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../shared/config.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { LocalImageStorage } from '../images/storage.ts';
import { ArchiveError, type ImageRecord, type Row, type TableRecord } from './format.ts';
import { readArchive, verifyArchive } from './reader.ts';
import type { BackedUpTable } from './tables.ts';
import { RestoreTarget } from './target.ts';

/** The target already holds a catalogue and --force was not given: nothing was changed. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreSummary {
  tables: Record<string, number>;
  images: number;
  /** Tables that held rows before a forced restore replaced them. */
  replaced: Record<string, number>;
}

/** Rows per INSERT: 200 rows of the widest table stay far below either database's parameter limit. */
const INSERT_BATCH = 200;

/**
 * Loads the archive `file` into the configured database and image storage (docs/decisions/0023-backups.md).
 * The whole archive is read and checked first (a damaged or cut one changes nothing); then the target
 * is migrated and, in one transaction, checked empty (or emptied with `force`), loaded, its counters
 * and id sequences set. Image files written for a load that fails are removed again.
 */
export async function restoreBackup(config: Config, file: string, options: { force?: boolean } = {}): Promise<RestoreSummary> {
  const { header, end } = await verifyArchive(file);
  const db = openDatabase(config.database);
  const written: string[] = [];
  try {
    await migrateToLatest(db);
    const latest = await latestMigration(db);
    if (header.migration !== null && latest !== null && header.migration > latest) {
      throw new ArchiveError(`The archive comes from a newer version of the catalogue (migration ${header.migration}); update this one first`);
    }
    const replaced = await db.kysely.transaction().execute(async (trx) => {
      const target = new RestoreTarget(trx, db.dialect);
      const found = await target.catalogueRows();
      if (Object.keys(found).length > 0 && !options.force) throw refusal(found);
      if (options.force) await target.empty();
      await load(target, file, config, written);
      await db.changes.record(trx, { kind: 'all' });
      return found;
    });
    // Fresh statistics, so the planner reads the restored tables through their indexes.
    if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely);
    return { tables: end.tables, images: end.images, replaced };
  } catch (error) {
    await Promise.all(written.map((key) => new LocalImageStorage(config.uploadsDir).remove(key).catch(() => undefined)));
    throw error;
  } finally {
    await db.close();
  }
}

async function latestMigration(db: Db): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db.kysely);
  return rows[0]?.name ?? null;
}

function refusal(found: Record<string, number>): RestoreRefused {
  const what = Object.entries(found)
    .map(([table, rows]) => `${table}: ${rows}`)
    .join(', ');
  return new RestoreRefused(`The target database already holds a catalogue (${what}). Restore into an empty database, or add --force to replace it; nothing was changed`);
}

/** Streams the archive into the target a batch at a time; the reader checks the checksum again at its end. */
async function load(target: RestoreTarget, file: string, config: Config, written: string[]): Promise<void> {
  const now = new Date().toISOString();
  let batch: { table: TableRecord; spec: BackedUpTable; rows: Row[] } | undefined;
  const flush = async () => {
    if (batch && batch.rows.length > 0) await target.insert(batch.spec, batch.table.columns, batch.rows);
    if (batch) batch.rows = [];
  };
  for await (const item of readArchive(file)) {
    if (item.type === 'row') {
      batch!.rows.push(item.row);
      if (batch!.rows.length >= INSERT_BATCH) await flush();
      continue;
    }
    await flush();
    if (item.type === 'table') {
      batch = { table: item, spec: await tableOf(target, item), rows: [] };
      if (batch.spec.load === 'replace') await target.clear(batch.spec);
    } else if (item.type === 'sequences') {
      await target.setSequences(item.values);
    } else if (item.type === 'image') {
      await storeImage(target, config, item, now, written);
    }
  }
}

/** How the target loads the archive's table: one it lacks, or columns it lacks, come from a newer version. */
async function tableOf(target: RestoreTarget, table: TableRecord): Promise<BackedUpTable> {
  const spec = await target.table(table.name);
  if (!spec) throw new ArchiveError(`The archive holds the table ${table.name}, which this version does not back up; update this one first`);
  const missing = await target.missingColumns(table.name, table.columns);
  if (missing.length > 0) throw new ArchiveError(`The archive's ${table.name} has columns this version lacks (${missing.join(', ')}); update this one first`);
  return spec;
}

async function storeImage(target: RestoreTarget, config: Config, image: ImageRecord, now: string, written: string[]): Promise<void> {
  if (config.imageStorage === 'database') {
    await target.insertImage(image, now);
    return;
  }
  const files = [path.join(config.uploadsDir, `${image.key}.webp`), path.join(config.uploadsDir, `${image.key}-card.webp`)];
  const present = await Promise.all(files.map((file) => fs.access(file).then(() => true, () => false)));
  if (present.every(Boolean)) return;
  written.push(image.key);
  await new LocalImageStorage(config.uploadsDir).save({ key: image.key, detail: Buffer.from(image.detail, 'base64'), card: Buffer.from(image.card, 'base64') });
}
