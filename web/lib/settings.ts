import type { MetaDescriptor } from 'react-router';
import { useRouteLoaderData } from 'react-router';
import type { PublicSettings } from '../../contract/index.ts';

/** The public settings the root loader hands to every page (site name, links, time zone). */
export function useSettings(): PublicSettings {
  const data = useRouteLoaderData('root') as { settings: PublicSettings } | undefined;
  if (!data) throw new Error('root loader data missing');
  return data.settings;
}

/** The part of a meta function's match this module reads; React Router's typed matches fit it. */
export type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The root loader's public settings, as seen from a route's meta function. */
export function rootSettings(matches: readonly MatchLike[]): PublicSettings | undefined {
  const data = matches.find((match) => match?.id === 'root')?.loaderData;
  if (typeof data !== 'object' || data === null || !('settings' in data)) return undefined;
  return (data as { settings: PublicSettings }).settings;
}

/** Every page's <title>, one pattern: the page's own name, then the site's ("Privacy Policy — ScriptHub"). */
export function titleWithSite(title: string, siteName: string | undefined): string {
  return siteName ? `${title} — ${siteName}` : title;
}

/** The meta of a page that failed or found nothing: its title, and kept out of search engines. */
export function errorMeta(title: string, siteName: string): MetaDescriptor[] {
  return [{ title: titleWithSite(title, siteName) }, { name: 'robots', content: 'noindex' }];
}

/** titleWithSite with the site's name from the root loader, for a route's meta function. */
export function pageTitle(title: string, matches: readonly MatchLike[]): string {
  return titleWithSite(title, rootSettings(matches)?.siteName);
}
