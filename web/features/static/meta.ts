import type { MetaDescriptor } from 'react-router';
import type { PublicSettings } from '../../../contract/index.ts';
import type { PageHead } from '../../content/legal.ts';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The configured public origin from the root loader's settings; '' when SITE_URL is unset. */
function siteUrlOf(matches: readonly (MatchLike | undefined)[]): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { settings?: PublicSettings } | undefined;
  return root?.settings?.siteUrl ?? '';
}

/** Title, description and Open Graph tags of a static page, plus its canonical link when SITE_URL is set. */
export function staticPageMeta(page: PageHead, matches: readonly (MatchLike | undefined)[]): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
  ];
  const siteUrl = siteUrlOf(matches);
  if (siteUrl) {
    const url = `${siteUrl}${page.path}`;
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  return tags;
}
