import type { MetaDescriptor } from 'react-router';
import type { PageHead } from '../../content/legal.ts';
import { type MatchLike, pageTitle, rootSettings } from '../../lib/settings.ts';

/** Title, description and Open Graph tags of a static page, plus its canonical link when SITE_URL is set. */
export function staticPageMeta(page: PageHead, matches: readonly MatchLike[]): MetaDescriptor[] {
  const title = pageTitle(page.title, matches);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
  ];
  const siteUrl = rootSettings(matches)?.siteUrl ?? '';
  if (siteUrl) {
    const url = `${siteUrl}${page.path}`;
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  return tags;
}
