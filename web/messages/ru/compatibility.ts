import { EXECUTOR_VOTE_DAYS } from '../../../contract/constants.ts';
import { formatMessage } from '../../../contract/i18n.ts';
import type { Shape } from '../shape.ts';
import type { compatibility as spec } from '../compatibility.ts';

/** A script's compatibility table and the works vote's executor picker, wholly Russian (`/ru/…`). */
export const compatibility = {
  heading: 'Совместимость',
  intro: formatMessage(
    'ru',
    'Экзекьюторы, с которыми скрипт проверили модераторы, и ответы посетителей за {n, plural, one {последний # день} few {последние # дня} many {последние # дней} other {последние # дня}}.',
    { n: EXECUTOR_VOTE_DAYS },
  ),
  empty: 'Данных о совместимости пока нет. Запускали скрипт? Нажмите «Работает» или «Не работает» выше и укажите, где запускали.',
  columns: { executor: 'Экзекьютор', platforms: 'Платформы', tested: 'Проверка', works: 'Работает', broken: 'Не работает' },
  tested: 'Проверен',
  notTested: 'Не проверен',
  status: { working: 'Работает', updating: 'Обновляется', patched: 'Пропатчен', discontinued: 'Закрыт' },
  platforms: { windows: 'Windows', mac: 'Mac', android: 'Android', ios: 'iOS' },
  where: {
    label: 'Где вы его запускали?',
    none: 'Не скажу',
    hint: 'Необязательно. Тогда ваш ответ «Работает» или «Не работает» засчитается и для этого экзекьютора.',
    loading: 'Загружаем экзекьюторы…',
    failed: 'Не удалось загрузить экзекьюторы.',
    retry: 'Попробовать снова',
  },
} as const satisfies Shape<typeof spec>;
