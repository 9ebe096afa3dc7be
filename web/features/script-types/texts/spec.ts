// The script types' strings (docs/decisions/0063-script-types.md): the specification's SEO page speaks of
// "script types" (auto farm, ESP, aimbot, teleport, script hubs…), so its reading names them so, in English.

/** The chips on cards and the script page. */
const typeChips = {
  /** The list's accessible name. */
  label: 'Script types',
} as const;

/** The pages' head texts: only their loaders build the head tags, so no page's JavaScript carries these. */
const typesMeta = {
  listTitle: 'Roblox Script Types',
  description: 'Every type of Roblox script in the catalogue: auto farms, ESP, aimbots, teleports, script hubs and more, each with the scripts of that type.',
  /** A type's page: its name in <title> and its CollectionPage. */
  pageTitle: '{name} Scripts for Roblox',
  pageDescription: '{n, plural, one {# free {name} script} other {# free {name} scripts}} for Roblox games, with ready-to-copy loadstrings, updated regularly.',
} as const;

/** /types' own strings. */
const typeList = {
  heading: 'Types of Scripts',
  intro: 'Whatever you want to automate or improve, there is a script type for it. Open one to see its scripts.',
  listLabel: 'Script types',
  empty: 'No script types yet',
} as const;

/** /types/{slug}'s own strings. */
const typePage = {
  allTypes: 'All script types',
  heading: '{name} Scripts',
  intro: 'Roblox scripts of the type {name}, with every filter and sort of the catalogue.',
  scriptCount: '{n, plural, one {# script} other {# scripts}}',
  noScripts: 'No {name} scripts yet',
  noScriptsHint: 'Scripts appear here once staff give them this type.',
  notFound: {
    title: 'Script type not found',
    text: 'There is no script type at this address.',
    back: 'All script types',
  },
} as const;

export const spec = { typeChips, typesMeta, typeList, typePage };
