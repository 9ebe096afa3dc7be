import type { MetaDescriptor } from 'react-router';
import { formatMessage, type Reading } from '../../../contract/i18n.ts';
import type { Messages } from '../../i18n/catalogue.ts';
import { collectionMeta } from '../games/meta.ts';
import { TYPES_PATH, typePath } from './links.ts';
import type { TypeChoice } from './names.ts';

// Built by the pages' loaders on the server and handed to `meta` with the data, as the executor pages'
// are: the builder stays out of the pages' JavaScript; the texts are the page's reading's.

export interface TypesMetaContext {
  origin: string;
  siteName: string;
  reading: Reading;
  /** The reading's head texts: `messagesFor(reading).typesMeta`. */
  texts: Messages['typesMeta'];
}

/** /types: title, description, canonical, hreflang, Open Graph and a CollectionPage listing every type. */
export function typesListMeta(types: readonly TypeChoice[], { origin, siteName, reading, texts }: TypesMetaContext): MetaDescriptor[] {
  return collectionMeta({
    name: texts.listTitle,
    description: texts.description,
    origin,
    reading,
    path: TYPES_PATH,
    siteName,
    items: types.map((type) => ({ name: type.name, path: typePath(type.slug) })),
  });
}

/** /types/{slug}: the same tags, its CollectionPage listing the cards shown; a search or filtered list is followed, not indexed. */
export function typePageMeta(
  type: TypeChoice & { scripts: number },
  cards: readonly { playsname: string; path: string }[],
  { origin, siteName, reading, texts, narrowed }: TypesMetaContext & { narrowed: boolean },
): MetaDescriptor[] {
  const { name } = type;
  return collectionMeta({
    name: formatMessage(reading, texts.pageTitle, { name }),
    description: formatMessage(reading, texts.pageDescription, { name, n: type.scripts }),
    origin,
    reading,
    path: typePath(type.slug),
    siteName,
    items: cards.map((card) => ({ name: card.playsname, path: card.path })),
    noindex: narrowed,
  });
}
