/**
 * The game pages' strings (docs/product.md#games-page, docs/product.md#game-page). Counts and names are
 * templates (contract/i18n.ts): `t(m.games.scriptCount, { n })`.
 */
const games = {
  heading: 'Roblox Games',
  intro: 'Every game our scripts are for. Open a game to see its scripts, with the same filters and sorts as the catalogue.',
  scriptCount: '{n, plural, one {# script} other {# scripts}}',
  listLabel: 'Games',
  noIcon: '{name} (no icon)',
  empty: 'No games yet',
  emptyHint: 'Games appear here once scripts are published for them.',
  allGames: 'All games',
  gameHeading: '{name} Scripts',
  gameIntro: 'Roblox scripts for {name}: auto-farms, loaders and more. Filter them and open one to copy its loader.',
  feed: 'Atom feed',
  feedTitle: '{name} scripts',
  notFound: {
    title: 'Game not found',
    text: 'There is no game at this address.',
    back: 'All games',
  },
  meta: {
    description: 'Roblox games with scripts: Blox Fruits, Brookhaven, Adopt Me and more. Pick a game to see its auto-farms and loaders.',
    gameDescription:
      '{n, plural, one {# Roblox script} other {# Roblox scripts}} for {name}: auto-farms, loaders and game cheats. Filter by key system, universal, verified or working.',
  },
} as const;

export const spec = { games };
