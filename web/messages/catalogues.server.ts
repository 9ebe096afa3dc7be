import type { Reading } from '../../contract/i18n.ts';
import { enMessages } from './en/index.ts';
import { type Messages, type PageMessages, SERVER_ONLY_AREAS, specMessages } from './public.ts';
import { ruMessages } from './ru/index.ts';

/**
 * Every reading's catalogue, on the server only (the `.server` name keeps it out of the browser's build):
 * pages receive theirs as the root loader's data (web/i18n/messages.ts), the server's own texts (feeds,
 * the script page's server-rendered sections) read it here.
 */
const CATALOGUES: Record<Reading, Messages> = { spec: specMessages, en: enMessages, ru: ruMessages };

export function messagesFor(reading: Reading): Messages {
  return CATALOGUES[reading];
}

const pageCatalogues = new Map<Reading, PageMessages>();

/** What a page's components read, in `reading`: the catalogue without its server-only areas. Built once per reading. */
export function pageMessagesFor(reading: Reading): PageMessages {
  let messages = pageCatalogues.get(reading);
  if (!messages) {
    const all: Record<string, unknown> = { ...CATALOGUES[reading] };
    for (const area of SERVER_ONLY_AREAS) delete all[area];
    messages = all as PageMessages;
    pageCatalogues.set(reading, messages);
  }
  return messages;
}
