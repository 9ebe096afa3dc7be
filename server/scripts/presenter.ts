import type { Channel, PublicScript, ScriptCard, StaffScript } from '../../contract/index.ts';
import type { ChannelRow, ScriptRow, SiteChannelRow } from '../db/types.ts';
import { cardImagePath, detailImagePath } from '../images/urls.ts';
import type { ScriptCardRow } from './repository.ts';

/** The one place rows become API shapes. */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toScriptCard(row: ScriptCardRow): ScriptCard {
  return {
    id: row.id,
    playsname: row.playsname,
    description: row.description,
    image: row.image_key ? detailImagePath(row.image_key) : null,
    imageCard: row.image_key ? cardImagePath(row.image_key) : null,
    createdAt: toIso(row.created_at),
    views: Number(row.views),
  };
}

export function toPublicScript(row: ScriptRow): PublicScript {
  return { ...toScriptCard(row), loadstring: row.loadstring };
}

export function toChannel(row: ChannelRow | SiteChannelRow): Channel {
  return { id: row.id, name: row.name, url: row.url };
}

export type { StaffScript };

/** A script in the staff tables: the public fields, its channels and its owner. */
export function toStaffScript(row: ScriptRow, channels: ChannelRow[]): StaffScript {
  return { ...toPublicScript(row), channels: channels.map(toChannel), ownerModeratorId: row.owner_moderator_id };
}
