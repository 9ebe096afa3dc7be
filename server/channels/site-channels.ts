import type { Channel } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../errors.ts';
import type { PublicCache } from '../scripts/public-cache.ts';
import { toChannel } from '../scripts/presenter.ts';

/** The /subscribe list (docs/product.md#site-channels): stored rows, served publicly. */
export class SiteChannelRepository {
  constructor(private readonly db: Db) {}

  list() {
    return this.db.kysely.selectFrom('site_channels').selectAll().orderBy('position').orderBy('id').execute();
  }

  async remove(id: number): Promise<boolean> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('site_channels').where('id', '=', id).executeTakeFirst();
      const removed = Number(result.numDeletedRows) > 0;
      if (removed) await this.db.changes.record(trx, { kind: 'site-channels' });
      return removed;
    });
  }

  async add(channel: { name: string; url: string }) {
    return this.db.kysely.transaction().execute(async (trx) => {
      const { max } = await trx
        .selectFrom('site_channels')
        .select((eb) => eb.fn.max<number | null>('position').as('max'))
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('site_channels')
        .values({ ...channel, position: (max ?? -1) + 1, created_at: new Date().toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.db.changes.record(trx, { kind: 'site-channels' });
      return row;
    });
  }
}

export class SiteChannelService {
  constructor(
    private readonly repository: SiteChannelRepository,
    private readonly cache: PublicCache,
  ) {}

  async list(): Promise<Channel[]> {
    return (await this.cache.remember('site-channels', async () => (await this.repository.list()).map(toChannel))).value;
  }

  async add(channel: { name: string; url: string }): Promise<Channel> {
    const row = await this.repository.add(channel);
    this.cache.changed({ kind: 'site-channels' });
    return toChannel(row);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repository.remove(id))) throw notFound('Site channel not found');
    this.cache.changed({ kind: 'site-channels' });
  }
}
