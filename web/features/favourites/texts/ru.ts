import type { Shape } from '../../../lib/shape.ts';
import type { spec } from './spec.ts';

/** /favourites' texts, wholly Russian (`/ru/…`). */
const favourites = {
  title: 'Избранное',
  intro: 'Скрипты, которые вы отметили звёздочкой. Хранятся только в этом браузере.',
  updated: 'Обновлён с вашего прошлого визита',
  history: 'Что изменилось',
  empty: 'В избранном пока пусто',
  emptyHint: 'Отметьте скрипт звёздочкой (☆ на карточке или на его странице), чтобы он хранился здесь и вы видели, когда меняется его загрузчик.',
  blocked: 'Этот браузер не даёт сайту хранить избранное (хранилище заблокировано или включён приватный режим).',
  loading: 'Загружаем избранное…',
  failed: 'Не удалось загрузить избранное. Попробуйте позже.',
} as const satisfies Shape<typeof spec.favourites>;

export const ru = { favourites } satisfies Shape<typeof spec>;
