import fs from 'node:fs/promises';
import path from 'node:path';
import type { ProcessedImage } from './pipeline.ts';

/** Where image renditions live; the default is the local disk, behind this interface for scale-out. */
export interface ImageStorage {
  save(image: ProcessedImage): Promise<void>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{16,64}$/;

export class LocalImageStorage implements ImageStorage {
  constructor(private readonly dir: string) {}

  private files(key: string) {
    if (!KEY.test(key)) throw new Error('Invalid image key');
    return { detail: path.join(this.dir, `${key}.webp`), card: path.join(this.dir, `${key}-card.webp`) };
  }

  async save(image: ProcessedImage): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const files = this.files(image.key);
    try {
      // Write to a temporary name, then rename: a reader never sees half a file.
      await Promise.all([writeAtomic(files.detail, image.detail), writeAtomic(files.card, image.card)]);
    } catch (error) {
      await this.remove(image.key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const files = this.files(key);
    await Promise.all([fs.rm(files.detail, { force: true }), fs.rm(files.card, { force: true })]);
  }
}

async function writeAtomic(file: string, bytes: Buffer) {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
