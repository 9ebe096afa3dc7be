import type { Shape } from '../../../lib/shape.ts';
import type { HomeReading, InfoReading, spec } from './spec.ts';

/**
 * The landing pages wholly Russian (`/ru`, `/ru/info`), written as a Russian Roblox player would say it
 * (script — скрипт, executor — экзекьютор, loader — загрузчик). Numbers the Russian way: a space between
 * thousands (a no-break one, so a figure never splits), a decimal comma. Game names stay as the games
 * call themselves. Links are the specification's paths; the components put them in `/ru/…`.
 */

/** Landing variant A, served at `/ru`. */
const home = {
  meta: {
    title: 'Премиум-читы и скрипты для Roblox',
    description:
      'Побеждайте в любимых играх Roblox с премиум-скриптами, автофармом и читами для Adopt Me!, Brookhaven RP, Blox Fruits и Pet Simulator X.',
  },
  hero: {
    badge: 'Премиум-читы для Roblox',
    title: 'Побеждайте в любимых играх Roblox',
    subtitle: 'Раскройте весь потенциал игры с нашими премиум-скриптами, автофармом и читами.',
    primary: { label: 'Каталог скриптов', to: '/scripts' },
    secondary: { label: 'Как это работает', to: '/info' },
  },
  stats: {
    /** Read by screen readers only: the strip has no visible heading. */
    heading: 'Наши цифры',
    items: [
      { number: '500+', label: 'Скриптов' },
      { number: '10\u00a0000+', label: 'Активных игроков' },
      { number: '99%', label: 'Без сбоев' },
      { number: '24/7', label: 'Поддержка' },
    ],
  },
  features: {
    title: 'Почему наши читы лучше',
    subtitle: 'Сделано игроками для игроков: каждый скрипт пишет, тестирует и поддерживает наша собственная команда.',
    cards: [
      {
        icon: 'code',
        title: 'Оптимизированный код',
        description: 'Лёгкие и быстрые скрипты: игра идёт так же плавно, без просадок кадров.',
        color: 'violet',
      },
      {
        icon: 'refresh',
        title: 'Автообновления',
        description: 'Вышло обновление игры — наши скрипты быстро подстраиваются. Ничего не нужно скачивать вручную.',
        color: 'sky',
      },
      {
        icon: 'shield',
        title: 'Без детекта',
        description: 'Аккуратные и незаметные приёмы, чтобы ваш аккаунт не привлекал внимания.',
        color: 'emerald',
      },
      {
        icon: 'zap',
        title: 'Быстрый запуск',
        description: 'Скрипты загружаются за секунды и начинают работать сразу после запуска в экзекьюторе.',
        color: 'amber',
      },
      {
        icon: 'headphones',
        title: 'Поддержка 24/7',
        description: 'Что-то не получается? Наше сообщество и команда помогут в любое время суток.',
        color: 'rose',
      },
      {
        icon: 'crown',
        title: 'Эксклюзивные функции',
        description: 'Уникальные автофармы и инструменты, которых больше нигде не найти.',
        color: 'fuchsia',
      },
    ],
  },
  games: {
    title: 'Поддерживаемые игры',
    subtitle: 'Скрипты для самых популярных игр Roblox, и каждую неделю добавляются новые.',
    /** Follows the player count: "500 000+ онлайн". */
    online: 'онлайн',
    /** Short: the card's button stays on one line on a phone, two cards to a row. */
    viewScripts: 'Скрипты',
    /** Screen-reader suffix: "Скрипты для Blox Fruits". */
    viewScriptsFor: 'для',
    viewAll: { label: 'Все поддерживаемые игры', to: '/scripts' },
    list: [
      { name: 'Adopt Me!', icon: 'paw', players: '500\u00a0000+', color: 'rose' },
      { name: 'Brookhaven RP', icon: 'house', players: '300\u00a0000+', color: 'sky' },
      { name: 'Blox Fruits', icon: 'cherry', players: '200\u00a0000+', color: 'amber' },
      { name: 'Pet Simulator X', icon: 'dog', players: '150\u00a0000+', color: 'emerald' },
    ],
  },
  closing: {
    title: 'Готовы побеждать?',
    text: 'Выберите игру, возьмите скрипт — и меньше чем через минуту вы уже играете умнее.',
    primary: { label: 'Начать сейчас', to: '/scripts' },
    secondary: { label: 'Подробнее', to: '/info', hint: 'о том, как работают наши скрипты' },
  },
} as const satisfies HomeReading;

/** Landing variant B, served at `/ru/info`. */
const info = {
  meta: {
    title: 'Премиум-скрипты для Roblox — как это работает',
    description:
      'Как работают наши премиум-скрипты для Roblox: 500+ скриптов, 99,9% времени без сбоев, поддержка 24/7 и сообщество из 50\u00a0000+ игроков. Скопируйте загрузчик, запустите его и играйте.',
  },
  hero: {
    badge: 'Как это работает',
    title: 'Премиум-скрипты для Roblox',
    subtitle:
      'Нам доверяет сообщество из 50\u00a0000+ игроков, и 10\u00a0000+ из них играют с нашими скриптами каждый день. Выберите скрипт, скопируйте его загрузчик и запустите в своём экзекьюторе.',
    primary: { label: 'Начать', to: '/scripts' },
  },
  stats: {
    heading: 'Наши цифры',
    items: [
      { number: '500+', label: 'Скриптов' },
      { number: '10\u00a0000+', label: 'Игроков в день' },
      { number: '99,9%', label: 'Без сбоев' },
      { number: '24/7', label: 'Поддержка' },
    ],
  },
  features: {
    title: 'Мощные возможности',
    subtitle: 'Откройте карточку, чтобы узнать подробности.',
    cards: [
      {
        id: 'optimized',
        icon: 'code',
        title: 'Оптимизированный код',
        description: 'Чистые и эффективные скрипты, с которыми игра идёт плавно.',
        color: 'violet',
        details: [
          'Минимум памяти и нагрузки на процессор даже на переполненных серверах.',
          'Никаких просадок кадров, пока автофарм работает в фоне.',
          'Понятные загрузчики: вы всегда видите, что запускаете.',
        ],
      },
      {
        id: 'updates',
        icon: 'refresh',
        title: 'Автообновления',
        description: 'Скрипты обновляются после каждого патча игры.',
        color: 'sky',
        details: [
          'Загрузчик всегда подтягивает последнюю версию.',
          'Сломанные скрипты мы быстро чиним или убираем.',
          'Каждую неделю добавляем новые игры и функции.',
        ],
      },
      {
        id: 'undetectable',
        icon: 'shield',
        title: 'Без детекта',
        description: 'Работают незаметно и берегут ваш аккаунт.',
        color: 'emerald',
        details: [
          'Действия с человеческими паузами, а не мгновенные.',
          'Перед выпуском проверяем на запасных аккаунтах.',
          'И всё же без риска не обходится ни один скрипт: играйте на аккаунтах, которые не жалко потерять.',
        ],
      },
      {
        id: 'fast',
        icon: 'zap',
        title: 'Быстрый запуск',
        description: 'От копирования до работающего скрипта — пара секунд.',
        color: 'amber',
        details: [
          'Загрузчик в одну строку: скопировали, вставили, запустили.',
          'Работает со всеми популярными экзекьюторами.',
          'Если что-то не запускается, поможет наша поддержка 24/7.',
        ],
      },
    ],
  },
  code: {
    title: 'Пользоваться просто',
    text: 'Каждый скрипт — это короткий загрузчик. Скопируйте его со страницы скрипта, вставьте в экзекьютор и запустите. Вот как выглядит скрипт:',
    fileName: 'пример.lua',
    /** A harmless placeholder: it only prints a line. */
    sample: ['-- Пример скрипта: выводит приветствие', 'local player = "Игрок1"', 'print("Привет, " .. player .. "!")'].join('\n'),
    label: 'Пример скрипта на Lua',
  },
  closing: {
    title: 'Готовы начать?',
    text: 'Выбирайте из сотен скриптов для любимых игр Roblox.',
    primary: { label: 'Каталог скриптов', to: '/scripts' },
    secondary: { label: 'На главную', to: '/' },
  },
} as const satisfies InfoReading;

export const ru = { home, info } satisfies Shape<typeof spec>;
