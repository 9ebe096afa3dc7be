import type { executorFacts as specFacts, executorsMeta as specMeta } from '../executors.ts';
import type { Shape } from '../shape.ts';

/** An executor's facts, wholly Russian (`/ru/…`). */
export const executorFacts = {
  statuses: { working: 'Работает', updating: 'Обновляется', patched: 'Пропатчен', discontinued: 'Не поддерживается' },
  platforms: { windows: 'Windows', mac: 'Mac', android: 'Android', ios: 'iOS' },
  platformsLabel: 'Работает на',
  version: 'Версия {version}',
  free: 'Бесплатный',
  paid: 'Платный',
  statusChanged: 'Статус изменён',
  justNow: 'только что',
  ago: {
    minute: '{n, plural, one {# минуту назад} few {# минуты назад} many {# минут назад} other {# минуты назад}}',
    hour: '{n, plural, one {# час назад} few {# часа назад} many {# часов назад} other {# часа назад}}',
    day: '{n, plural, one {# день назад} few {# дня назад} many {# дней назад} other {# дня назад}}',
    week: '{n, plural, one {# неделю назад} few {# недели назад} many {# недель назад} other {# недели назад}}',
    month: '{n, plural, one {# месяц назад} few {# месяца назад} many {# месяцев назад} other {# месяца назад}}',
    year: '{n, plural, one {# год назад} few {# года назад} many {# лет назад} other {# года назад}}',
  },
} as const satisfies Shape<typeof specFacts>;

/** The executor pages' head texts, wholly Russian (`/ru/…`). */
export const executorsMeta = {
  listTitle: 'Экзекьюторы для Roblox',
  description:
    'Экзекьюторы для Roblox и работают ли они сегодня: статус (работает, обновляется, пропатчен или не поддерживается), устройства, версия и цена, а ещё скрипты, которые на каждом из них работают.',
  pageTitle: 'Экзекьютор {name}: статус и скрипты',
  pageDescription:
    '{name} сегодня {status}. {n, plural, one {На нём работает # скрипт} few {На нём работают # скрипта} many {На нём работают # скриптов} other {На нём работают # скрипта}} Roblox: автофарм и загрузчики, проверенные нашей командой или подтверждённые посетителями.',
  statusWords: { working: 'работает', updating: 'обновляется', patched: 'пропатчен', discontinued: 'не поддерживается' },
} as const satisfies Shape<typeof specMeta>;
