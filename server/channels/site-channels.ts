import type { Channel } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import type { SiteChannelRow } from '../db/types.ts';
import { both, mapped, type Within } from '../db/within.ts';
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
  async remove(id: number, within?: Within<SiteChannelRow>) {
    return transact(this.db, async (trx) => {
      const removed = await trx.deleteFrom('site_channels').where('id', '=', id).returningAll().executeTakeFirst();
      if (!removed) return undefined;
      await this.db.changes.record(trx, { kind: 'site-channels' });
      await within?.(trx, removed);
      return removed;
    });
  }

  async add(channel: { name: string; url: string }, within?: Within<SiteChannelRow>) {
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
      await within?.(trx, row);
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

  /** Adds a channel; `actor` (a staff write) records it in the moderation log, and `answered` its key's answer, both in its transaction. */
  async add(channel: { name: string; url: string }, actor?: Principal, answered?: Within<Channel>): Promise<Channel> {
    const logged = this.audit?.within<SiteChannelRow>(actor, (row) => ({ action: 'site-channel.create', object: channelObject(row), changes: { name: { to: row.name }, url: { to: row.url } } }));
    const row = await this.repository.add(channel, both(logged, mapped(answered, toChannel)));
    this.cache.changed({ kind: 'site-channels' });
    return toChannel(row);
  }

  async remove(id: number, actor?: Principal): Promise<void> {
    const logged = this.audit?.within<SiteChannelRow>(actor, (row) => ({ action: 'site-channel.delete', object: channelObject(row), changes: { name: { from: row.name }, url: { from: row.url } } }));
    const removed = await this.repository.remove(id, logged);
    if (!removed) throw notFound('Site channel not found');
    this.cache.changed({ kind: 'site-channels' });
  }
}

function channelObject(row: { id: number; name: string }) {
  return { type: 'site-channel' as const, id: row.id, label: row.name };
}
