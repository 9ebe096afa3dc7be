import { hasControlCharacters } from '../../contract/index.ts';

/**
 * The channels-text rule of docs/product.md#channels-text: `@name`, `name`, `t.me/name` and `https://` URLs.
 * A handle becomes https://t.me/name; a URL keeps itself and is named by its last path part.
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
    const name = url.pathname.split('/').filter(Boolean).at(-1) ?? url.hostname;
    return { name: decodeURIComponent(name).replace(/^@/, ''), url: url.toString() };
  }
  const handle = entry.replace(TELEGRAM_HOST, '').replace(/^@/, '').replace(/\/+$/, '');
  if (!HANDLE.test(handle)) {
    throw new ChannelTextError(entry, 'must be a Telegram handle (letters, digits, _) or an https:// URL');
  }
  return { name: handle, url: `https://t.me/${handle}` };
}

/** Splits on commas, trims, drops empty entries, parses each (docs/product.md#channels-text). */
export function parseChannelList(entries: string | string[]): ParsedChannel[] {
  const parts = (Array.isArray(entries) ? entries : [entries]).flatMap((entry) => entry.split(','));
  return parts.map((part) => part.trim()).filter((part) => part !== '').map(parseChannel);
}
