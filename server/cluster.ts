import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { readyBanner } from './ready.ts';
import type { BootstrapResult } from './staff/admin-bootstrap.ts';

/** Which part a process of `npm start` plays; the primary tells each worker through the environment. */
export type ServerRole = 'setup' | 'serve';
export const ROLE_VARIABLE = 'SERVER_ROLE';

/** What the setup worker tells the primary: the admin account, for the banner printed once all listen. */
export interface SetupMessage {
  kind: 'admin';
  admin: BootstrapResult;
}

/** A worker that dies within this long of starting counts as a crash loop: the next start waits. */
const STEADY_AFTER_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** The primary gives its workers this long to shut down gracefully before it kills them. */
const STOP_GRACE_MS = 20_000;

/**
 * The primary of a `WORKERS>1` start. It serves nothing itself: it runs one setup worker (migrations,
 * the admin account, the demo catalogue) to its end, then keeps `workers` server processes on the
 * shared port, restarting any that dies, and on SIGTERM or SIGINT passes the signal on and waits for
 * each to finish its requests, flush its views and close its database.
 */
export async function runPrimary(config: Config, log: Logger): Promise<void> {
  const { workers } = config;
  const setupWorker = cluster.fork({ [ROLE_VARIABLE]: 'setup' satisfies ServerRole });
  let admin: BootstrapResult | undefined;
  setupWorker.on('message', (message: SetupMessage) => {
    if (message?.kind === 'admin') admin = message.admin;
  });
  const setup = await exitOf(setupWorker);
  if (setup.code !== 0) {
    log.error(`setup failed (exit code ${setup.code ?? setup.signal}); no worker was started`);
    process.exit(setup.code || 1);
  }

  let stopping = false;
  let crashes = 0;
  const startedAt = new Map<Worker, number>();
  const start = () => {
    const worker = cluster.fork({ [ROLE_VARIABLE]: 'serve' satisfies ServerRole });
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const uptime = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    crashes = uptime < STEADY_AFTER_MS ? crashes + 1 : 0;
    const delay = crashes === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** crashes);
    log.error({ workerPid: worker.process.pid, code, signal, restartInMs: delay }, `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another`);
    setTimeout(() => {
      if (!stopping) start();
    }, delay).unref();
  });

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: stopping ${startedAt.size} workers`);
    const running = [...startedAt.keys()];
    const kill = setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const worker of running) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    kill.unref();
    const exits = await Promise.all(running.map((worker) => (worker.isDead() ? { code: 0, signal: null } : (worker.process.kill('SIGTERM'), exitOf(worker)))));
    clearTimeout(kill);
    process.exit(exits.every((exit) => exit.code === 0) ? 0 : 1);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers) console.log(readyBanner(config, admin));
  });
  for (let index = 0; index < workers; index += 1) start();
  log.info(`started ${workers} workers`);
}

function exitOf(worker: Worker): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve) => worker.once('exit', (code, signal) => resolve({ code, signal })));
}
