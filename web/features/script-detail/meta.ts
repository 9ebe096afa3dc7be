import type { MetaDescriptor } from 'react-router';
import { formatMessage, type Reading } from '../../../contract/i18n.ts';
import type { ScriptCard } from '../../../contract/scripts.ts';
import { readingLinks } from '../../i18n/alternates.ts';
import { pathIn } from '../../i18n/reading.ts';
import { titleWithSite } from '../../lib/settings.ts';
import type { Messages } from '../../i18n/catalogue.ts';
import { absoluteUrl, clipText } from '../catalogue/seo.ts';

export const DETAIL_IMAGE = { width: 1280, height: 720 } as const;

/** The canonical address of a script's page: its slug URL (`path`, from the loader: docs/decisions/0016-script-urls-and-filters-in-the-url.md#script-urls), in `reading`. */
export function scriptUrl(origin: string, path: string, reading: Reading = 'spec'): string {
  return `${origin}${pathIn(reading, path)}`;
}

/** The script's feed of loader updates, beside its page (`path`: `/scripts/{id}-{slug}` or `/scripts/{id}`). */
export const scriptFeedPath = (path: string) => `${path}/feed.xml`;

/** Where a script page's head is: the origin, the site's name, the page's unprefixed path and its reading with that reading's messages. */
export interface ScriptPage {
  origin: string;
  siteName: string;
  /** `/scripts/{id}-{slug}`: the page's address in the specification's reading. */
  path: string;
  reading: Reading;
  m: Pick<Messages, 'common' | 'detail' | 'detailMeta' | 'scriptFeed'>;
}

/** `inLanguage` of the JSON-LD: the prefixed readings only, so the specification's JSON-LD stays as it was. */
const IN_LANGUAGE: Record<Reading, string | undefined> = { spec: undefined, en: 'en', ru: 'ru' };

/**
 * <title>, description, Open Graph, Twitter card, canonical link and the page's readings, the feed of
 * its loader updates and schema.org JSON-LD of a script's page, in the page's reading. React Router
 * renders the JSON-LD with `<`, `>` and `&` escaped, so a name cannot close the tag.
 */
export function scriptMeta(script: ScriptCard, { origin, siteName, path, reading, m }: ScriptPage): MetaDescriptor[] {
  const url = scriptUrl(origin, path, reading);
  const at = (page: string) => origin + pathIn(reading, page);
  const title = titleWithSite(script.playsname, siteName);
  const description = clipText(script.description.trim() || m.detailMeta.fallbackDescription(script.playsname), 160);
  const image = script.image ? absoluteUrl(origin, script.image) : undefined;
  const imageAlt = formatMessage(reading, m.detail.imageAlt, { name: script.playsname });
  const inLanguage = IN_LANGUAGE[reading];

  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    // The canonical link is the reading's own address; og:url with it, then the three readings.
    ...readingLinks(origin, path, reading),
    { tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title: m.scriptFeed.title(script.playsname), href: at(scriptFeedPath(path)) },
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: script.playsname },
    { property: 'og:description', content: description },
    { property: 'article:published_time', content: script.createdAt },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: script.playsname },
    { name: 'twitter:description', content: description },
  ];
  if (siteName) tags.push({ property: 'og:site_name', content: siteName });
  if (image) {
    tags.push(
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: String(DETAIL_IMAGE.width) },
      { property: 'og:image:height', content: String(DETAIL_IMAGE.height) },
      { property: 'og:image:alt', content: imageAlt },
      { name: 'twitter:image', content: image },
      { name: 'twitter:image:alt', content: imageAlt },
    );
  }
  tags.push({
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'SoftwareSourceCode',
      '@id': url,
      name: script.playsname,
      description,
      url,
      ...(inLanguage ? { inLanguage } : {}),
      ...(image ? { image } : {}),
      dateCreated: script.createdAt,
      datePublished: script.createdAt,
      dateModified: script.updatedAt,
      programmingLanguage: { '@type': 'ComputerLanguage', name: 'Luau' },
      runtimePlatform: 'Roblox',
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'ViewAction' },
        userInteractionCount: script.views,
      },
      ...(siteName ? { publisher: { '@type': 'Organization', name: siteName, url: reading === 'spec' ? origin : at('/') } } : {}),
    },
  });
  tags.push({
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: m.common.nav.home, item: at('/') },
        ...(script.game
          ? [
              { '@type': 'ListItem', position: 2, name: m.common.nav.games, item: at('/games') },
              { '@type': 'ListItem', position: 3, name: script.game.name, item: at(`/games/${script.game.slug}`) },
              { '@type': 'ListItem', position: 4, name: script.playsname, item: url },
            ]
          : [
              { '@type': 'ListItem', position: 2, name: m.common.nav.scripts, item: at('/scripts') },
              { '@type': 'ListItem', position: 3, name: script.playsname, item: url },
            ]),
      ],
    },
  });
  return tags;
}

export { errorMeta } from '../../lib/settings.ts';
