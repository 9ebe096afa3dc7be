/**
 * The public pages' catalogue in each reading (docs/decisions/0059-texts-one-convention.md): every feature's `texts/`
 * folder gives its areas in the specification's reading (`spec.ts`), English (`en.ts`) and Russian
 * (`ru.ts`), each of its `spec.ts`'s shape, and this file puts them side by side. A new area is its
 * feature's three files and a line in each list below. Imported by value only on the server
 * (catalogues.server.ts): pages get their reading's messages as loader data, so no catalogue ships as
 * JavaScript.
 */
import { spec as shell } from '../components/layout/texts/spec.ts';
import { en as shellEn } from '../components/layout/texts/en.ts';
import { ru as shellRu } from '../components/layout/texts/ru.ts';
import { spec as catalogue } from '../features/catalogue/texts/spec.ts';
import { en as catalogueEn } from '../features/catalogue/texts/en.ts';
import { ru as catalogueRu } from '../features/catalogue/texts/ru.ts';
import { spec as executors } from '../features/executors/texts/spec.ts';
import { en as executorsEn } from '../features/executors/texts/en.ts';
import { ru as executorsRu } from '../features/executors/texts/ru.ts';
import { spec as favourites } from '../features/favourites/texts/spec.ts';
import { en as favouritesEn } from '../features/favourites/texts/en.ts';
import { ru as favouritesRu } from '../features/favourites/texts/ru.ts';
import { spec as games } from '../features/games/texts/spec.ts';
import { en as gamesEn } from '../features/games/texts/en.ts';
import { ru as gamesRu } from '../features/games/texts/ru.ts';
import { spec as detail } from '../features/script-detail/texts/spec.ts';
import { en as detailEn } from '../features/script-detail/texts/en.ts';
import { ru as detailRu } from '../features/script-detail/texts/ru.ts';
import { spec as scriptTypes } from '../features/script-types/texts/spec.ts';
import { en as scriptTypesEn } from '../features/script-types/texts/en.ts';
import { ru as scriptTypesRu } from '../features/script-types/texts/ru.ts';
import { spec as subscriptions } from '../features/subscriptions/texts/spec.ts';
import { en as subscriptionsEn } from '../features/subscriptions/texts/en.ts';
import { ru as subscriptionsRu } from '../features/subscriptions/texts/ru.ts';
import type { Shape } from '../lib/shape.ts';

export const specMessages = {
  ...shell,
  ...catalogue,
  ...detail,
  ...subscriptions,
  ...executors,
  ...favourites,
  ...games,
  ...scriptTypes,
};

/** Every reading's catalogue has this shape: a key one reading lacks, or has extra, fails typecheck. */
export type Messages = Shape<typeof specMessages>;

export const enMessages = {
  ...shellEn,
  ...catalogueEn,
  ...detailEn,
  ...subscriptionsEn,
  ...executorsEn,
  ...favouritesEn,
  ...gamesEn,
  ...scriptTypesEn,
} satisfies Messages;

export const ruMessages = {
  ...shellRu,
  ...catalogueRu,
  ...detailRu,
  ...subscriptionsRu,
  ...executorsRu,
  ...favouritesRu,
  ...gamesRu,
  ...scriptTypesRu,
} satisfies Messages;

/** Areas written into HTML on the server only (feeds, the script page's facts, FAQ, history and loader report): never in loader data. */
export const SERVER_ONLY_AREAS = ['footerTexts', 'historyTexts', 'loaderReport', 'scriptFeed', 'detailMeta'] as const;

/** What a page's components read from context: its reading's catalogue without the server's own areas. */
export type PageMessages = Omit<Messages, (typeof SERVER_ONLY_AREAS)[number]>;
