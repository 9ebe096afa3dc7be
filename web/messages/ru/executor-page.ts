import type { executorPage as spec } from '../executor-page.ts';
import type { Shape } from '../shape.ts';

/** /executors/{slug}'s own strings, wholly Russian (`/ru/…`). */
export const executorPage = {
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
} as const satisfies Shape<typeof spec>;
