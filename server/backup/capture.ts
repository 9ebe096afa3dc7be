import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../shared/config.ts';
import type { ImageRecord } from './format.ts';
import type { Snapshot } from './snapshot.ts';
import { openPostgresSnapshot } from './snapshot-postgres.ts';
import { openSqliteSnapshot } from './snapshot-sqlite.ts';

/** A snapshot and the images its scripts and games name, held until release(). */
export interface Capture {
  snapshot: Snapshot;
  /** The referenced images, as the snapshot saw them. */
  images(): AsyncIterable<ImageRecord>;
  /** Referenced keys whose files were not on disk even after retries (lost before the backup). */
  missingImages: string[];
  release(): Promise<void>;
}

/** Snapshots taken again when a referenced image's files went between the snapshot and their links. */
const ATTEMPTS = 5;

export async function openSnapshot(database: Config['database']): Promise<Snapshot> {
  return database.kind === 'postgres' ? openPostgresSnapshot(database.url) : openSqliteSnapshot(database.file);
}

/**
 * Takes a snapshot with its images. Rows of `images` are read in the snapshot itself. Files on disk
 * are not: the image service removes a file once no row names it, which may be after the snapshot
 * but before the backup reads it. So every file the snapshot names is hard-linked (a copy where
 * links fail) into a staging folder right after the snapshot, which a later removal cannot touch; a
 * file that went before its link (its script deleted meanwhile) means a new snapshot, which no
 * longer names it (docs/decisions/0023-backups.md).
 */
export async function captureSnapshot(config: Config): Promise<Capture> {
  for (let attempt = 1; ; attempt += 1) {
    const snapshot = await openSnapshot(config.database);
    if (config.imageStorage === 'database') {
      return { snapshot, images: () => snapshot.imageRows(), missingImages: [], release: () => snapshot.close() };
    }
    let staged: StagedImages | undefined;
    try {
      staged = await stageImages(config, await snapshot.referencedImageKeys());
    } catch (error) {
      await snapshot.close();
      throw error;
    }
    if (staged.missing.length === 0 || attempt === ATTEMPTS) {
      const { dir, keys, missing } = staged;
      const release = async () => {
        await snapshot.close();
        await fs.rm(dir, { recursive: true, force: true });
      };
      return { snapshot, images: () => readStaged(dir, keys), missingImages: missing, release };
    }
    await snapshot.close();
    await fs.rm(staged.dir, { recursive: true, force: true });
    // A write between its commit and its files (image-service.ts restores them after the commit) needs a moment.
    await sleep(50 * attempt);
  }
}

interface StagedImages {
  dir: string;
  keys: string[];
  missing: string[];
}

function imageFiles(dir: string, key: string) {
  return { detail: path.join(dir, `${key}.webp`), card: path.join(dir, `${key}-card.webp`) };
}

/** Links both renditions of each key into a staging folder beside the backups, on the same file system as the uploads. */
async function stageImages(config: Config, keys: string[]): Promise<StagedImages> {
  const dir = path.join(config.backupDir, `.staging-${randomUUID()}`);
  await fs.mkdir(dir, { recursive: true });
  const staged: string[] = [];
  const missing: string[] = [];
  for (const key of keys) {
    const from = imageFiles(config.uploadsDir, key);
    const to = imageFiles(dir, key);
    const linked = (await linkOrCopy(from.detail, to.detail)) && (await linkOrCopy(from.card, to.card));
    (linked ? staged : missing).push(key);
  }
  return { dir, keys: staged, missing };
}

async function linkOrCopy(from: string, to: string): Promise<boolean> {
  try {
    await fs.link(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
  }
  try {
    await fs.copyFile(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function* readStaged(dir: string, keys: string[]): AsyncIterable<ImageRecord> {
  for (const key of keys) {
    const files = imageFiles(dir, key);
    const [detail, card] = await Promise.all([fs.readFile(files.detail), fs.readFile(files.card)]);
    yield { type: 'image', key, detail: detail.toString('base64'), card: card.toString('base64'), createdAt: null };
  }
}
