import type { Executor, ExecutorDetail } from './executors.ts';
import type { Game } from './games.ts';
import type { ScriptType, ScriptTypeDetail } from './script-types.ts';
import type { ScriptDetail } from './script-analysis.ts';
import type { Channel, PaginatedQuery, PaginatedScripts } from './scripts.ts';
import type { ScriptVersionSummary } from './versions.ts';

/** Settings the public pages need in the browser; nothing secret goes here. */
export interface PublicSettings {
  siteName: string;
  siteUrl: string;
  timeZone: string;
  telegramUrl: string;
  /** The footer's Developer link; empty when not configured (the link is left out). */
  developerUrl: string;
  videoUrl: string;
  contactEmail: string;
  /** The moderator panel's status poll interval (docs/product.md#moderator-session: 60 s; configurable for tests and operators). */
  moderatorStatusPollMs: number;
}

export interface SitemapSlice {
  total: number;
  /** The name gives the script's URL (`scriptPath`). */
  scripts: { id: number; playsname: string; updatedAt: string }[];
}

/** What React Router loaders read from their context (`web/context.ts`): the service layer, called in-process. */
export type WebLoadContext = {
  settings: PublicSettings;
  catalogue: {
    list(query: PaginatedQuery): Promise<PaginatedScripts>;
    get(id: number): Promise<ScriptDetail | undefined>;
    channels(id: number): Promise<Channel[]>;
    /** The script count and `limit` scripts from `offset` in id order, for one file of /sitemap.xml. */
    sitemap(offset: number, limit: number): Promise<SitemapSlice>;
    /** The script's loader updates, newest first (the History section, the script's feed); null: no script the public may see. */
    versions(id: number, limit: number, offset: number): Promise<ScriptVersionSummary[] | null>;
  };
  /** Every game with its script count, most scripts first; and one by slug. */
  games: {
    list(): Promise<Game[]>;
    bySlug(slug: string): Promise<Game | undefined>;
  };
  /** The executors, working first, then by name; and one by slug with its counts (docs/decisions/0039-executors-and-compatibility.md). */
  executors: {
    list(): Promise<Executor[]>;
    bySlug(slug: string): Promise<ExecutorDetail | undefined>;
  };
  /** The script types in their order; and one by slug with its count (docs/decisions/0063-script-types.md). */
  types: {
    list(): Promise<ScriptType[]>;
    bySlug(slug: string): Promise<ScriptTypeDetail | undefined>;
  };
  /** The /subscribe list (docs/product.md#site-channels). */
  siteChannels(): Promise<Channel[]>;
};
