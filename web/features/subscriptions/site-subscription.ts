/**
 * The rules of both subscription gates, pure (no storage, no DOM) so they are unit-tested on their own.
 *
 * Site-wide gate (docs/product.md#site-wide-gate): the visitor passes when the site channel list is
 * empty, or `isSubscribed` is 'true' and the stored `subscribedChannelsVersion` (the sorted list of
 * channel names, a JSON array string) equals the current list's version.
 *
 * Per-script gate (docs/product.md#per-script-gate): `scriptSubscriptions` maps script id → { channel id → true }.
 */

export const SUBSCRIBE_PATH = '/subscribe';

// ---------------------------------------------------------------- site-wide gate

/** The version of a channel list: its names, sorted by code unit (locale-independent), as JSON. */
export function channelsVersion(channels: readonly { name: string }[]): string {
  return JSON.stringify(sortedNames(channels));
}

function sortedNames(channels: readonly { name: string }[]): string[] {
  return channels.map((channel) => channel.name).sort();
}

/**
 * Whether a stored version names exactly the current channels. Compared by value, not by text, so a
 * version written with other JSON spacing still matches; anything unparsable is a mismatch.
 */
export function versionMatches(stored: string | null, channels: readonly { name: string }[]): boolean {
  if (stored === null) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return false;
  }
  const current = sortedNames(channels);
  return (
    Array.isArray(parsed) &&
    parsed.length === current.length &&
    parsed.every((name, index) => typeof name === 'string' && name === current[index])
  );
}

export interface StoredSiteSubscription {
  /** The raw `isSubscribed` value ('true' means subscribed; anything else does not). */
  isSubscribed: string | null;
  /** The raw `subscribedChannelsVersion` value. */
  version: string | null;
}

export type SiteGateDecision =
  | { open: true }
  /** `resetFlag`: the stored version is stale, so `isSubscribed` must be set back to false. */
  | { open: false; resetFlag: boolean };

/** The site-wide gate's rule (docs/product.md#site-wide-gate). */
export function decideSiteGate(stored: StoredSiteSubscription, siteChannels: readonly { name: string }[]): SiteGateDecision {
  if (siteChannels.length === 0) return { open: true };
  const current = versionMatches(stored.version, siteChannels);
  if (current && stored.isSubscribed === 'true') return { open: true };
  // A stale version resets the flag; a flag already false needs no write, but writing it is harmless.
  return { open: false, resetFlag: !current };
}

/** The redirect target for a visitor stopped at `pathname` + `search`. */
export function subscribeHref(pathname: string, search: string): string {
  return `${SUBSCRIBE_PATH}?from=${encodeURIComponent(pathname + search)}`;
}

// ---------------------------------------------------------------- per-script gate

/** script id → { channel id → true }, as stored under `scriptSubscriptions`. */
export type ScriptSubscriptions = Record<string, Record<string, true>>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a stored `scriptSubscriptions` value leniently: anything that is not a map gives an empty
 * map, and malformed entries inside it are dropped rather than discarding everyone's flags.
 */
export function parseScriptSubscriptions(value: unknown): ScriptSubscriptions {
  const result: ScriptSubscriptions = {};
  if (!isPlainObject(value)) return result;
  for (const [scriptId, channels] of Object.entries(value)) {
    if (!isPlainObject(channels)) continue;
    const done: Record<string, true> = {};
    for (const [channelId, flag] of Object.entries(channels)) {
      if (flag === true) done[channelId] = true;
    }
    result[scriptId] = done;
  }
  return result;
}

/** The channel ids already done for one script. */
export function doneChannelIds(all: ScriptSubscriptions, scriptId: number): Set<string> {
  return new Set(Object.keys(all[String(scriptId)] ?? {}));
}

/** A copy of the map with one more channel done for one script. */
export function markChannelDone(all: ScriptSubscriptions, scriptId: number, channelId: number): ScriptSubscriptions {
  const key = String(scriptId);
  return { ...all, [key]: { ...all[key], [String(channelId)]: true } };
}

/** Whether every one of the script's channels is done (true for no channels). */
export function allChannelsDone(channels: readonly { id: number }[], done: ReadonlySet<string>): boolean {
  return channels.every((channel) => done.has(String(channel.id)));
}

/** A channel name shown as a handle: "@name", never "@@name". */
export function channelHandle(name: string): string {
  return `@${name.replace(/^@+/, '')}`;
}

/** Only http(s) links are opened or linked; anything else (javascript:, data:) is refused. */
export function safeExternalUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
