import type { MetaDescriptor } from 'react-router';
import type { PageMeta } from './texts/spec.ts';
import { readingLinks } from '../../i18n/alternates.ts';
import { readingOfPath } from '../../i18n/reading.ts';
import { type MatchLike, pageTitle, rootSettings } from '../../lib/settings.ts';

/**
 * <title>, description, Open Graph and (when SITE_URL is set) canonical tags of a landing page, in the
 * reading of `pathname` (the address asked for). `page` is that reading's copy, from the route's loader
 * (undefined when the loader failed: the tags then carry empty texts); `path` is the page's own
 * specification's path, e.g. "/info". The canonical and og:url name the reading itself, and the three
 * readings are listed with hreflang (docs/decisions/0045-languages.md).
 */
export function landingMeta(page: PageMeta | undefined, path: string, pathname: string, matches: readonly MatchLike[]): MetaDescriptor[] {
  const settings = rootSettings(matches);
  const title = pageTitle(page?.title ?? '', matches);
  const description = page?.description ?? '';
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { name: 'twitter:card', content: 'summary' },
  ];
  if (settings?.siteName) tags.push({ property: 'og:site_name', content: settings.siteName });
  if (settings?.siteUrl) tags.push(...readingLinks(settings.siteUrl, path, readingOfPath(pathname)));
  return tags;
}
