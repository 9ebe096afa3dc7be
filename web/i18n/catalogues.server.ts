import type { Reading } from '../../contract/i18n.ts';
import { enMessages, type Messages, type PageMessages, ruMessages, SERVER_ONLY_AREAS, specMessages } from './catalogue.ts';

/**
 * Every reading's catalogue, on the server only (the `.server` name keeps it out of the browser's build):
 * pages receive theirs as the root loader's data (messages.ts), the server's own texts (feeds,
 * the script page's server-rendered sections) read it here.
 */
const CATALOGUES: Record<Reading, Messages> = { spec: specMessages, en: enMessages, ru: ruMessages };

export function messagesFor(reading: Reading): Messages {
  return CATALOGUES[reading];
}

const pageCatalogues = new Map<string, PageMessages>();

/**
 * What a page's components read, in `reading`: the catalogue without its server-only areas, or only
 * `areas` of it (a page's own, areas.ts). Built once per reading and set of areas.
 */
export function pageMessagesFor(reading: Reading, areas?: readonly string[]): PageMessages {
  const key = `${reading}:${areas?.join(',') ?? '*'}`;
  let messages = pageCatalogues.get(key);
  if (!messages) {
    const all: Record<string, unknown> = { ...CATALOGUES[reading] };
    for (const area of SERVER_ONLY_AREAS) delete all[area];
    if (areas) for (const area of Object.keys(all)) if (!areas.includes(area)) delete all[area];
    messages = all as PageMessages;
    pageCatalogues.set(key, messages);
  }
  return messages;
}
