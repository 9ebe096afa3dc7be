import { useRouteLoaderData } from 'react-router';
import { formatMessage, type MessageValues, type Reading } from '../../contract/i18n.ts';
import { formatCount, formatDate } from '../lib/format.ts';
import type { MatchLike } from '../lib/settings.ts';
import type { PageMessages } from './catalogue.ts';
import { pathIn } from './reading.ts';

/**
 * A public page's messages and its reading's ways with text (docs/decisions/0045-languages.md). The root
 * loader puts the reading's catalogue in its data, so components read it from there and no catalogue
 * ships as JavaScript.
 */
export interface I18n {
  reading: Reading;
  m: PageMessages;
  /** A template of the catalogue with its values: `t(m.common.star, { name })`. */
  t: (template: string, values?: MessageValues) => string;
  /** A site path in this reading: `path('/scripts')` is `/ru/scripts` on a Russian page. */
  path: (path: string) => string;
  date: (iso: string | number, timeZone: string) => string;
  count: (n: number) => string;
}

/** What the root loader gives a public page: its reading and that reading's messages. */
export interface RootI18nData {
  reading: Reading;
  messages: PageMessages | null;
}

const cache = new WeakMap<PageMessages, I18n>();

function i18nOf(reading: Reading, m: PageMessages): I18n {
  let i18n = cache.get(m);
  if (!i18n) {
    i18n = {
      reading,
      m,
      t: (template, values) => formatMessage(reading, template, values),
      path: (path) => pathIn(reading, path),
      date: (iso, timeZone) => formatDate(iso, timeZone, reading),
      count: (n) => formatCount(n, reading),
    };
    cache.set(m, i18n);
  }
  return i18n;
}

/** The page's messages and formatters; throws outside a public page (the panels have their own). */
export function useI18n(): I18n {
  const data = useRouteLoaderData('root') as RootI18nData | undefined;
  if (!data?.messages) throw new Error('public messages missing from the root loader');
  return i18nOf(data.reading, data.messages);
}

/** useI18n for a route's meta function, from its matches; undefined when the root loader failed. */
export function metaI18n(matches: readonly MatchLike[]): I18n | undefined {
  const data = matches.find((match) => match?.id === 'root')?.loaderData as RootI18nData | undefined;
  return data?.messages ? i18nOf(data.reading, data.messages) : undefined;
}
