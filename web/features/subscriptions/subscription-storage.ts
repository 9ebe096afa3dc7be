import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from '../../lib/storage.ts';
import {
  channelsVersion,
  markChannelDone,
  parseScriptSubscriptions,
  type ScriptSubscriptions,
  type StoredSiteSubscription,
} from './site-subscription.ts';

/** The gates' reads and writes of the client storage keys (docs/product.md#client-storage); browser only (no-ops on the server). */

export function readSiteSubscription(): StoredSiteSubscription {
  return {
    isSubscribed: readString(STORAGE_KEYS.isSubscribed),
    version: readString(STORAGE_KEYS.subscribedChannelsVersion),
  };
}

export function resetSiteSubscription(): void {
  writeString(STORAGE_KEYS.isSubscribed, 'false');
}

export function recordSiteSubscription(channels: readonly { name: string }[]): void {
  writeString(STORAGE_KEYS.isSubscribed, 'true');
  writeString(STORAGE_KEYS.subscribedChannelsVersion, channelsVersion(channels));
}

export function readScriptSubscriptions(): ScriptSubscriptions {
  return parseScriptSubscriptions(readJson<unknown>(STORAGE_KEYS.scriptSubscriptions, {}, (_value): _value is unknown => true));
}

/** Re-reads before writing, so a flag set meanwhile in another tab is kept. Answers the new map. */
export function storeChannelDone(scriptId: number, channelId: number): ScriptSubscriptions {
  const next = markChannelDone(readScriptSubscriptions(), scriptId, channelId);
  writeJson(STORAGE_KEYS.scriptSubscriptions, next);
  return next;
}
