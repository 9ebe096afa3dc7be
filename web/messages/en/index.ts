/** The public pages' catalogue, wholly English (`/en/…`): the shape of the specification's (web/messages/public.ts). */
import type { Messages } from '../public.ts';
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
import { subscribe } from './subscribe.ts';
import { subscriptions } from './subscriptions.ts';
import { loaderUpdates, scriptFeed } from './updates.ts';
import { votes } from './votes.ts';

export const enMessages = {
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
} satisfies Messages;
