import { formatMessage, type Reading } from '../../../contract/i18n.ts';

/** The origin absolute links are built on: SITE_URL when configured, else the request's own origin. */
export function publicOrigin(siteUrl: string, requestUrl: string): string {
  return siteUrl ? siteUrl.replace(/\/+$/, '') : new URL(requestUrl).origin;
}

/** An absolute URL for a path or URL (images may already be absolute). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).toString();
}

/** Whitespace folded and clipped to about `max` characters at a word boundary, with an ellipsis. */
export function clipText(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const clipped = space > max * 0.6 ? cut.slice(0, space) : cut;
  return `${clipped.replace(/[\s.,;:!?\-–—]+$/u, '')}…`;
}

/** The site feed's title (/feed.xml) in a reading: with the site's name, or without one when it has none. */
export function siteFeedTitle(reading: Reading, texts: { feedTitle: string; feedTitleUnnamed: string }, siteName: string): string {
  return siteName ? formatMessage(reading, texts.feedTitle, { siteName }) : texts.feedTitleUnnamed;
}
