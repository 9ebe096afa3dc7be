import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { ProcessedImage } from './pipeline.ts';

/**
 * Where image renditions live; the default is the local disk, behind this interface for scale-out.
 * Files are named by content, so several rows (and several writes in flight) may share them: this
 * layer only writes and unlinks; image-service.ts decides when unlinking is safe.
 */
export interface ImageStorage {
  /** Writes both renditions; on failure only this call's temporary files are removed, never the final ones. */
  save(image: ProcessedImage): Promise<void>;
  /** Writes whichever rendition is missing; says whether it wrote any. */
  saveMissing(image: ProcessedImage, within?: LockTransaction): Promise<boolean>;
  remove(key: string, within?: LockTransaction): Promise<void>;
}

/**
 * The transaction that holds an image key's lock (ImageReferences): a store in the database writes
 * through it, since on SQLite it holds the only writing connection.
 */
export type LockTransaction = Kysely<Database> | undefined;

export const KEY = /^[a-f0-9]{16,64}$/;

export class LocalImageStorage implements ImageStorage {
  constructor(private readonly dir: string) {}

  private files(key: string) {
    if (!KEY.test(key)) throw new Error('Invalid image key');
    return { detail: path.join(this.dir, `${key}.webp`), card: path.join(this.dir, `${key}-card.webp`) };
  }

  async save(image: ProcessedImage): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const files = this.files(image.key);
    // Same key, same bytes: replacing a file another write just stored changes nothing a reader sees.
    await Promise.all([writeAtomic(files.detail, image.detail), writeAtomic(files.card, image.card)]);
  }

  async saveMissing(image: ProcessedImage): Promise<boolean> {
    const files = this.files(image.key);
    const missing = await Promise.all([exists(files.detail), exists(files.card)]).then((found) => found.map((present) => !present));
    if (!missing.includes(true)) return false;
    await fs.mkdir(this.dir, { recursive: true });
    await Promise.all([missing[0] && writeAtomic(files.detail, image.detail), missing[1] && writeAtomic(files.card, image.card)]);
    return true;
  }

  async remove(key: string): Promise<void> {
    const files = this.files(key);
    await Promise.all([fs.rm(files.detail, { force: true }), fs.rm(files.card, { force: true })]);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes to a name no other write uses, then renames: a reader never sees half a file. */
async function writeAtomic(file: string, bytes: Buffer) {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
