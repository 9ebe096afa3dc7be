import type { Shape } from '../../../lib/shape.ts';
import type { spec } from './spec.ts';

/** The shared shell's strings, wholly Russian (`/ru/…`). */
const common = {
  script: {
    noImage: 'Нет изображения',
    views: '{n, plural, one {# просмотр} few {# просмотра} many {# просмотров} other {# просмотра}}',
    badges: {
      label: 'Факты о скрипте',
      keySystem: 'Ключ-система',
      universal: 'Универсальный',
      verified: 'Проверен',
      patched: 'Пропатчен',
      loaderWarning: 'Опасный загрузчик',
      mayBePatched: 'Может быть пропатчен',
    },
    gameLabel: 'Игра',
  },
  star: 'В избранное: {name}',
  nav: {
    label: 'Главная навигация',
    home: 'Главная',
    scripts: 'Скрипты',
    games: 'Игры',
    executors: 'Экзекьюторы',
    searchPlaceholder: 'Поиск скриптов...',
    searchLabel: 'Поиск скриптов',
    mainMenu: 'Главное меню',
    favourites: 'Избранное',
    favouritesChanged: 'Избранное, {count, plural, one {# изменение} few {# изменения} many {# изменений} other {# изменения}}',
    userMenu: 'Меню пользователя',
    telegram: 'Телеграм',
    signOut: 'Выйти',
    skipToContent: 'К содержанию',
  },
  language: { label: 'Язык', en: 'English', ru: 'Русский' },
  offer: {
    en: { read: 'Read in English', dismiss: 'No, thanks' },
    ru: { read: 'Читать на русском', dismiss: 'Нет, спасибо' },
  },
  footer: {
    catalogue: 'Каталог',
    legal: 'Правовая информация',
    community: 'Сообщество',
    seo: 'Гид по скриптам Roblox',
    privacy: 'Политика конфиденциальности',
    terms: 'Условия использования',
    cookies: 'Политика cookie',
    telegram: 'Телеграм',
    video: 'YouTube',
    developer: 'Разработчик',
    contact: 'Контакты',
    rights: 'Все права защищены.',
  },
  notFound: {
    title: 'Страница не найдена',
    text: 'Страницы, которую вы ищете, не существует.',
    home: 'На главную',
  },
  error: {
    title: 'Что-то пошло не так',
    home: 'На главную',
  },
} as const satisfies Shape<typeof spec.common>;

export const ru = { common } satisfies Shape<typeof spec>;
