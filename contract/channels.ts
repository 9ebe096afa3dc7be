import { z } from 'zod';
import { hasControlCharacters, withoutControls } from './text.ts';

/** POST /api/site-channels: a display name and an https:// link (docs/product.md#channels-text allows no other scheme). */
export const siteChannelInputSchema = z.object({
  name: withoutControls(z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(64, 'name must be at most 64 characters'), 'name'),
  url: withoutControls(z.string({ error: 'url is required' }).trim().max(2_000, 'url is too long'), 'url')
    .refine((value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    }, 'url must be an https:// link'),
});
export type SiteChannelInput = z.infer<typeof siteChannelInputSchema>;

/**
 * The channels text of the script form: `@name`, `name`, `t.me/name` and `https://` URLs, several
 * separated by commas. A handle becomes https://t.me/name; a URL keeps itself and is named by its
 * last path part. Any other scheme (javascript:, data:, http:) is refused.
 */
export interface ParsedChannel {
  name: string;
  url: string;
}

export class ChannelTextError extends Error {
  constructor(
    readonly entry: string,
    reason: string,
  ) {
    super(`Channel "${entry}" ${reason}`);
    this.name = 'ChannelTextError';
  }
}

const HANDLE = /^[A-Za-z0-9_]{1,64}$/;
const TELEGRAM_HOST = /^(?:www\.)?(?:t\.me|telegram\.me)\//i;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

export function parseChannel(raw: string): ParsedChannel {
  const entry = raw.trim();
  if (hasControlCharacters(entry)) throw new ChannelTextError(JSON.stringify(entry).slice(1, -1), 'must not contain control characters');
  if (SCHEME.test(entry)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ChannelTextError(entry, 'is not a valid URL');
    }
    if (url.protocol !== 'https:') throw new ChannelTextError(entry, 'must use https://');
    const last = url.pathname.split('/').filter(Boolean).at(-1);
    let name = url.hostname;
    try {
      if (last !== undefined) name = decodeURIComponent(last);
    } catch {
      // A stray % ("/%E0%A4%A") is no valid escape: refused, as any unreadable URL is.
      throw new ChannelTextError(entry, 'is not a valid URL');
    }
    // "%00" decodes to a control character, which no name may hold.
    if (hasControlCharacters(name)) throw new ChannelTextError(entry, 'must not name a control character');
    return { name: name.replace(/^@/, ''), url: url.toString() };
  }
  const handle = entry.replace(TELEGRAM_HOST, '').replace(/^@/, '').replace(/\/+$/, '');
  if (!HANDLE.test(handle)) {
    throw new ChannelTextError(entry, 'must be a Telegram handle (letters, digits, _) or an https:// URL');
  }
  return { name: handle, url: `https://t.me/${handle}` };
}

/** Splits on commas, trims, drops empty entries, parses each. */
export function parseChannelList(entries: string | string[]): ParsedChannel[] {
  const parts = (Array.isArray(entries) ? entries : [entries]).flatMap((entry) => entry.split(','));
  return parts.map((part) => part.trim()).filter((part) => part !== '').map(parseChannel);
}
