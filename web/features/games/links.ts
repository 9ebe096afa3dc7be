import type { MetaDescriptor } from 'react-router';
import type { Game } from '../../../contract/games.ts';

/** The games a filter bar offers: slug and name only (the page carries no more), by name. */
export function gameChoices(games: readonly Game[]): { slug: string; name: string }[] {
  return games.map(({ slug, name }) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** `<link rel="alternate">` announcing an Atom feed (`/feed.xml`, `/games/{slug}/feed.xml`). */
export function feedLink(origin: string, title: string, path = '/feed.xml'): MetaDescriptor {
  return { tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title, href: `${origin}${path}` };
}

/** A game's page, and its feed. */
export const gamePath = (slug: string) => `/games/${slug}`;
export const gameFeedPath = (slug: string) => `/games/${slug}/feed.xml`;
