import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import os from 'node:os';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Fixture } from './raw-server.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const live = new Set<ChildProcess>();

/** Children never outlive the benchmark, whatever way it ends. */
function killAll() {
  for (const child of live) child.kill('SIGKILL');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

/** A child process that reports an unexpected exit instead of failing silently. */
export class Managed {
  private stopping = false;
  private exitError: Error | undefined;
  readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly proc: ChildProcess,
  ) {
    live.add(proc);
    this.exited = new Promise((resolve) => {
      proc.once('exit', (code, signal) => {
        live.delete(proc);
        if (!this.stopping) this.exitError = new Error(`${name} exited unexpectedly (code ${code}, signal ${signal})`);
        resolve(code);
      });
    });
  }

  get pid(): number {
    if (this.proc.pid === undefined) throw new Error(`${this.name} has no pid`);
    return this.proc.pid;
  }

  assertAlive(): void {
    if (this.exitError) throw this.exitError;
  }

  /** SIGTERM, then SIGKILL after 15 s; throws when a graceful stop does not exit 0. */
  async stop(): Promise<void> {
    if (!live.has(this.proc)) return;
    this.stopping = true;
    this.proc.kill('SIGTERM');
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 15_000);
    const code = await this.exited;
    clearTimeout(timer);
    if (code !== 0) throw new Error(`${this.name} did not shut down cleanly (exit code ${code})`);
  }
}

/**
 * On a machine with two or more cores, the servers run on core 0 and this process (the load
 * generator) on core 1, so the server under test never shares its core with autocannon and each
 * server's figure reflects its own cost per request. Returns the layout, or null when not pinned.
 */
export function pinCores(): string | null {
  if (os.cpus().length < 2 || !hasTaskset()) return null;
  pin(process.pid, 1);
  return 'servers pinned to core 0, autocannon (this process) to core 1, with `taskset`';
}

let tasksetFound: boolean | undefined;
function hasTaskset(): boolean {
  if (tasksetFound === undefined) {
    try {
      execFileSync('taskset', ['-V'], { stdio: 'ignore' });
      tasksetFound = true;
    } catch {
      tasksetFound = false;
    }
  }
  return tasksetFound;
}

/** Moves every thread of a process to one core (threads it starts later inherit it). */
export function pin(pid: number, core: number): void {
  if (os.cpus().length < 2 || !hasTaskset()) return;
  execFileSync('taskset', ['-a', '-p', '-c', String(core), String(pid)], { stdio: 'ignore' });
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The Node flags `npm start` gives the server (package.json), so the benchmark runs the same process. */
export function startFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Starts the real server as `npm start` does (node build/app/main.mjs, of `root`: another build for --against) on the catalogue, pinned to
 * core 0 unless `pinned` is false; waits for /api/health. Without `extraEnv.DATABASE_URL` it always uses the data directory's SQLite file.
 * BENCH_SERVER_FLAGS adds Node flags to the server (for example `--cpu-prof --cpu-prof-dir=/tmp/prof`;
 * NODE_OPTIONS refuses --cpu-prof).
 */
export async function startServer(dataDir: string, extraEnv: Record<string, string> = {}, { pinned = true, root = ROOT } = {}): Promise<{ server: Managed; url: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DEMO_CATALOGUE: 'off',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // One process unless a scenario asks for workers (they would otherwise follow the core count).
    WORKERS: '1',
    // A scheduled snapshot would land in the middle of a long run's figures.
    BACKUP_INTERVAL_HOURS: '0',
  };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  const flags = [...startFlags(), ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [])];
  const proc = spawn(process.execPath, [...flags, 'build/app/main.mjs'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const server = new Managed('server', proc);
  if (pinned && proc.pid !== undefined) pin(proc.pid, 0);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    server.assertAlive();
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { server, url };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not answer /api/health within 60 s');
    await sleep(100);
  }
}

/** Starts bench/raw-server.ts in its own process, answering every fixture path with its bytes. */
export async function startRawServer(fixtures: Fixture[]): Promise<{ raw: Managed; url: string }> {
  const proc = fork(path.join(ROOT, 'bench', 'raw-server.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const raw = new Managed('raw server', proc);
  if (proc.pid !== undefined) pin(proc.pid, 0);
  const port = await new Promise<number>((resolve, reject) => {
    proc.once('message', (message) => resolve((message as { port: number }).port));
    proc.once('exit', () => reject(new Error('raw server exited before listening')));
    proc.send({ fixtures });
  });
  return { raw, url: `http://127.0.0.1:${port}` };
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds the whole machine has spent in user and system mode, all cores (from /proc/stat). */
export function machineCpuSeconds(): number {
  const [, user = 0, nice = 0, system = 0] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/).map(Number) ?? [];
  return (user + nice + system) / TICKS_PER_SECOND;
}

/** Reads a process's memory and CPU from /proc; samples VmRSS every 100 ms to keep a peak per window. */
export class Probe {
  private timer: NodeJS.Timeout | undefined;
  /** Highest VmRSS sampled since the last window() call, in kB. */
  windowPeakKb = 0;

  constructor(readonly pid: number) {}

  private status(field: string): number {
    const text = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
    if (!match?.[1]) throw new Error(`no ${field} in /proc/${this.pid}/status`);
    return Number(match[1]);
  }

  rssKb = () => this.status('VmRSS');
  /** The kernel's own high-water mark of resident memory, in kB: the true peak. */
  hwmKb = () => this.status('VmHWM');

  cpuSeconds = (): number => {
    const stat = fs.readFileSync(`/proc/${this.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime + stime
  };

  start(): void {
    const sample = () => {
      try {
        this.windowPeakKb = Math.max(this.windowPeakKb, this.rssKb());
      } catch {
        // the process is gone; Managed reports that
      }
    };
    sample();
    this.timer = setInterval(sample, 100);
  }

  /** Returns the peak of the window that ends now and starts a new one. */
  window(): number {
    const peak = this.windowPeakKb;
    this.windowPeakKb = 0;
    return peak;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
