import type { Channel } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import { notFound } from '../shared/errors.ts';
import type { AuditLog } from '../audit/service.ts';
import type { CachedAnswer, PublicCache } from '../cache/public-cache.ts';
import type { Principal } from '../policies/policies.ts';
import { toChannel } from './presenter.ts';

/** The /subscribe list (docs/product.md#site-channels): stored rows, served publicly. */
export class SiteChannelRepository {
  constructor(private readonly db: Db) {}

  list() {
    return this.db.kysely.selectFrom('site_channels').selectAll().orderBy('position').orderBy('id').execute();
  }

  /** The removed row, or undefined when there was none. */
  async remove(id: number) {
    return transact(this.db, async (trx) => {
      const removed = await trx.deleteFrom('site_channels').where('id', '=', id).returningAll().executeTakeFirst();
      if (removed) await this.db.changes.record(trx, { kind: 'site-channels' });
      return removed;
    });
  }

  async add(channel: { name: string; url: string }) {
    return transact(this.db, async (trx) => {
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
    private readonly audit?: AuditLog,
  ) {}

  async list(): Promise<Channel[]> {
    return (await this.listAnswer()).value;
  }

  /** The same as cached, its JSON included. */
  listAnswer(): Promise<CachedAnswer<Channel[]>> {
    return this.cache.remember('site-channels', async () => (await this.repository.list()).map(toChannel));
  }

  /** Adds a channel; `actor` (a staff write) records it in the moderation log. */
  async add(channel: { name: string; url: string }, actor?: Principal): Promise<Channel> {
    const row = await this.repository.add(channel);
    this.cache.changed({ kind: 'site-channels' });
    if (actor) await this.audit?.record(actor, { action: 'site-channel.create', object: channelObject(row), changes: { name: { to: row.name }, url: { to: row.url } } });
    return toChannel(row);
  }

  async remove(id: number, actor?: Principal): Promise<void> {
    const removed = await this.repository.remove(id);
    if (!removed) throw notFound('Site channel not found');
    this.cache.changed({ kind: 'site-channels' });
    if (actor) await this.audit?.record(actor, { action: 'site-channel.delete', object: channelObject(removed), changes: { name: { from: removed.name }, url: { from: removed.url } } });
  }
}

function channelObject(row: { id: number; name: string }) {
  return { type: 'site-channel' as const, id: row.id, label: row.name };
}
