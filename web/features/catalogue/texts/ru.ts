import type { Shape } from '../../../lib/shape.ts';
import type { spec } from './spec.ts';

/** The lists' and cards' texts, wholly Russian (`/ru/…`). */
const catalogue = {
  clearSearch: 'Показать все скрипты',
  noDescription: 'Описание отсутствует',
  getScript: 'Получить скрипт',
  opening: 'Открываем…',
  platforms: { label: 'Где работает', pc: 'ПК', mobile: 'Телефон' },
  empty: 'Скрипты не найдены',
  emptyHint: 'По этому запросу ничего не нашлось. Проверьте написание или введите название игры.',
  emptyCatalogueHint: 'Каталог пока пуст. Новые скрипты появятся здесь сразу после публикации.',
  loadFailed: 'Не удалось загрузить скрипты',
  loadFailedHint: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Попробовать снова',
  loadMore: 'Загрузить ещё',
  loadingMore: 'Загружаем ещё скрипты…',
  loadedMore:
    '{count, plural, one {Загружен ещё # скрипт} few {Загружено ещё # скрипта} many {Загружено ещё # скриптов} other {Загружено ещё # скрипта}}',
  loading: 'Загружаем скрипты…',
  listLabel: 'Скрипты',
  clearFilters: 'Сбросить фильтры',
  emptyFiltersHint: 'Под эти фильтры не подходит ни один скрипт. Сбросьте их или оставьте меньше.',
  filters: {
    label: 'Фильтры',
    open: 'Фильтры',
    openCount: 'Фильтры ({count})',
    close: 'Закрыть фильтры',
    game: 'Игра',
    allGames: 'Все игры',
    browseGames: 'Смотреть игры',
    platform: 'Устройство',
    allPlatforms: 'Все устройства',
    platforms: { pc: 'ПК', mobile: 'Телефон' },
    executor: 'Экзекьютор',
    allExecutors: 'Все экзекьюторы',
    type: 'Тип скрипта',
    allTypes: 'Все типы',
    noKey: 'Без ключ-системы',
    universal: 'Универсальные',
    verified: 'Проверенные',
    working: 'Рабочие',
    sort: 'Сортировка',
    sorts: { newest: 'Сначала новые', views: 'По просмотрам', trending: 'В тренде', updated: 'Недавно обновлённые', rating: 'По рейтингу' },
    apply: 'Применить фильтры',
    showResults: 'Показать скрипты',
  },
  feedTitle: '{siteName}: новые скрипты Roblox',
  feedTitleUnnamed: 'Новые скрипты Roblox',
} as const satisfies Shape<typeof spec.catalogue>;

/** /scripts' own texts, wholly Russian (`/ru/scripts`). */
const scriptsPage = {
  heading: 'Новые скрипты Roblox',
  intro: 'Свежие автофармы, загрузчики и скрипты для игр, сначала новые. Откройте скрипт, чтобы скопировать его загрузчик.',
  resultsFor: 'Результаты по запросу «{q}»',
  count: '{n, plural, one {# скрипт} few {# скрипта} many {# скриптов} other {# скрипта}}',
  meta: {
    description:
      'Новые скрипты Roblox: автофармы, загрузчики и читы для игр, проверенные и обновляемые каждый день. Откройте скрипт и скопируйте загрузчик в один клик.',
    searchDescription: 'Скрипты Roblox по запросу «{q}»: автофармы, загрузчики и читы для игр. Скопируйте загрузчик в один клик.',
  },
} as const satisfies Shape<typeof spec.scriptsPage>;

/** Loader updates, wholly Russian (`/ru/…`): the cards' and script page's line. */
const loaderUpdates = {
  updated: 'Загрузчик обновлён',
  ago: '{days, plural, =0 {сегодня} =1 {вчера} one {# день назад} few {# дня назад} many {# дней назад} other {# дня назад}}',
  addedHigh: 'Обновление добавило находку высокого риска',
} as const satisfies Shape<typeof spec.loaderUpdates>;

export const ru = { catalogue, scriptsPage, loaderUpdates } satisfies Shape<typeof spec>;
