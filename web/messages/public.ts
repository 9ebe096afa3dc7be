/**
 * The public pages' catalogue in the specification's reading: every area in one object, whose shape every
 * other reading's (web/messages/en/, web/messages/ru/) must have (docs/decisions/0045-languages.md). Imported
 * only on the server (web/messages/catalogues.server.ts): pages get their reading's messages as loader
 * data, so no catalogue ships as JavaScript.
 */
import { catalogue } from './catalogue.ts';
import { channelGate } from './channel-gate.ts';
import { common } from './common.ts';
import { compatibility } from './compatibility.ts';
import { detail, detailMeta, footerTexts, historyTexts } from './detail.ts';
import { executorList } from './executor-list.ts';
import { executorPage } from './executor-page.ts';
import { executorFacts, executorsMeta } from './executors.ts';
import { favourites } from './favourites.ts';
import { games } from './games.ts';
import { loaderReport } from './loader-report.ts';
import { report } from './report.ts';
import { scriptsPage } from './scripts-page.ts';
import type { Shape } from './shape.ts';
import { subscribe } from './subscribe.ts';
import { subscriptions } from './subscriptions.ts';
import { loaderUpdates, scriptFeed } from './updates.ts';
import { votes } from './votes.ts';

export const specMessages = {
  common,
  catalogue,
  scriptsPage,
  loaderUpdates,
  scriptFeed,
  detail,
  detailMeta,
  footerTexts,
  historyTexts,
  subscriptions,
  channelGate,
  compatibility,
  report,
  votes,
  loaderReport,
  executorList,
  executorPage,
  executorFacts,
  executorsMeta,
  favourites,
  games,
  subscribe,
};

/** Every reading's catalogue has this shape: a key one reading lacks, or has extra, fails typecheck. */
export type Messages = Shape<typeof specMessages>;

/** Areas written into HTML on the server only (feeds, the script page's facts, FAQ, history and loader report): never in loader data. */
export const SERVER_ONLY_AREAS = ['footerTexts', 'historyTexts', 'loaderReport', 'scriptFeed', 'detailMeta'] as const;

/** What a page's components read from context: its reading's catalogue without the server's own areas. */
export type PageMessages = Omit<Messages, (typeof SERVER_ONLY_AREAS)[number]>;
