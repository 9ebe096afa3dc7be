import type { Shape } from '../../i18n/shape.ts';
import type { cookies as spec } from '../cookies.ts';

/** The cookie policy, wholly Russian (`/ru/cookies`). The kinds keep their ids. */
export const cookies = {
  path: '/cookies',
  title: 'Политика использования файлов cookie',
  description:
    'Какие файлы cookie использует каталог (необходимые, производительности и аналитические) и как настроить необязательные из них.',
  heading: 'Политика использования файлов cookie',
  intro:
    'Cookie — это небольшие файлы, которые браузер хранит для сайта. Здесь описаны все виды cookie, которые мы используем, и зачем они нужны; необязательные можно отключить на вкладке «Настройки».',
  tabs: {
    label: 'Настройки cookie',
    all: 'Все cookie',
    manage: 'Настройки',
  },
  allHeading: 'Какие cookie мы используем',
  manageHeading: 'Ваш выбор',
  manageIntro: 'Выберите, какие необязательные cookie вы разрешаете. Необходимые cookie обеспечивают работу сайта и включены всегда.',
  alwaysActive: 'Всегда включены',
  optional: 'Необязательные',
  examplesLabel: 'Применение',
  enabled: 'Вкл.',
  disabled: 'Выкл.',
  save: 'Сохранить настройки',
  kinds: [
    {
      id: 'essential',
      name: 'Необходимые cookie',
      description: 'Нужны для работы сайта. Их нельзя отключить.',
      examples: ['запоминание того, что вы подписались на наши каналы', 'безопасность и защита от злоупотреблений'],
      alwaysActive: true,
    },
    {
      id: 'performance',
      name: 'Cookie производительности',
      description: 'Помогают нам измерять скорость загрузки страниц, чтобы каталог оставался быстрым.',
      examples: ['время загрузки страниц', 'частота ошибок'],
      alwaysActive: false,
    },
    {
      id: 'analytics',
      name: 'Аналитические cookie',
      description: 'Дают нам обезличенную статистику о том, какие скрипты и страницы популярны.',
      examples: ['популярные скрипты', 'посещённые страницы'],
      alwaysActive: false,
    },
  ],
} as const satisfies Shape<typeof spec>;
