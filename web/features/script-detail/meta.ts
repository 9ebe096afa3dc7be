import type { MetaDescriptor } from 'react-router';
import type { ScriptCard } from '../../../contract/scripts.ts';
import { titleWithSite } from '../../lib/settings.ts';
import { absoluteUrl, clipText } from '../catalogue/seo.ts';
import { common } from '../../messages/common.ts';
import { detail, detailMeta } from '../../messages/detail.ts';
import { scriptFeed } from '../../messages/updates.ts';

const t = detail;

export const DETAIL_IMAGE = { width: 1280, height: 720 } as const;

/** The canonical address of a script's page: its slug URL (`path`, from the loader: docs/decisions.md#script-urls). */
export function scriptUrl(origin: string, path: string): string {
  return `${origin}${path}`;
}

/** The script's feed of loader updates, beside its page (`path`: `/scripts/{id}-{slug}` or `/scripts/{id}`). */
export const scriptFeedPath = (path: string) => `${path}/feed.xml`;

/**
 * <title>, description, Open Graph, Twitter card, canonical link, the feed of its loader updates and
 * schema.org JSON-LD of a script's page. React Router renders the JSON-LD with `<`, `>` and `&` escaped,
 * so a name cannot close the tag.
 */
export function scriptMeta(script: ScriptCard, origin: string, siteName: string, path: string): MetaDescriptor[] {
  const url = scriptUrl(origin, path);
  const title = titleWithSite(script.playsname, siteName);
  const description = clipText(script.description.trim() || detailMeta.fallbackDescription(script.playsname), 160);
  const image = script.image ? absoluteUrl(origin, script.image) : undefined;

  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title: scriptFeed.title(script.playsname), href: origin + scriptFeedPath(path) },
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: script.playsname },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
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
      { property: 'og:image:alt', content: t.imageAlt(script.playsname) },
      { name: 'twitter:image', content: image },
      { name: 'twitter:image:alt', content: t.imageAlt(script.playsname) },
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
      ...(siteName ? { publisher: { '@type': 'Organization', name: siteName, url: origin } } : {}),
    },
  });
  tags.push({
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: common.nav.home, item: `${origin}/` },
        ...(script.game
          ? [
              { '@type': 'ListItem', position: 2, name: common.nav.games, item: `${origin}/games` },
              { '@type': 'ListItem', position: 3, name: script.game.name, item: `${origin}/games/${script.game.slug}` },
              { '@type': 'ListItem', position: 4, name: script.playsname, item: url },
            ]
          : [
              { '@type': 'ListItem', position: 2, name: common.nav.scripts, item: `${origin}/scripts` },
              { '@type': 'ListItem', position: 3, name: script.playsname, item: url },
            ]),
      ],
    },
  });
  return tags;
}

export { errorMeta } from '../../lib/settings.ts';
