/**
 * The demo catalogue: ten scripts for each game of the landing page, three for each of four more
 * games and a few universal ones, so a first start shows a living catalogue in which every filter
 * and sort finds something. Every name contains its game's full name, so the landing page's
 * "View Scripts" search (q = game name) finds them. Loaders are harmless `print` placeholders, but for
 * the few universal scripts of DEMO_FLAGGED_LOADERS, harmless loaders in the shape of what hubs see,
 * so a first start shows what the loader analysis finds (docs/decisions/0018-loader-analysis.md#loader-findings).
 */
export const DEMO_GAMES = ['Adopt Me!', 'Brookhaven RP', 'Blox Fruits', 'Pet Simulator X'] as const;
/** Games beyond the landing's four, with a few scripts each. */
export const MORE_DEMO_GAMES = ['Murder Mystery 2', 'Arsenal', 'Doors', 'Da Hood'] as const;

export type DemoGame = (typeof DEMO_GAMES)[number] | (typeof MORE_DEMO_GAMES)[number];
/** A script's group in the demo: its game, or the universal scripts. */
export type DemoGroup = DemoGame | 'Universal';
export const UNIVERSAL: DemoGroup = 'Universal';

/** Every demo game with its Roblox place id. */
export const DEMO_GAME_LIST: { name: DemoGame; placeId: string }[] = [
  { name: 'Adopt Me!', placeId: '920587237' },
  { name: 'Brookhaven RP', placeId: '4924922222' },
  { name: 'Blox Fruits', placeId: '2753915549' },
  { name: 'Pet Simulator X', placeId: '6284583030' },
  { name: 'Murder Mystery 2', placeId: '142823291' },
  { name: 'Arsenal', placeId: '286090429' },
  { name: 'Doors', placeId: '6516141723' },
  { name: 'Da Hood', placeId: '2788229376' },
];

export interface DemoScript {
  group: DemoGroup;
  /** Its game's name, or null for a universal script. */
  game: DemoGame | null;
  playsname: string;
  description: string;
  /** Channel text as a moderator would type it: `@name`, `t.me/name` or an https:// URL. */
  channels: string[];
  loadstring: string;
  universal: boolean;
  keySystem: boolean;
  keyLink: string | null;
  patched: boolean;
  verified: boolean;
}

type Entry = [playsname: string, description: string, channels?: string[]];

const entries: Record<DemoGroup, Entry[]> = {
  'Adopt Me!': [
    ['Adopt Me! Auto Farm', 'Completes pet tasks and collects bucks while you are away. Optimized to stay light on low-end devices.', ['@adoptme_demo_hub']],
    ['Adopt Me! Pet Duplication Helper', 'Keeps track of your trades and highlights fair offers in real time. Clean interface, one-click toggles.'],
    ['Adopt Me! Neon Maker', 'Автоматически собирает четырёх питомцев и превращает их в неонового. Работает на всех популярных экзекьюторах.'],
    ['Adopt Me! Baby Needs Autopilot', 'Feeds, bathes and puts your baby to sleep on schedule, so the money keeps coming.'],
    ['Adopt Me! Egg Hatcher', '', ['https://t.me/demo_egg_hatchers', '@scripthub_demo']],
    ['Adopt Me! Trade Value Overlay', 'Shows the estimated value of every pet in the trade window. Updated with each new event.'],
    ['Adopt Me! Teleport Menu', 'Мгновенный телепорт в любой дом, магазин или локацию карты. Удобное меню и горячие клавиши.', ['@adoptme_teleports_demo']],
    ['Adopt Me! Event Candy Collector', 'Collects seasonal event currency across the whole map and avoids crowded areas.'],
    ['Adopt Me! House Builder Tools', 'Copy, rotate and align furniture with precision. Build the dream house in minutes, not hours.'],
    ['Adopt Me! Pet Age Potion Finder', 'Ищет редкие зелья и подарки по всей карте. Быстрый запуск и минимальная нагрузка.'],
  ],
  'Brookhaven RP': [
    ['Brookhaven RP Admin Panel', 'A roleplay toolbox with fly, speed and noclip toggles. Fast execution and a tidy draggable menu.', ['@brookhaven_demo']],
    ['Brookhaven RP House Unlocker', 'Open any locked house door with a single click. Includes a safe mode for crowded servers.'],
    ['Brookhaven RP Car Speed Boost', 'Делает любой автомобиль быстрее и управляемее. Настраиваемая скорость и плавное ускорение.'],
    ['Brookhaven RP Avatar Changer', 'Switch between saved outfits instantly and try on catalogue items for free in-game.', ['https://t.me/demo_rp_outfits']],
    ['Brookhaven RP Music Player', 'Queue your favourite tracks and play them from any vehicle or house. Volume and loop controls included.'],
    ['Brookhaven RP Bank Heist Helper', 'Step-by-step guide overlay for the bank roleplay with timers and teleports.'],
    ['Brookhaven RP Fling Tools', 'Физика, полёт и множество забавных эффектов для ролевой игры с друзьями.', ['@brookhaven_fun_demo', 'https://t.me/demo_rp_club']],
    ['Brookhaven RP Teleport Hub', 'Every location of the town in one menu: school, hospital, police station and secret spots.'],
    ['Brookhaven RP Night Vision', ''],
    ['Brookhaven RP ESP Names', 'Shows player names and distances through walls. Great for hide and seek roleplay.'],
  ],
  'Blox Fruits': [
    ['Blox Fruits Auto Farm', 'Levels you from 1 to max with smart quest selection and auto-stat allocation. Updated for the latest sea.', ['@bloxfruits_demo_hub']],
    ['Blox Fruits Fruit Sniper', 'Notifies you the moment a fruit spawns and teleports you to it before anyone else.', ['https://t.me/demo_fruit_notifier']],
    ['Blox Fruits Raid Helper', 'Автоматически проходит рейды и собирает награды. Поддерживает все виды фруктов для пробуждения.'],
    ['Blox Fruits Boss Farm', 'Finds and defeats bosses on a loop with safe positioning and auto-heal.'],
    ['Blox Fruits Mastery Grinder', 'Raises sword, gun and fruit mastery while you sleep. Low CPU usage mode included.'],
    ['Blox Fruits Sea Beast Hunter', 'Охота на морских чудовищ с автоматическим управлением лодкой. Быстро и стабильно.', ['@seabeast_demo']],
    ['Blox Fruits Chest Collector', 'Sweeps every island for chests and beli. Optimized route for each sea.'],
    ['Blox Fruits Race V4 Trials', 'Guides you through race awakening trials with timers and auto-positioning.'],
    ['Blox Fruits Server Hopper', 'Hops between servers to find rare fruits, bosses and full moons faster.', ['@bloxfruits_demo_hub', '@demo_hoppers']],
    ['Blox Fruits Combat Assist', 'Быстрая атака, автокомбо и таймер перезарядки навыков в одной компактной панели.'],
  ],
  'Pet Simulator X': [
    ['Pet Simulator X Auto Farm', 'Farms coins and diamonds in any area with smart pet targeting. 24/7 stable.', ['@petsimx_demo']],
    ['Pet Simulator X Egg Opener', 'Opens eggs at maximum speed and skips animations. Auto-deletes the pets you do not want.'],
    ['Pet Simulator X Rainbow Maker', 'Автоматически превращает питомцев в золотых и радужных. Экономит часы ручной работы.'],
    ['Pet Simulator X Huge Hunter', 'Tracks your odds for huge pets and tells you the best egg to open right now.', ['https://example.com/petsimx-demo']],
    ['Pet Simulator X Mystery Chest Farm', 'Opens chests across all worlds in an optimized order with anti-AFK built in.'],
    ['Pet Simulator X Bank Manager', ''],
    ['Pet Simulator X Diamond Collector', 'Собирает алмазы во всех мирах с оптимальным маршрутом. Подходит для новых аккаунтов.', ['@diamonds_demo']],
    ['Pet Simulator X Trading Plaza Tools', 'Price checker and trade overlay for the plaza. Spot good deals at a glance.'],
    ['Pet Simulator X Enchant Roller', 'Rerolls enchants until you get the one you want, then stops automatically.'],
    ['Pet Simulator X Area Unlocker', 'Buys new areas and gates as soon as you can afford them, so progression never stalls.'],
  ],
  'Murder Mystery 2': [
    ['Murder Mystery 2 Role Reveal', 'Shows who the murderer and the sheriff are as soon as the round starts.', ['@mm2_demo']],
    ['Murder Mystery 2 Coin Farm', 'Собирает монеты по всей карте и избегает убийцу. Безопасный режим включён.'],
    ['Murder Mystery 2 Knife Aura', 'A toy aura for private servers: highlights everyone within reach.'],
  ],
  Arsenal: [
    ['Arsenal Silent Aim Trainer', 'Practice tracking with on-screen targets and a hit counter. Offline mode only.'],
    ['Arsenal Skin Viewer', 'Preview every skin and kill effect before you spend your bucks.', ['https://t.me/demo_arsenal']],
    ['Arsenal FPS Boost', 'Отключает тени и частицы для стабильных 60 FPS на слабых ПК.'],
  ],
  Doors: [
    ['Doors Entity Notifier', 'Warns you before Rush, Ambush and Seek arrive, with a sound and a banner.', ['@doors_demo']],
    ['Doors Item ESP', 'Highlights keys, books, lighters and gold through walls.'],
    ['Doors Auto Library', 'Решает головоломку библиотеки по собранным книгам. Без лишних действий.'],
  ],
  'Da Hood': [
    ['Da Hood Cash Farm', 'Farms cash at the bank and the ATMs with an anti-AFK loop.'],
    ['Da Hood Lock Menu', 'A target menu with prediction settings for duels with friends.'],
    ['Da Hood Animation Pack', 'Unlocks every emote and animation pack on your client.', ['@dahood_demo']],
  ],
  Universal: [
    ['Universal ESP', 'Player boxes, names and distances in any game. Colours by team.', ['@universal_demo']],
    ['Universal Fly and Noclip', 'Fly and walk through walls in any experience; one key toggles each.'],
    ['Universal FPS Unlocker', 'Lifts the 60 FPS cap everywhere. Works with every executor.'],
    ['Universal Anti-AFK', 'Никогда не вылетайте за бездействие: работает в любой игре.'],
    ['Universal Chat Translator', 'Translates the chat into your language as messages arrive.', ['https://t.me/demo_translator']],
    ['Universal Stats Logger', 'Posts your session stats to a Discord channel. A demo of what a webhook loader looks like.'],
    ['Universal Server Region Finder', 'Shows which region your server runs in. A demo of a loader that looks up your IP address.'],
    ['Universal Discord Invite Copier', 'Copies the community invite and keeps running after a teleport. A demo of clipboard use.'],
    ['Universal Paste Hub', 'Loads its menu from a paste site. A demo of a loader whose code can change at any time.'],
  ],
};

/**
 * Demo loaders that the loader analysis flags; harmless text: the webhook address is made up and
 * nothing here runs on the site. Each starts with a comment, which the analysis ignores.
 */
export const DEMO_FLAGGED_LOADERS: Record<string, string> = {
  'Universal Stats Logger': [
    '-- demo loader: the webhook address is made up',
    'local HttpService = game:GetService("HttpService")',
    'request({',
    '  Url = "https://discord.com/api/webhooks/000/demo",',
    '  Method = "POST",',
    '  Headers = { ["Content-Type"] = "application/json" },',
    '  Body = HttpService:JSONEncode({ content = "demo session stats" }),',
    '})',
  ].join('\n'),
  'Universal Server Region Finder': [
    '-- demo loader: prints the region of the server',
    'local info = game:HttpGet("http://ip-api.com/json/")',
    'print(game:GetService("HttpService"):JSONDecode(info).regionName)',
  ].join('\n'),
  'Universal Discord Invite Copier': [
    '-- demo loader: copies an invite and comes back after a teleport',
    'setclipboard("https://discord.gg/demo")',
    'queue_on_teleport([[print("demo: back after the teleport")]])',
  ].join('\n'),
  'Universal Paste Hub': ['-- demo loader: the paste does not exist', 'loadstring(game:HttpGet("https://pastebin.com/raw/demo0000"))()'].join('\n'),
};

/**
 * Demo loaders saved first in an earlier form, so the demo ships a history (docs/decisions/0044-loader-versions.md):
 * the Stats Logger's first version only printed its stats; its update added the webhook request, a high finding.
 */
export const DEMO_EARLIER_LOADERS: Record<string, string> = {
  'Universal Stats Logger': ['-- demo loader: prints the session stats', 'print("demo session stats")'].join('\n'),
};

function placeholderLoader(playsname: string): string {
  return `-- demo placeholder, not a real script\nprint(${JSON.stringify(`Demo script: ${playsname}`)})`;
}

/** The demo's groups in display order: the landing's games, the others, then the universal scripts. */
export const DEMO_GROUPS: DemoGroup[] = [...DEMO_GAMES, ...MORE_DEMO_GAMES, UNIVERSAL];

/** The key page of a demo script with a key system; some have none, as some real ones do. */
function keyLinkFor(playsname: string, index: number): string | null {
  return index % 2 === 0 ? `https://example.com/get-key/${encodeURIComponent(playsname.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}` : null;
}

/**
 * Facts spread by a script's place in the whole list, so each appears in every group and both values
 * of each filter have scripts: a key system on every third, patched on every seventh, verified on
 * every fourth.
 */
export const DEMO_CATALOGUE: DemoScript[] = DEMO_GROUPS.flatMap((group) => entries[group]).map(([playsname, description, channels = []], index) => {
  const group = DEMO_GROUPS.find((name) => entries[name].some((entry) => entry[0] === playsname)) as DemoGroup;
  const keySystem = index % 3 === 1;
  return {
    group,
    game: group === UNIVERSAL ? null : (group as DemoGame),
    playsname,
    description,
    channels,
    loadstring: DEMO_FLAGGED_LOADERS[playsname] ?? placeholderLoader(playsname),
    universal: group === UNIVERSAL,
    keySystem,
    keyLink: keySystem ? keyLinkFor(playsname, Math.floor(index / 3)) : null,
    patched: index % 7 === 3,
    verified: index % 4 === 0,
  };
});

/** Searches that found nothing in the demo's last days: [query, days ago, searches]. */
export const DEMO_SEARCH_MISSES: [query: string, daysAgo: number, searches: number][] = [
  ['bedwars', 0, 6],
  ['bedwars', 2, 4],
  ['jailbreak auto rob', 1, 5],
  ['king legacy', 3, 3],
  ['ohio', 0, 2],
  ['адопт ми дюп', 4, 2],
  ['blade ball', 6, 1],
];
