import type { MetaDescriptor } from 'react-router';
import { READINGS, type Reading } from '../../contract/i18n.ts';
import { HREFLANG, pathIn } from './reading.ts';

/**
 * A page's canonical link, its `og:url` and its three readings for search engines
 * (docs/decisions/0045-languages.md): the canonical is the reading itself, and every reading lists all three
 * with `hreflang` (`x-default` for the specification's, `en`, `ru`), so each alternate links back.
 * `path` is the page's unprefixed path (`/scripts`, `/scripts/12-fly`).
 */
export function readingLinks(origin: string, path: string, reading: Reading): MetaDescriptor[] {
  const url = origin + pathIn(reading, path);
  return [
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:url', content: url },
    ...READINGS.map((each) => ({ tagName: 'link', rel: 'alternate', hrefLang: HREFLANG[each], href: origin + pathIn(each, path) })),
    { property: 'og:locale', content: OG_LOCALE[reading] },
  ];
}

/** Open Graph's locale of each reading. */
const OG_LOCALE: Record<Reading, string> = { spec: 'ru_RU', en: 'en_GB', ru: 'ru_RU' };
