import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { lockKeys } from '../db/locks.ts';
import type { Database } from '../db/types.ts';
import type { ImageReferences } from './image-service.ts';

/**
 * Who uses an image key: scripts' images and games' icons. Files are named by content, so a script
 * and a game (or two scripts) may share one; its files go only when no row of either table uses it.
 */
export class ImageReferenceRepository implements ImageReferences {
  constructor(private readonly db: Db) {}

  async isUsed(key: string, executor: Kysely<Database> = this.db.kysely): Promise<boolean> {
    const script = await executor.selectFrom('scripts').select('id').where('image_key', '=', key).limit(1).executeTakeFirst();
    if (script) return true;
    const game = await executor.selectFrom('games').select('id').where('icon_key', '=', key).limit(1).executeTakeFirst();
    return game !== undefined;
  }

  /**
   * Runs `work` in a write transaction holding the image key's lock for every process sharing this
   * database (an advisory lock on PostgreSQL; SQLite's write lock), told whether a row uses the key.
   * Removing files and checking them after a commit both run under it, so they never interleave.
   */
  async underImageKeyLock<T>(key: string, work: (referenced: boolean, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.kysely.transaction().execute(async (trx) => {
      await lockKeys(trx, this.db.dialect, [`image:${key}`]);
      return work(await this.isUsed(key, trx), trx);
    });
  }
}
