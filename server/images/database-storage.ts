import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { ProcessedImage } from './pipeline.ts';
import { type ImageStorage, KEY, type LockTransaction } from './storage.ts';

export type Rendition = 'detail' | 'card';

/**
 * Image renditions as rows of the `images` table (IMAGE_STORAGE=database), so every instance on one
 * PostgreSQL serves every upload without a shared folder. Rows are named by content like the files:
 * a second save of the same key changes nothing.
 */
export class DatabaseImageStorage implements ImageStorage {
  constructor(private readonly db: Kysely<Database>) {}

  async save(image: ProcessedImage): Promise<void> {
    await this.insert(this.db, image);
  }

  async saveMissing(image: ProcessedImage, within?: LockTransaction): Promise<boolean> {
    return this.insert(within ?? this.db, image);
  }

  async remove(key: string, within?: LockTransaction): Promise<void> {
    checkKey(key);
    await (within ?? this.db).deleteFrom('images').where('key', '=', key).execute();
  }

  /** One rendition's bytes, or undefined when no row has the key. */
  async read(key: string, rendition: Rendition): Promise<Buffer | undefined> {
    const row = await this.db.selectFrom('images').select(rendition).where('key', '=', checkKey(key)).executeTakeFirst();
    return row?.[rendition];
  }

  private async insert(executor: Kysely<Database>, image: ProcessedImage): Promise<boolean> {
    const result = await executor
      .insertInto('images')
      .values({ key: checkKey(image.key), detail: image.detail, card: image.card, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error('Invalid image key');
  return key;
}
