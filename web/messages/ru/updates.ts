import type { Shape } from '../shape.ts';
import type { loaderUpdates as specLoaderUpdates, scriptFeed as specScriptFeed } from '../updates.ts';

/** Loader updates, wholly Russian (`/ru/…`): the cards' and script page's line, and the script's feed. */
export const loaderUpdates = {
  updated: 'Загрузчик обновлён',
  ago: '{days, plural, =0 {сегодня} =1 {вчера} one {# день назад} few {# дня назад} many {# дней назад} other {# дня назад}}',
  addedHigh: 'Обновление добавило находку высокого риска',
} as const satisfies Shape<typeof specLoaderUpdates>;

export const scriptFeed = {
  title: (name: string) => `${name}: обновления загрузчика`,
  entryTitle: (version: number) => `Версия ${version}`,
  noChanges: 'Загрузчик делает то же, что и раньше',
} as const satisfies Shape<typeof specScriptFeed>;
