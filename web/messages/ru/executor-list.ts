import type { executorList as spec } from '../executor-list.ts';
import type { Shape } from '../shape.ts';

/** /executors' own strings, wholly Russian (`/ru/…`). */
export const executorList = {
  heading: 'Инжекторы для Roblox',
  intro: 'Инжекторы, на которых работают наши скрипты, сначала рабочие: их статус на сегодня, устройства, версия и цена. Откройте инжектор, чтобы увидеть скрипты, которые на нём работают.',
  listLabel: 'Инжекторы',
  empty: 'Инжекторов пока нет',
  emptyHint: 'Инжекторы появятся здесь, когда их добавят в каталог.',
  lastChecked: 'Список проверен',
} as const satisfies Shape<typeof spec>;
