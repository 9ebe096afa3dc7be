import type { MetaDescriptor } from 'react-router';
import type { PublicSettings } from '../../../contract/index.ts';
import type { PageMeta } from '../../content/marketing.ts';

/** The part of a meta match this module reads; React Router's typed matches fit it. */
type MatchLike = { id: string; loaderData?: unknown } | undefined;

function rootSettings(matches: readonly MatchLike[]): PublicSettings | undefined {
  const data = matches.find((match) => match?.id === 'root')?.loaderData;
  if (typeof data !== 'object' || data === null || !('settings' in data)) return undefined;
  return (data as { settings: PublicSettings }).settings;
}

/**
 * <title>, description, Open Graph and (when SITE_URL is set) canonical tags of a landing page.
 * `path` is the page's own path, e.g. "/info".
 */
export function landingMeta(page: PageMeta, path: string, matches: readonly MatchLike[]): MetaDescriptor[] {
  const settings = rootSettings(matches);
  const title = settings?.siteName ? `${page.title} | ${settings.siteName}` : page.title;
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
