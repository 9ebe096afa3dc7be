import type { MetaDescriptor } from 'react-router';
import type { ExecutorDetail } from '../../../contract/executors.ts';
import { executorsMeta as t } from '../../messages/executors.ts';
import { collectionMeta } from '../games/meta.ts';
import { EXECUTORS_PATH, executorPath } from './links.ts';

// Built by the pages' loaders on the server, and handed to `meta` with the data, as the script page's
// are (docs/decisions.md#the-script-pages-head-tags-come-with-its-data): the builder and these texts
// stay out of the pages' JavaScript.

/** /executors: title, description, canonical, Open Graph and a CollectionPage listing every executor. */
export function executorsListMeta(executors: readonly { name: string; slug: string }[], origin: string, siteName: string): MetaDescriptor[] {
  return collectionMeta({
    name: t.listTitle,
    description: t.description,
    origin,
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
  { origin, siteName, narrowed }: { origin: string; siteName: string; narrowed: boolean },
): MetaDescriptor[] {
  return collectionMeta({
    name: t.pageTitle(executor.name),
    description: t.pageDescription(executor.name, executor.status, executor.scripts),
    origin,
    path: executorPath(executor.slug),
    siteName,
    items: cards.map((card) => ({ name: card.playsname, path: card.path })),
    noindex: narrowed,
  });
}
