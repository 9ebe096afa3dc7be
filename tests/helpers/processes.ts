import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The real process entry from source, as `npm run dev` runs it. */
export const ENTRY = ['--import', 'tsx', path.join('server', 'main.ts')];
/** The production bundle `npm run build` writes and `npm start` runs. */
export const BUILT_ENTRY = [path.join('build', 'app', 'main.mjs')];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * A clean environment for the entry: only what Node needs to run, one server process unless `env`
 * asks for more (WORKERS), plus `env`. The test runner's own variables (NODE_ENV=test,
 * DATABASE_URL, ...) never leak into the child.
 */
export function entryEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SystemRoot'];
  const base = Object.fromEntries(keep.flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]]])));
  return { ...base, WORKERS: '1', ...env };
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningEntry {
  child: ChildProcess;
  /** Everything written so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves when the process has exited (whenever that is). */
  exited: Promise<Exit>;
}

/** Spawns server/main.ts with a clean environment, capturing its output. */
export function spawnEntry(env: Record<string, string>, entry: string[] = ENTRY): RunningEntry {
  const child = spawn(process.execPath, entry, { cwd: process.cwd(), env: entryEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** Runs the entry to its end (for starts that must fail); kills it after `timeoutMs`. */
export async function runEntry(env: Record<string, string>, timeoutMs = 30_000): Promise<Exit> {
  const running = spawnEntry(env);
  const timer = setTimeout(() => running.child.kill('SIGKILL'), timeoutMs);
  try {
    return await running.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `url` until it answers 200; fails early if the process exits first. */
export async function waitForHealthy(running: RunningEntry, url: string, timeoutMs = 30_000): Promise<void> {
  let exited = false;
  void running.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) {
      const { stdout, stderr } = running.output();
      throw new Error(`server exited before it was healthy\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    }
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  running.child.kill('SIGKILL');
  const { stdout, stderr } = running.output();
  throw new Error(`server not healthy after ${timeoutMs} ms\nstdout:\n${stdout}\nstderr:\n${stderr}`);
}

/** A server process of its own on a free port (production mode, no demo), once it answers healthy. */
export interface Instance {
  base: string;
  running: RunningEntry;
}

export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const running = spawnEntry({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DEMO_CATALOGUE: 'off', LOG_LEVEL: 'warn', ...env });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(running, `${base}/api/health`);
  return { base, running };
}

/** Lines of a Node stack trace (`    at fn (file:line:col)`). */
export const STACK_LINE = /^\s+at\s/m;

/** Pids of the workers that logged "Server listening" (LOG_LEVEL=info, JSON lines). */
export function listeningPids(stdout: string): number[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('Server listening'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

export interface BuiltServer {
  server: RunningEntry;
  base: string;
  /** The admin's token. */
  token: string;
  /** Kills the whole process tree's primary (its workers follow) unless it already exited. */
  kill(): Promise<void>;
}

/**
 * The built server (`npm start`'s bundle) with WORKERS=2 on the given database, its admin created and
 * logged in, every worker listening. `env` adds to or overrides the defaults.
 */
export async function startBuiltWorkers(databaseEnv: Record<string, string>, admin: { username: string; password: string }, env: Record<string, string> = {}): Promise<BuiltServer> {
  const port = await freePort();
  const server = spawnEntry(
    {
      ...databaseEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_CATALOGUE: 'off',
      WORKERS: '2',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'info',
      ...env,
    },
    BUILT_ENTRY,
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(server, `${base}/api/health`, 60_000);
  const workers = Number(env.WORKERS ?? 2);
  const deadline = Date.now() + 30_000;
  while (new Set(listeningPids(server.output().stdout)).size < workers) {
    if (Date.now() > deadline) throw new Error(`fewer than ${workers} workers listening after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const login = await fetch(`${base}/api/al`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  const { token } = (await login.json()) as { token: string };
  return {
    server,
    base,
    token,
    kill: async () => {
      if (server.child.exitCode !== null) return;
      server.child.kill('SIGKILL');
      await server.exited;
    },
  };
}
