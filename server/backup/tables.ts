/**
 * Which tables a backup holds and how a restore loads them (docs/decisions/0023-backups.md). The order is
 * the restore's: a table comes after every table it references.
 */
export interface BackedUpTable {
  name: string;
  /** The primary key: rows are written in its order. */
  key: string[];
  /** An `id` column numbered by the database (AUTOINCREMENT / identity): its counter is restored too. */
  identity?: boolean;
  /**
   * How the archive's rows land. `insert`: plain rows. `replace`: counts kept by triggers, which the
   * inserted scripts already moved; the snapshot's own rows replace them. `upsert`: named counters the
   * migrations create; the snapshot's values overwrite them.
   */
  load: 'insert' | 'replace' | 'upsert';
}

export const BACKED_UP_TABLES: readonly BackedUpTable[] = [
  { name: 'moderators', key: ['id'], identity: true, load: 'insert' },
  { name: 'admins', key: ['id'], identity: true, load: 'insert' },
  { name: 'games', key: ['id'], identity: true, load: 'insert' },
  { name: 'executors', key: ['id'], identity: true, load: 'insert' },
  { name: 'scripts', key: ['id'], identity: true, load: 'insert' },
  { name: 'script_executors', key: ['script_id', 'executor_id'], load: 'insert' },
  { name: 'script_executor_votes', key: ['script_id', 'executor_id', 'visitor_hash'], load: 'insert' },
  { name: 'script_versions', key: ['script_id', 'version'], load: 'insert' },
  { name: 'script_channels', key: ['id'], identity: true, load: 'insert' },
  { name: 'script_votes', key: ['script_id', 'visitor_hash'], load: 'insert' },
  { name: 'script_daily_views', key: ['script_id', 'day'], load: 'insert' },
  { name: 'site_channels', key: ['id'], identity: true, load: 'insert' },
  { name: 'blocked_domains', key: ['id'], identity: true, load: 'insert' },
  { name: 'reports', key: ['id'], identity: true, load: 'insert' },
  { name: 'audit_log', key: ['id'], identity: true, load: 'insert' },
  { name: 'search_misses', key: ['query', 'day'], load: 'insert' },
  { name: 'catalogue_counts', key: ['name'], load: 'upsert' },
  { name: 'script_facets', key: ['game_id', 'universal', 'key_system', 'patched', 'verified', 'pc', 'mobile'], load: 'replace' },
  { name: 'executor_facets', key: ['executor_id', 'game_id', 'universal', 'key_system', 'patched', 'verified', 'pc', 'mobile'], load: 'replace' },
];

/**
 * Tables left out of a backup, and why. `images` is not a table of the archive: the images the
 * snapshot's scripts and games name are its own records, whichever storage held them.
 */
export const SKIPPED_TABLES: Readonly<Record<string, string>> = {
  images: 'kept as image records (the referenced ones), whichever storage held them',
  sessions: 'staff log in again after a restore; tokens are not carried to another database',
  login_failures: 'the login throttle: minutes of memory',
  idempotency_keys: 'answers kept 24 hours for clients retrying a create or a vote; a restored catalogue is a new history',
  script_view_marks: 'one view per visitor a day: a day of memory',
  script_vote_changes: 'the hourly vote limit: an hour of memory',
  catalogue_changes: 'SQLite journal between processes: read within seconds',
};

/** Tables the database or its tools own: migrations' bookkeeping, SQLite's internals, the FTS5 indexes the triggers rebuild. */
const INTERNAL = [/^kysely_migration/, /^sqlite_/, /^scripts_search($|_)/, /^scripts_grams($|_)/];

/** Every table of the database is backed up, skipped or internal; a new one must be classified here before a backup runs. */
export function unclassifiedTables(names: string[]): string[] {
  const known = new Set([...BACKED_UP_TABLES.map((table) => table.name), ...Object.keys(SKIPPED_TABLES)]);
  return names.filter((name) => !known.has(name) && !INTERNAL.some((pattern) => pattern.test(name)));
}

export function backedUpTable(name: string): BackedUpTable | undefined {
  return BACKED_UP_TABLES.find((table) => table.name === name);
}
