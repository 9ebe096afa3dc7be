import type { Shape } from '../../../lib/shape.ts';
import type { spec } from './spec.ts';

/** The chips, wholly Russian (`/ru/…`). */
const typeChips = { label: 'Типы скрипта' } as const satisfies Shape<typeof spec.typeChips>;

/** The pages' head texts, wholly Russian. */
const typesMeta = {
  listTitle: 'Типы скриптов для Roblox',
  description: 'Все типы скриптов Roblox в каталоге: автофарм, вх, аимботы, телепорты, хабы скриптов и другие, у каждого — его скрипты.',
  pageTitle: 'Скрипты {name} для Roblox',
  pageDescription: '{n, plural, one {# бесплатный скрипт} few {# бесплатных скрипта} many {# бесплатных скриптов} other {# бесплатного скрипта}} {name} для игр Roblox: готовые строки загрузки, регулярные обновления.',
} as const satisfies Shape<typeof spec.typesMeta>;

/** /ru/types. */
const typeList = {
  heading: 'Типы скриптов',
  intro: 'Что бы вы ни хотели автоматизировать или улучшить, для этого есть свой тип скриптов. Откройте тип, чтобы увидеть его скрипты.',
  listLabel: 'Типы скриптов',
  empty: 'Типов скриптов пока нет',
} as const satisfies Shape<typeof spec.typeList>;

/** /ru/types/{slug}. */
const typePage = {
  allTypes: 'Все типы скриптов',
  heading: 'Скрипты: {name}',
  intro: 'Скрипты Roblox типа «{name}» со всеми фильтрами и сортировками каталога.',
  scriptCount: '{n, plural, one {# скрипт} few {# скрипта} many {# скриптов} other {# скрипта}}',
  noScripts: 'Скриптов типа «{name}» пока нет',
  noScriptsHint: 'Скрипты появятся здесь, когда модераторы отметят их этим типом.',
  notFound: {
    title: 'Тип скриптов не найден',
    text: 'По этому адресу нет типа скриптов.',
    back: 'Все типы скриптов',
  },
} as const satisfies Shape<typeof spec.typePage>;

export const ru = { typeChips, typesMeta, typeList, typePage } satisfies Shape<typeof spec>;
