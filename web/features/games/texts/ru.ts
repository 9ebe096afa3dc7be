import type { Shape } from '../../../lib/shape.ts';
import type { spec } from './spec.ts';

const scripts = '{n, plural, one {# скрипт} few {# скрипта} many {# скриптов} other {# скрипта}}';

/** The game pages' strings, wholly Russian (`/ru/…`). */
const games = {
  heading: 'Игры Roblox',
  intro: 'Все игры, для которых у нас есть скрипты. Откройте игру, чтобы увидеть её скрипты — с теми же фильтрами и сортировкой, что и в каталоге.',
  scriptCount: scripts,
  listLabel: 'Игры',
  noIcon: '{name} (без иконки)',
  empty: 'Игр пока нет',
  emptyHint: 'Игры появятся здесь, когда для них опубликуют скрипты.',
  allGames: 'Все игры',
  gameHeading: 'Скрипты для {name}',
  gameIntro: 'Скрипты Roblox для {name}: автофарм, загрузчики и не только. Отфильтруйте их и откройте нужный, чтобы скопировать загрузчик.',
  feed: 'Лента обновлений',
  feedTitle: 'Новые скрипты для {name}',
  notFound: {
    title: 'Игра не найдена',
    text: 'По этому адресу нет игры.',
    back: 'Все игры',
  },
  meta: {
    description: 'Игры Roblox со скриптами: Блокс Фрутс, Брукхейвен, Адопт Ми и другие. Выберите игру, чтобы найти для неё автофарм и загрузчики.',
    gameDescription: `${scripts} Roblox для {name}: автофарм, загрузчики и читы. Фильтры: ключ-система, универсальные, проверенные, рабочие.`,
  },
} as const satisfies Shape<typeof spec.games>;

export const ru = { games } satisfies Shape<typeof spec>;
