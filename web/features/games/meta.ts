import type { MetaDescriptor } from 'react-router';
import type { Reading } from '../../../contract/i18n.ts';
import { readingLinks } from '../../i18n/alternates.ts';
import { pathIn } from '../../i18n/reading.ts';
import { type MatchLike, rootSettings, titleWithSite } from '../../lib/settings.ts';
import { absoluteUrl } from '../catalogue/seo.ts';
import { feedLink } from './links.ts';

export interface CollectionMetaInput {
  /** The page's own name (the <title> adds the site's). */
  name: string;
  description: string;
  origin: string;
  /** The page's reading: its canonical, links and JSON-LD are that reading's (docs/decisions/0045-languages.md). */
  reading: Reading;
  /** The page's canonical path, unprefixed (filters and search are not pages of their own). */
  path: string;
  siteName: string;
  /** What the page lists, in order, as absolute links are made of them (unprefixed paths). */
  items: { name: string; path: string }[];
  /** The feed it announces (an unprefixed path: the reading's feed is linked). */
  feed?: { title: string; path: string };
  image?: string | null | undefined;
  /** A filtered or searched variant: followed, not indexed. */
  noindex?: boolean;
}

/**
 * <title>, description, Open Graph, canonical with the page's three readings, and schema.org
 * `CollectionPage` JSON-LD (with its items as an `ItemList`) of a listing page: /games, /games/{slug},
 * /executors and /executors/{slug} (docs/product.md#games-page), in `input.reading`.
 */
export function collectionMeta(input: CollectionMetaInput): MetaDescriptor[] {
  const { origin, reading } = input;
  const url = origin + pathIn(reading, input.path);
  const title = titleWithSite(input.name, input.siteName);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    ...readingLinks(origin, input.path, reading),
    { name: 'twitter:card', content: 'summary' },
  ];
  if (input.siteName) tags.push({ property: 'og:site_name', content: input.siteName });
  if (input.image) tags.push({ property: 'og:image', content: absoluteUrl(origin, input.image) });
  if (input.feed) tags.push(feedLink(origin, input.feed.title, pathIn(reading, input.feed.path)));
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  tags.push({
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      '@id': url,
      name: input.name,
      description: input.description,
      url,
      // The specification's reading keeps its JSON-LD as it was; a language's names it.
      ...(reading === 'spec' ? {} : { inLanguage: reading }),
      ...(input.siteName ? { isPartOf: { '@type': 'WebSite', name: input.siteName, url: origin + pathIn(reading, '/') } } : {}),
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: input.items.length,
        itemListElement: input.items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, url: origin + pathIn(reading, item.path) })),
      },
    },
  });
  return tags;
}

/**
 * The canonical and three readings of a page with no loader of its own to know the origin (/favourites,
 * /subscribe): given when SITE_URL names the site, as the static pages' canonical is (features/static/meta.ts).
 */
export function siteReadingLinks(matches: readonly MatchLike[], path: string, reading: Reading): MetaDescriptor[] {
  const siteUrl = (rootSettings(matches)?.siteUrl ?? '').replace(/\/+$/, '');
  return siteUrl ? readingLinks(siteUrl, path, reading) : [];
}
