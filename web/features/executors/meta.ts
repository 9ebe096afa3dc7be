import type { MetaDescriptor } from 'react-router';
import type { ExecutorDetail } from '../../../contract/executors.ts';
import { formatMessage, type Reading } from '../../../contract/i18n.ts';
import type { Messages } from '../../i18n/catalogue.ts';
import { collectionMeta } from '../games/meta.ts';
import { EXECUTORS_PATH, executorPath } from './links.ts';

// Built by the pages' loaders on the server, and handed to `meta` with the data, as the script page's
// are (docs/decisions/0017-public-page-javascript-budget.md#the-script-pages-head-tags-come-with-its-data): the builder stays out of the
// pages' JavaScript. The texts are the page's reading's (docs/decisions/0045-languages.md).

export interface ExecutorsMetaContext {
  origin: string;
  siteName: string;
  reading: Reading;
  /** The reading's head texts: `messagesFor(reading).executorsMeta`. */
  texts: Messages['executorsMeta'];
}

/** /executors: title, description, canonical, Open Graph and a CollectionPage listing every executor. */
export function executorsListMeta(executors: readonly { name: string; slug: string }[], { origin, siteName, reading, texts }: ExecutorsMetaContext): MetaDescriptor[] {
  return collectionMeta({
    name: texts.listTitle,
    description: texts.description,
    origin,
    reading,
    path: EXECUTORS_PATH,
    siteName,
    items: executors.map((executor) => ({ name: executor.name, path: executorPath(executor.slug) })),
  });
}

/**
 * /executors/{slug}: the same tags, its CollectionPage listing the cards shown; a search or a filtered
 * list is followed, not indexed, its canonical the executor's page.
 */
export function executorPageMeta(
  executor: ExecutorDetail,
  cards: readonly { playsname: string; path: string }[],
  { origin, siteName, reading, texts, narrowed }: ExecutorsMetaContext & { narrowed: boolean },
): MetaDescriptor[] {
  const { name } = executor;
  return collectionMeta({
    name: formatMessage(reading, texts.pageTitle, { name }),
    description: formatMessage(reading, texts.pageDescription, { name, status: texts.statusWords[executor.status], n: executor.scripts }),
    origin,
    reading,
    path: executorPath(executor.slug),
    siteName,
    items: cards.map((card) => ({ name: card.playsname, path: card.path })),
    noindex: narrowed,
  });
}
