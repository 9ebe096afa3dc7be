import type { Shape } from '../shape.ts';
import type { scriptsPage as spec } from '../scripts-page.ts';

/** /scripts' own texts, wholly Russian (`/ru/scripts`). */
export const scriptsPage = {
  heading: 'Новые скрипты Roblox',
  intro: 'Свежие автофармы, загрузчики и скрипты для игр, сначала новые. Откройте скрипт, чтобы скопировать его загрузчик.',
  resultsFor: 'Результаты по запросу «{q}»',
  count: '{n, plural, one {# скрипт} few {# скрипта} many {# скриптов} other {# скрипта}}',
  meta: {
    description:
      'Новые скрипты Roblox: автофармы, загрузчики и читы для игр, проверенные и обновляемые каждый день. Откройте скрипт и скопируйте загрузчик в один клик.',
    searchDescription: 'Скрипты Roblox по запросу «{q}»: автофармы, загрузчики и читы для игр. Скопируйте загрузчик в один клик.',
  },
} as const satisfies Shape<typeof spec>;
