import { formatCount } from '../lib/format.ts';

/** The game pages' strings (docs/product.md#games-page, docs/product.md#game-page). */
export const games = {
  heading: 'Roblox Games',
  intro: 'Every game our scripts are for. Open a game to see its scripts, with the same filters and sorts as the catalogue.',
  scriptCount: (count: number) => `${formatCount(count)} ${count === 1 ? 'script' : 'scripts'}`,
  listLabel: 'Games',
  noIcon: (name: string) => `${name} (no icon)`,
  empty: 'No games yet',
  emptyHint: 'Games appear here once scripts are published for them.',
  allGames: 'All games',
  gameHeading: (name: string) => `${name} Scripts`,
  gameIntro: (name: string) => `Roblox scripts for ${name}: auto-farms, loaders and more. Filter them and open one to copy its loader.`,
  feed: 'Atom feed',
  feedTitle: (name: string) => `${name} scripts`,
  notFound: {
    title: 'Game not found',
    text: 'There is no game at this address.',
    back: 'All games',
  },
  meta: {
    description: 'Roblox games with scripts: Blox Fruits, Brookhaven, Adopt Me and more. Pick a game to see its auto-farms and loaders.',
    gameDescription: (name: string, count: number) =>
      `${formatCount(count)} Roblox ${count === 1 ? 'script' : 'scripts'} for ${name}: auto-farms, loaders and game cheats. Filter by key system, universal, verified or working.`,
  },
} as const;
