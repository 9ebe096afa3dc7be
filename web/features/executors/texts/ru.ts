import type { Shape } from '../../../lib/shape.ts';
import type { spec } from './spec.ts';

/** An executor's facts, wholly Russian (`/ru/…`). */
const executorFacts = {
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
} as const satisfies Shape<typeof spec.executorFacts>;

/** The executor pages' head texts, wholly Russian (`/ru/…`). */
const executorsMeta = {
  listTitle: 'Экзекьюторы для Roblox',
  description:
    'Экзекьюторы для Roblox и работают ли они сегодня: статус (работает, обновляется, пропатчен или не поддерживается), устройства, версия и цена, а ещё скрипты, которые на каждом из них работают.',
  pageTitle: 'Экзекьютор {name}: статус и скрипты',
  pageDescription:
    '{name} сегодня {status}. {n, plural, one {На нём работает # скрипт} few {На нём работают # скрипта} many {На нём работают # скриптов} other {На нём работают # скрипта}} Roblox: автофарм и загрузчики, проверенные нашей командой или подтверждённые посетителями.',
  statusWords: { working: 'работает', updating: 'обновляется', patched: 'пропатчен', discontinued: 'не поддерживается' },
} as const satisfies Shape<typeof spec.executorsMeta>;

/** /executors' own strings, wholly Russian (`/ru/…`). */
const executorList = {
  heading: 'Экзекьюторы для Roblox',
  intro: 'Экзекьюторы, на которых работают наши скрипты, сначала рабочие: их статус на сегодня, устройства, версия и цена. Откройте экзекьютор, чтобы увидеть скрипты, которые на нём работают.',
  listLabel: 'Экзекьюторы',
  empty: 'Экзекьюторов пока нет',
  emptyHint: 'Экзекьюторы появятся здесь, когда их добавят в каталог.',
  lastChecked: 'Список проверен',
} as const satisfies Shape<typeof spec.executorList>;

/** /executors/{slug}'s own strings, wholly Russian (`/ru/…`). */
const executorPage = {
  allExecutors: 'Все экзекьюторы',
  website: 'Сайт {name}',
  intro: 'Скрипты Roblox, которые работают на {name}: их проверила наша команда, или за последние 30 дней большинство проголосовавших посетителей отметили, что они работают.',
  scriptCount: '{n, plural, one {На нём работает # скрипт} few {На нём работают # скрипта} many {На нём работают # скриптов} other {На нём работают # скрипта}}',
  testedCount: '{n, plural, one {# проверен нашей командой} few {# проверены нашей командой} many {# проверено нашей командой} other {# проверено нашей командой}}',
  noScripts: 'Пока нет ни одного скрипта, который точно работает на {name}',
  noScriptsHint: 'Скрипты появятся здесь, когда наша команда проверит их с этим экзекьютором или посетители скажут, что они на нём работают.',
  notFound: {
    title: 'Экзекьютор не найден',
    text: 'По этому адресу нет экзекьютора.',
    back: 'Все экзекьюторы',
  },
} as const satisfies Shape<typeof spec.executorPage>;

export const ru = { executorFacts, executorsMeta, executorList, executorPage } satisfies Shape<typeof spec>;
