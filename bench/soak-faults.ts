import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { fixed } from './stats.ts';

/**
 * The soak's fault injection (issue 24's "Done when"): every few minutes a kill -9 of one worker, a
 * termination of the app's database connections and a burst of the attacks the site must survive.
 * A failure (5xx or no answer) is allowed only inside a fault's window: from the fault until the next
 * one, and each window's length (fault → its last failure) is reported.
 */

/** A failure later than this after the latest fault counts as outside every fault window. */
const WINDOW_MS = 60_000;

export interface FaultWindow {
  name: string;
  startedMs: number;
  failures: number;
  lastFailureMs: number;
}

export class FaultLog {
  readonly windows: FaultWindow[] = [];
  outside = 0;

  constructor(private readonly started: number) {}

  now(): number {
    return performance.now() - this.started;
  }

  begin(name: string): void {
    this.windows.push({ name, startedMs: this.now(), failures: 0, lastFailureMs: 0 });
  }

  /** Counts a failure against the latest fault's window; true when it lies inside one. */
  failure(): boolean {
    const at = this.now();
    const window = this.windows.at(-1);
    if (!window || at - window.startedMs > WINDOW_MS) {
      this.outside += 1;
      return false;
    }
    window.failures += 1;
    window.lastFailureMs = at;
    return true;
  }

  report(): void {
    if (this.windows.length === 0) return;
    console.log('\n| fault | at s | failures | window s (fault → last failure) |\n|---|---:|---:|---:|');
    for (const window of this.windows) {
      const length = window.failures === 0 ? 0 : (window.lastFailureMs - window.startedMs) / 1000;
      console.log(`| ${window.name} | ${fixed(window.startedMs / 1000, 0)} | ${window.failures} | ${fixed(length, 2)} |`);
    }
    console.log(`Failures outside every fault window: ${this.outside}`);
  }
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

function rssKb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Watches each instance's serving processes (a primary's workers, or the process itself when it runs
 * alone): their resident memory's peak per minute, and any that vanished without the soak killing it.
 */
export class WorkerWatch {
  private readonly known = new Map<number, string>();
  private readonly killed = new Set<number>();
  readonly unexpectedDeaths: string[] = [];
  /** Per minute: the peak RSS in kB of each worker, by its label. */
  readonly minutes: Map<string, number>[] = [new Map()];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly primaries: number[]) {}

  /** The serving processes of one instance. */
  workers(instance: number): number[] {
    const primary = this.primaries[instance] as number;
    const children = childrenOf(primary);
    return children.length > 0 ? children : [primary];
  }

  start(): void {
    const sample = () => {
      const alive = new Set<number>();
      for (const [instance] of this.primaries.entries()) {
        for (const pid of this.workers(instance)) {
          alive.add(pid);
          const label = `instance ${instance + 1} pid ${pid}`;
          this.known.set(pid, label);
          const kb = rssKb(pid);
          const minute = this.minutes.at(-1) as Map<string, number>;
          if (kb !== undefined) minute.set(label, Math.max(minute.get(label) ?? 0, kb));
        }
      }
      for (const [pid, label] of this.known) {
        if (alive.has(pid)) continue;
        this.known.delete(pid);
        if (!this.killed.has(pid)) this.unexpectedDeaths.push(label);
      }
    };
    sample();
    this.timer = setInterval(sample, 500);
  }

  nextMinute(): void {
    this.minutes.push(new Map());
  }

  /** kill -9 of one worker of the given instance; the label of the one killed. */
  killOne(instance: number): string {
    const workers = this.workers(instance);
    const pid = workers[Math.floor(Math.random() * workers.length)] as number;
    this.killed.add(pid);
    process.kill(pid, 'SIGKILL');
    return `instance ${instance + 1} pid ${pid}`;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  report(): void {
    console.log('\nPeak RSS per worker per minute (MB):');
    for (const [index, minute] of this.minutes.entries()) {
      if (minute.size === 0) continue;
      const cells = [...minute].map(([label, kb]) => `${label.replace('instance ', 'i').replace(' pid ', ':')} ${fixed(kb / 1024, 0)}`);
      console.log(`  minute ${index + 1}: ${cells.join(', ')}`);
    }
    console.log(`Workers that died without the soak killing them: ${this.unexpectedDeaths.length}${this.unexpectedDeaths.length ? ` (${this.unexpectedDeaths.join(', ')})` : ''}`);
  }
}

/** Ends every connection the app's processes hold to the soak's database. */
export async function terminateConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** The hostile loaders of issue 24: a long run of statements, nested interpolation, a trusted host padded out. */
export const HOSTILE_LOADERS = {
  statements: 'x=1'.repeat(3_000),
  nestedInterpolation: '`{'.repeat(3_000),
  trustedPadded: `loadstring(game:HttpGet("https://trusted.soak.test/main.lua"))()\n${'-- padding\nlocal a = "b" .. "c"\n'.repeat(500)}`,
};

/** A path far longer than any route: React Router matched every prefix of one like it. */
export function longPath(): string {
  return `/p${Math.random().toString(36).slice(2)}${'/x'.repeat(7_900)}`;
}

/** List requests whose sort, limit and offset vary freely: the answer cache's key variety. */
export function variedListPath(): string {
  const sorts = ['newest', 'views', 'trending', 'updated', 'rating'];
  const sort = sorts[Math.floor(Math.random() * sorts.length)];
  const limit = 1 + Math.floor(Math.random() * 50);
  const offset = Math.floor(Math.random() * 60);
  return Math.random() < 0.5 ? `/api/scripts/paginated?sort=${sort}&limit=${limit}&offset=${offset}` : `/scripts?sort=${sort}&page=${1 + Math.floor(Math.random() * 5)}&x=${offset}`;
}

/**
 * Issue 36's /48 flood: an address in a new /64 of one IPv6 /48 (2001:db8:<site>::/48) on every call,
 * sent as X-Forwarded-For as the soak's visitors are (the servers run with TRUST_PROXY=true).
 */
export function addressIn48(site: number): string {
  const hextet = () => Math.floor(Math.random() * 65_536).toString(16);
  return `2001:db8:${site.toString(16)}:${hextet()}::${hextet()}`;
}

/** Issue 36's cased and encoded reading prefixes: React Router matched them case-blind, the reading did not. */
export function casedPrefixPath(): string {
  const prefixes = ['/RU', '/Ru', '/rU', '/EN', '/%72u', '/%52U'];
  const pages = ['/scripts', '/', '/info', '/executors', '/subscribe'];
  return `${prefixes[Math.floor(Math.random() * prefixes.length)]}${pages[Math.floor(Math.random() * pages.length)]}`;
}

/** The host an X-Forwarded-Host attack names: no answer to a plain request may ever carry it. */
export const POISON_HOST = 'poisoned.soak.invalid';
