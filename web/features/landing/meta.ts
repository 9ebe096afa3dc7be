import type { MetaDescriptor } from 'react-router';
import type { PageMeta } from '../../content/marketing.ts';
import { type MatchLike, pageTitle, rootSettings } from '../../lib/settings.ts';

/**
 * <title>, description, Open Graph and (when SITE_URL is set) canonical tags of a landing page.
 * `path` is the page's own path, e.g. "/info".
 */
export function landingMeta(page: PageMeta, path: string, matches: readonly MatchLike[]): MetaDescriptor[] {
  const settings = rootSettings(matches);
  const title = pageTitle(page.title, matches);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { name: 'twitter:card', content: 'summary' },
  ];
  if (settings?.siteName) tags.push({ property: 'og:site_name', content: settings.siteName });
  if (settings?.siteUrl) {
    const url = `${settings.siteUrl}${path}`;
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  return tags;
}
