import type { executorList as spec } from '../executor-list.ts';
import type { Shape } from '../shape.ts';

/** /executors' own strings, wholly Russian (`/ru/…`). */
export const executorList = {
  heading: 'Экзекьюторы для Roblox',
  intro: 'Экзекьюторы, на которых работают наши скрипты, сначала рабочие: их статус на сегодня, устройства, версия и цена. Откройте экзекьютор, чтобы увидеть скрипты, которые на нём работают.',
  listLabel: 'Экзекьюторы',
  empty: 'Экзекьюторов пока нет',
  emptyHint: 'Экзекьюторы появятся здесь, когда их добавят в каталог.',
  lastChecked: 'Список проверен',
} as const satisfies Shape<typeof spec>;
