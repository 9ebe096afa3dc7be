import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** SQLite hands back ISO text, PostgreSQL a Date; presenters normalise both. */
export type Timestamp = ColumnType<Date | string, string, string>;
/** Epoch milliseconds; PostgreSQL's bigint arrives as text. */
export type EpochMs = ColumnType<number | string, number, number>;

export interface ScriptsTable {
  id: Generated<number>;
  playsname: string;
  description: string;
  loadstring: string;
  /** Content hash naming the stored image renditions, or null. */
  image_key: string | null;
  /** Owning moderator; null means the admin owns it. */
  owner_moderator_id: number | null;
  views: Generated<number>;
  /** Lower-cased name and description, the column the substring index covers. */
  search_text: string;
  /** Lower-cased loader text, indexed for the staff tables' search. */
  loadstring_search: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The game it is for; null for none (always null for a universal script). */
  game_id: number | null;
  /** Flags stored as 0 or 1 on both databases. */
  universal: Generated<number>;
  key_system: Generated<number>;
  /** The key page (https:), only with a key system. */
  key_link: string | null;
  patched: Generated<number>;
  /** Set by the admin only. */
  verified: Generated<number>;
  /** Weighted views of the last 7 days (docs/decisions/0011-trending.md), kept by the view flush. */
  trending: Generated<number>;
  /** JSON `{ domains, findings }` of the loader, without the trusted list; null until analysed (docs/decisions/0018-loader-analysis.md#stored-loader-analysis). */
  analysis: string | null;
  /** The stored analysis's worst severity (high, medium, info), or null: the cards' mark. */
  analysis_severity: string | null;
  /** Visitors' votes (docs/decisions/0020-votes.md), moved by the vote flush. */
  likes: Generated<number>;
  dislikes: Generated<number>;
  works_yes: Generated<number>;
  works_no: Generated<number>;
  /** Lower bound of the Wilson interval of likes among likes and dislikes (z = 1.96), 0 without votes. */
  rating: Generated<number>;
  /** When staff last marked it working or patched: "doesn't work" votes count only after it (epoch ms). */
  works_checked_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** 1: out of every public read, still shown to staff (docs/decisions/0021-hidden-scripts-and-reports.md#hidden-scripts). */
  hidden: Generated<number>;
  /** The platforms of the executors it works on, a bit set (contract/executors.ts PLATFORM_BITS); written with script_executors. */
  platforms: Generated<number>;
  /** The loader's current version (docs/decisions/0044-loader-versions.md): 1 when created, one more per save that changed it. */
  version: Generated<number>;
  /** When a save last changed the loader; null while version 1. */
  loader_changed_at: Timestamp | null;
  /** 1: the latest loader update added a high finding. */
  update_added_high: Generated<number>;
}

/** One version of a script's loader (docs/decisions/0044-loader-versions.md). */
export interface ScriptVersionsTable {
  script_id: number;
  version: number;
  created_at: Timestamp;
  /** The staff account that saved it, as the moderation log names it; null: the migration, the demo, a backfill. */
  saved_by: string | null;
  loadstring: string;
  /** The stored analysis JSON, as `scripts.analysis` keeps it. */
  analysis: string | null;
  /** JSON `{ added, removed, hostsAdded, hostsRemoved }`: finding codes and hosts against the version before. */
  changes: string;
}

/** The admin's executors (docs/decisions/0039-executors-and-compatibility.md). */
export interface ExecutorsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  /** Bit set: 1 windows, 2 mac, 4 android, 8 ios. */
  platforms: number;
  status: 'working' | 'updating' | 'patched' | 'discontinued';
  version: string | null;
  website: string | null;
  free: number;
  status_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One script on one executor: staff's tested mark, the works answers of the window, `works` (computed:
 * tested, or more yes than no), and copies of the script's facets kept by a trigger on scripts.
 */
export interface ScriptExecutorsTable {
  script_id: number;
  executor_id: number;
  tested: Generated<number>;
  works_yes: Generated<number>;
  works_no: Generated<number>;
  works: ColumnType<number, never, never>;
  game_id: Generated<number>;
  universal: Generated<number>;
  key_system: Generated<number>;
  patched: Generated<number>;
  verified: Generated<number>;
  hidden: Generated<number>;
  platforms: Generated<number>;
}

/** One visitor's works answer for a script on an executor; `counted` while inside the window's counts. */
export interface ScriptExecutorVotesTable {
  script_id: number;
  executor_id: number;
  visitor_hash: string;
  works: number;
  works_at: EpochMs;
  counted: Generated<number>;
}

/** How many visible scripts work on each executor, per game (0: none), flags and platform side, kept by triggers. */
export interface ExecutorFacetsTable extends ScriptFacetsTable {
  executor_id: number;
}

/** The admin's script types (docs/decisions/0063-script-types.md): a name in each reading, a slug, a place in the list. */
export interface ScriptTypesTable {
  id: Generated<number>;
  slug: string;
  /** The specification's reading (English words, as the SEO page names them). */
  name: string;
  name_en: string;
  name_ru: string;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One of a script's types, with copies of the script's facets kept by triggers (the migration fills them). */
export interface ScriptTypeLinksTable {
  script_id: number;
  type_id: number;
  position: Generated<number>;
  game_id: Generated<number>;
  universal: Generated<number>;
  key_system: Generated<number>;
  patched: Generated<number>;
  verified: Generated<number>;
  hidden: Generated<number>;
  platforms: Generated<number>;
}

/** How many visible scripts have each type, per game (0: none), flags and platform side, kept by triggers. */
export interface TypeFacetsTable extends ScriptFacetsTable {
  type_id: number;
}

export interface GamesTable {
  id: Generated<number>;
  name: string;
  /** The name folded (lower case, NFC): unique. */
  name_key: string;
  slug: string;
  /** Roblox place id, digits, or null. */
  place_id: string | null;
  /** Content hash naming the icon's stored renditions, or null. */
  icon_key: string | null;
  created_at: Timestamp;
}

/** Views counted per script and UTC day (days since 1970-01-01); 90 days kept. */
export interface ScriptDailyViewsTable {
  script_id: number;
  day: number;
  views: number;
}

/** Runs per script and UTC day: fetches of `/raw/{id}`, one per address a day (issue 38, written by the run flush; 90 days kept). */
export interface ScriptRunsDailyTable {
  script_id: number;
  day: number;
  runs: number;
}

/** Who ran which script on which day (a hashed address group): a run counts once per address a day, across processes; two days kept. */
export interface ScriptRunMarksTable {
  day: number;
  script_id: number;
  visitor_hash: string;
}

/** How many scripts each combination of game (0: none) and flags has, kept by triggers. */
export interface ScriptFacetsTable {
  game_id: number;
  universal: number;
  key_system: number;
  patched: number;
  verified: number;
  /** 1 when the scripts work on windows or mac; mobile: on android or ios. */
  pc: number;
  mobile: number;
  scripts: number;
}

/** Searches that found nothing, folded, counted per UTC day; no visitor data. */
export interface SearchMissesTable {
  query: string;
  day: number;
  searches: number;
}

/** One visitor's votes on one script: 1 like / -1 dislike, 1 works / 0 doesn't, null none; when each was set. */
export interface ScriptVotesTable {
  script_id: number;
  visitor_hash: string;
  vote: number | null;
  works: number | null;
  vote_at: ColumnType<number | string | null, number | null, number | null>;
  works_at: ColumnType<number | string | null, number | null, number | null>;
  /** The voter's /56 and /48, hashed; null for IPv4 (docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md). */
  network56: ColumnType<string | null, string | null | undefined, string | null>;
  network48: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per stored vote change: the vote limit's shared count (docs/decisions/0020-votes.md). */
export interface ScriptVoteChangesTable {
  visitor_hash: string;
  changed_at: EpochMs;
}

export interface ScriptChannelsTable {
  id: Generated<number>;
  script_id: number;
  name: string;
  url: string;
  position: number;
}

export interface ModeratorsTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  password_hash: string;
  created_at: Timestamp;
}

export interface AdminsTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  password_hash: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  role: 'admin' | 'moderator';
  admin_id: number | null;
  moderator_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface SiteChannelsTable {
  id: Generated<number>;
  name: string;
  url: string;
  position: number;
  created_at: Timestamp;
}

/** Last counted view per visitor and script, so a view counts once per 24 hours. */
export interface ScriptViewMarksTable {
  visitor_hash: string;
  script_id: number;
  counted_at: EpochMs;
}

export interface LoginFailuresTable {
  /**
   * `<role>:pair:["<lower-cased name>","<address>"]`, `<role>:ip:<address>` or `<role>:user:<lower-cased name>`;
   * an IPv6 address counts as its /64 network.
   */
  throttle_key: string;
  failed_at: EpochMs;
  /** The attempt that wrote the row (one row per key); null for rows older than attempts. */
  attempt_id: string | null;
}

/** Counts kept by triggers (`scripts`: how many scripts there are). */
export interface CatalogueCountsTable {
  name: string;
  value: ColumnType<number | string, number, number>;
}

/** SQLite only: the changes other processes read (server/db/change-feed.ts); the newest 1,000 are kept. */
export interface CatalogueChangesTable {
  id: Generated<number>;
  /** The process that wrote it (a random id per process). */
  origin: string;
  kind: 'script' | 'site-channels' | 'games' | 'all';
  script_id: number | null;
}

/** A visitor's report of a script (docs/decisions/0021-hidden-scripts-and-reports.md#reports); it keeps the script's name after the script is deleted. */
export interface ReportsTable {
  id: Generated<number>;
  script_id: number;
  script_name: string;
  reason: 'malware' | 'broken' | 'stolen' | 'spam' | 'other';
  details: string;
  /** The view counter's visitor hash: the per-visitor limit, never shown. */
  visitor_hash: string;
  state: Generated<'open' | 'resolved'>;
  decision: 'dismiss' | 'hide' | 'delete' | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  /** The staff member's username; null when a script was deleted outside the review queue. */
  decided_by: string | null;
  /** The reporter's /56 and /48, hashed; null for IPv4 (docs/decisions/0048-wider-address-groups-and-a-bound-on-cold-renders.md). */
  network56: ColumnType<string | null, string | null | undefined, string | null>;
  network48: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Image renditions when IMAGE_STORAGE=database, by content-hash key. */
export interface ImagesTable {
  key: string;
  detail: Buffer;
  card: Buffer;
  created_at: Timestamp;
}

/** The moderation log: inserted only, never edited or deleted (the database refuses both). */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_role: 'admin' | 'moderator';
  actor_id: number;
  actor_name: string;
  action: string;
  object_type: string;
  object_id: number | null;
  object_label: string | null;
  /** JSON text of the entry's changes. */
  changes: string | null;
}

/** The admin's domains (docs/decisions/0018-loader-analysis.md#blocked-and-trusted-domains): a loader fetching from a blocked one is refused; a trusted one's code is information only. */
export interface BlockedDomainsTable {
  id: Generated<number>;
  /** Lower case, without `www.`: unique. */
  domain: string;
  /** 1: trusted; 0: blocked. */
  trusted: number;
  created_at: Timestamp;
}

/** An `Idempotency-Key`'s answer (docs/decisions/0050-idempotent-creates-and-votes-and-the-log-inside-the-write.md). */
export interface IdempotencyKeysTable {
  /** SHA-256 (hex) of the caller's scope, the route and the key. */
  key_hash: string;
  /** SHA-256 (hex) of the request's parameters and body. */
  fingerprint: string;
  status: number;
  /** The answer's JSON. */
  body: string;
  /** Epoch milliseconds. */
  created_at: number;
}

export interface Database {
  scripts: ScriptsTable;
  script_channels: ScriptChannelsTable;
  moderators: ModeratorsTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  site_channels: SiteChannelsTable;
  script_view_marks: ScriptViewMarksTable;
  login_failures: LoginFailuresTable;
  catalogue_counts: CatalogueCountsTable;
  catalogue_changes: CatalogueChangesTable;
  images: ImagesTable;
  games: GamesTable;
  script_daily_views: ScriptDailyViewsTable;
  search_misses: SearchMissesTable;
  script_facets: ScriptFacetsTable;
  audit_log: AuditLogTable;
  blocked_domains: BlockedDomainsTable;
  script_votes: ScriptVotesTable;
  script_vote_changes: ScriptVoteChangesTable;
  reports: ReportsTable;
  executors: ExecutorsTable;
  script_executors: ScriptExecutorsTable;
  script_executor_votes: ScriptExecutorVotesTable;
  executor_facets: ExecutorFacetsTable;
  script_types: ScriptTypesTable;
  script_type_links: ScriptTypeLinksTable;
  type_facets: TypeFacetsTable;
  script_versions: ScriptVersionsTable;
  idempotency_keys: IdempotencyKeysTable;
  script_runs_daily: ScriptRunsDailyTable;
  script_run_marks: ScriptRunMarksTable;
}

export type ScriptRow = Selectable<ScriptsTable>;
export type NewScriptRow = Insertable<ScriptsTable>;
export type GameRow = Selectable<GamesTable>;
export type BlockedDomainRow = Selectable<BlockedDomainsTable>;
export type ReportRow = Selectable<ReportsTable>;
export type ExecutorRow = Selectable<ExecutorsTable>;
export type ScriptExecutorRow = Selectable<ScriptExecutorsTable>;
export type ScriptTypeRow = Selectable<ScriptTypesTable>;
export type ScriptVersionRow = Selectable<ScriptVersionsTable>;
export type ChannelRow = Selectable<ScriptChannelsTable>;
export type SiteChannelRow = Selectable<SiteChannelsTable>;
export type ModeratorRow = Selectable<ModeratorsTable>;
export type AdminRow = Selectable<AdminsTable>;
export type SessionRow = Selectable<SessionsTable>;
