import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Config } from '../shared/config.ts';
import { type Capture, captureSnapshot } from './capture.ts';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type ArchiveRecord, type HeaderRecord } from './format.ts';

export interface BackupSummary {
  file: string;
  /** Rows written per table. */
  tables: Record<string, number>;
  images: number;
  missingImages: string[];
  /** The archive's size on disk. */
  bytes: number;
}

export interface BackupOptions {
  /** Aborting stops the backup; nothing is left at `file` or beside it. */
  signal?: AbortSignal;
  /** Called once the snapshot and its images are held, before anything is written (tests look at the snapshot here). */
  onSnapshot?: (capture: Capture) => Promise<void>;
}

/**
 * Writes a backup of the configured catalogue to `file` (docs/decisions/0023-backups.md): one snapshot,
 * streamed through gzip a batch at a time, into a temporary file renamed over `file` once complete
 * and synced, so `file` is never a half-written archive.
 */
export async function writeBackup(config: Config, file: string, options: BackupOptions = {}): Promise<BackupSummary> {
  options.signal?.throwIfAborted();
  const capture = await captureSnapshot(config);
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    await options.onSnapshot?.(capture);
    const counts = { tables: {} as Record<string, number>, images: 0 };
    const header: HeaderRecord = {
      type: 'header',
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      migration: capture.snapshot.migration,
      createdAt: new Date().toISOString(),
      source: { database: capture.snapshot.database, imageStorage: config.imageStorage },
    };
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await pipeline(archiveText(capture, header, counts), createGzip(), fs.createWriteStream(temporary), { signal: options.signal });
    await syncFile(temporary);
    await fs.promises.rename(temporary, file);
    const { size } = await fs.promises.stat(file);
    return { file, tables: counts.tables, images: counts.images, missingImages: capture.missingImages, bytes: size };
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  } finally {
    await capture.release();
  }
}

/** The archive's lines, hashed as they go; the end record carries the counts and the hash. */
async function* archiveText(capture: Capture, header: HeaderRecord, counts: { tables: Record<string, number>; images: number }): AsyncGenerator<string> {
  const hash = createHash('sha256');
  const text = (chunk: string) => {
    hash.update(chunk);
    return chunk;
  };
  const line = (record: ArchiveRecord) => text(`${JSON.stringify(record)}\n`);
  yield line(header);
  for (const table of capture.snapshot.tables) {
    let count = 0;
    counts.tables[table.spec.name] = 0;
    yield line({ type: 'table', name: table.spec.name, columns: table.columns });
    for await (const rows of capture.snapshot.rows(table)) {
      count += rows.length;
      counts.tables[table.spec.name] = count;
      yield text(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    }
  }
  yield line({ type: 'sequences', values: await capture.snapshot.sequences() });
  for await (const image of capture.images()) {
    counts.images += 1;
    yield line(image);
  }
  const end = { type: 'end' as const, tables: counts.tables, images: counts.images, missingImages: capture.missingImages, sha256: hash.digest('hex') };
  yield `${JSON.stringify(end)}\n`;
}

async function syncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
