import type { Channel } from '../../contract/index.ts';
import type { ChannelRow, SiteChannelRow } from '../db/types.ts';

/** A script's or the site's channel as the API gives it. */
export function toChannel(row: ChannelRow | SiteChannelRow): Channel {
  return { id: row.id, name: row.name, url: row.url };
}
