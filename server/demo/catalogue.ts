/**
 * The demo catalogue: ten scripts for each game of the landing page, so a first start shows a
 * living catalogue. Every name contains its game's full name, so the landing page's
 * "View Scripts" search (q = game name) finds them. Loaders are harmless `print` placeholders.
 */
export const DEMO_GAMES = ['Adopt Me!', 'Brookhaven RP', 'Blox Fruits', 'Pet Simulator X'] as const;

export type DemoGame = (typeof DEMO_GAMES)[number];

export interface DemoScript {
  game: DemoGame;
  playsname: string;
  description: string;
  /** Channel text as a moderator would type it: `@name`, `t.me/name` or an https:// URL. */
  channels: string[];
  loadstring: string;
}

type Entry = [playsname: string, description: string, channels?: string[]];

const entries: Record<DemoGame, Entry[]> = {
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
};

function placeholderLoader(playsname: string): string {
  return `-- demo placeholder, not a real script\nprint(${JSON.stringify(`Demo script: ${playsname}`)})`;
}

export const DEMO_CATALOGUE: DemoScript[] = DEMO_GAMES.flatMap((game) =>
  entries[game].map(([playsname, description, channels = []]) => ({
    game,
    playsname,
    description,
    channels,
    loadstring: placeholderLoader(playsname),
  })),
);
