import type { MetaDescriptor } from 'react-router';
import type { PageHead } from './texts/spec.ts';
import { readingLinks } from '../../i18n/alternates.ts';
import { readingOfPath } from '../../i18n/reading.ts';
import { type MatchLike, pageTitle, rootSettings } from '../../lib/settings.ts';

/**
 * Title, description and Open Graph tags of a static page in its reading, from the copy its loader
 * picked (`page`; undefined when the loader failed: empty texts, no links), plus, when SITE_URL is set,
 * its canonical link and og:url in the reading and its three readings' `hreflang` links
 * (docs/decisions/0045-languages.md). `pathname` is the requested path, which names the reading.
 */
export function staticPageMeta(page: PageHead | undefined, pathname: string, matches: readonly MatchLike[]): MetaDescriptor[] {
  const title = pageTitle(page?.title ?? '', matches);
  const description = page?.description ?? '';
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
  const siteUrl = rootSettings(matches)?.siteUrl ?? '';
  if (siteUrl && page) tags.push(...readingLinks(siteUrl, page.path, readingOfPath(pathname)));
  return tags;
}
