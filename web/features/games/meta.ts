import type { MetaDescriptor } from 'react-router';
import { titleWithSite } from '../../lib/settings.ts';
import { absoluteUrl } from '../catalogue/seo.ts';
import { feedLink } from './links.ts';

export interface CollectionMetaInput {
  /** The page's own name (the <title> adds the site's). */
  name: string;
  description: string;
  origin: string;
  /** The page's canonical path (filters and search are not pages of their own). */
  path: string;
  siteName: string;
  /** What the page lists, in order, as absolute links are made of them. */
  items: { name: string; path: string }[];
  feed?: { title: string; path: string };
  image?: string | null | undefined;
  /** A filtered or searched variant: followed, not indexed. */
  noindex?: boolean;
}

/**
 * <title>, description, Open Graph, canonical and schema.org `CollectionPage` JSON-LD (with its items
 * as an `ItemList`) of a listing page: /games and /games/{slug} (docs/product.md#games-page).
 */
export function collectionMeta(input: CollectionMetaInput): MetaDescriptor[] {
  const url = input.origin + input.path;
  const title = titleWithSite(input.name, input.siteName);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary' },
  ];
  if (input.siteName) tags.push({ property: 'og:site_name', content: input.siteName });
  if (input.image) tags.push({ property: 'og:image', content: absoluteUrl(input.origin, input.image) });
  if (input.feed) tags.push(feedLink(input.origin, input.feed.title, input.feed.path));
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  tags.push({
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      '@id': url,
      name: input.name,
      description: input.description,
      url,
      ...(input.siteName ? { isPartOf: { '@type': 'WebSite', name: input.siteName, url: `${input.origin}/` } } : {}),
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: input.items.length,
        itemListElement: input.items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, url: input.origin + item.path })),
      },
    },
  });
  return tags;
}
