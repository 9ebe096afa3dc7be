import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../shared/config.ts';
import { tryLock } from './lock.ts';
import { writeBackup } from './writer.ts';

/** How often a process asks whether a snapshot is due (at most); a day's snapshot comes at most this late. */
const CHECK_MS = 10 * 60_000;
/** The first look after a start: a process that only runs for minutes (a test, a benchmark's server, a failed start) takes none. */
const FIRST_CHECK_MS = CHECK_MS;
/** Leftovers of a crashed backup (temporary archives, staging folders) older than this are removed. */
const LEFTOVER_MS = 24 * 60 * 60_000;

const SNAPSHOT = /^catalogue-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)\.jsonl\.gz$/;
const LOCK = '.lock';

export type BackupRun = 'off' | 'not-due' | 'busy' | 'written';

export interface BackupScheduleOptions {
  dir: string;
  keep: number;
  /** 0: no snapshots. */
  intervalMs: number;
  /** Writes one snapshot to `file` (writer.ts in the server). */
  write: (file: string, signal: AbortSignal) => Promise<unknown>;
  log: { info(message: string): void; error(object: unknown, message: string): void };
  /** The wall clock (epoch ms). */
  now?: () => number;
}

/**
 * The embedded database's scheduled snapshots in DATA_DIR/backups (docs/decisions/0023-backups.md). Every
 * server process runs one; a snapshot is due when the newest is older than the interval, and the
 * process that takes `backups/.lock` (lock.ts) writes it, so with WORKERS > 1 exactly one does,
 * and checks again under the lock so a snapshot another process just finished is not taken twice.
 */
export class BackupScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<BackupRun> | undefined;
  private readonly abort = new AbortController();
  private readonly now: () => number;

  constructor(private readonly options: BackupScheduleOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Looks now and then until stop(); the timers never keep the process alive. */
  start(): void {
    if (this.options.intervalMs <= 0 || this.timer) return;
    const every = Math.min(CHECK_MS, this.options.intervalMs);
    const tick = () => {
      void this.runIfDue().catch((error: unknown) => this.options.log.error({ err: error }, 'scheduled backup failed'));
      this.timer = setTimeout(tick, every);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, Math.min(FIRST_CHECK_MS, every));
    this.timer.unref();
  }

  /** Stops looking and abandons a snapshot in progress (its temporary file goes). */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  /** One look: takes a snapshot if one is due and no other process is taking it. */
  async runIfDue(): Promise<BackupRun> {
    if (this.options.intervalMs <= 0) return 'off';
    if (this.running || this.abort.signal.aborted) return 'busy';
    this.running = this.run();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  private async run(): Promise<BackupRun> {
    if (!(await this.isDue())) return 'not-due';
    await fs.mkdir(this.options.dir, { recursive: true });
    const lock = await tryLock(path.join(this.options.dir, LOCK));
    if (!lock) return 'busy';
    try {
      if (!(await this.isDue())) return 'not-due';
      await this.removeLeftovers();
      const file = path.join(this.options.dir, snapshotName(this.now()));
      const started = Date.now();
      await this.options.write(file, this.abort.signal);
      this.options.log.info(`Backup written to ${file} in ${Date.now() - started} ms`);
      await this.prune();
      return 'written';
    } finally {
      await lock.release();
    }
  }

  private async isDue(): Promise<boolean> {
    const newest = (await this.snapshots())[0];
    if (!newest) return true;
    // A little early rather than a check period late: snapshots stay on their interval.
    const slack = Math.min(60_000, this.options.intervalMs / 10);
    return this.now() - newest.at >= this.options.intervalMs - slack;
  }

  /** The snapshots in the folder, newest first. */
  async snapshots(): Promise<{ name: string; at: number }[]> {
    const names = await fs.readdir(this.options.dir).catch(() => [] as string[]);
    return names
      .flatMap((name) => {
        const stamp = SNAPSHOT.exec(name)?.[1];
        if (!stamp) return [];
        return [{ name, at: Date.parse(stamp.replace(/T(\d\d)-(\d\d)-(\d\d)Z$/, 'T$1:$2:$3Z')) }];
      })
      .sort((a, b) => b.at - a.at);
  }

  private async prune(): Promise<void> {
    for (const old of (await this.snapshots()).slice(this.options.keep)) await fs.rm(path.join(this.options.dir, old.name), { force: true });
  }

  private async removeLeftovers(): Promise<void> {
    for (const name of await fs.readdir(this.options.dir)) {
      if (!name.endsWith('.tmp') && !name.startsWith('.staging-')) continue;
      const file = path.join(this.options.dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && Date.now() - stat.mtimeMs > LEFTOVER_MS) await fs.rm(file, { recursive: true, force: true });
    }
  }
}

/** `catalogue-2026-11-27T03-00-00Z.jsonl.gz`: sorts by time, valid on every file system. */
export function snapshotName(at: number): string {
  return `catalogue-${new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-')}.jsonl.gz`;
}

/** Starts the server's snapshots: the embedded database only (PostgreSQL has its own tools), unless BACKUP_INTERVAL_HOURS=0. */
export function scheduleBackups(config: Config, log: BackupScheduleOptions['log']): BackupScheduler | undefined {
  if (config.database.kind !== 'sqlite' || config.backupIntervalMs <= 0) return undefined;
  const scheduler = new BackupScheduler({
    dir: config.backupDir,
    keep: config.backupKeep,
    intervalMs: config.backupIntervalMs,
    write: (file, signal) => writeBackup(config, file, { signal }),
    log,
  });
  scheduler.start();
  return scheduler;
}
