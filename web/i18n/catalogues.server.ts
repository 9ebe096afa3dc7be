import type { Reading } from '../../contract/i18n.ts';
import { en as landingEn } from '../features/landing/texts/en.ts';
import { ru as landingRu } from '../features/landing/texts/ru.ts';
import { type HomeContent, type InfoContent, spec as landing } from '../features/landing/texts/spec.ts';
import { en as staticPagesEn } from '../features/static/texts/en.ts';
import { ru as staticPagesRu } from '../features/static/texts/ru.ts';
import { spec as staticPages, type StaticTexts } from '../features/static/texts/spec.ts';
import { enMessages, type Messages, type PageMessages, ruMessages, SERVER_ONLY_AREAS, specMessages } from './catalogue.ts';

/**
 * Every reading's texts, on the server only (the `.server` name keeps them out of the browser's build):
 * pages receive their catalogue as the root loader's data (messages.ts) and their copy (landing, static
 * pages) as their own loader's; the server's own texts (feeds, the script page's server-rendered
 * sections) read it here.
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

/** Both landing pages' copy in one reading. */
export interface Marketing {
  home: HomeContent;
  info: InfoContent;
}

const MARKETING: Record<Reading, Marketing> = { spec: landing, en: landingEn, ru: landingRu };

/**
 * The landing pages' copy in `reading`, for their loaders: a page receives its own reading's copy as
 * loader data, never as JavaScript.
 */
export function marketingFor(reading: Reading): Marketing {
  return MARKETING[reading];
}

const STATIC: Record<Reading, StaticTexts> = { spec: staticPages, en: staticPagesEn, ru: staticPagesRu };

/** The static pages' copy in `reading` (the legal pages and the SEO guide), for their loaders. */
export function staticTextsFor(reading: Reading): StaticTexts {
  return STATIC[reading];
}
