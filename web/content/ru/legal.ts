import type { Shape } from '../../i18n/shape.ts';
import type { legalCommon as spec } from '../legal.ts';

/** The legal pages' shared strings, wholly Russian (`/ru/…`). */
export const legalCommon = {
  lastUpdated: 'Последнее обновление',
  onThisPage: 'Содержание',
  backToTop: 'Наверх',
} as const satisfies Shape<typeof spec>;
