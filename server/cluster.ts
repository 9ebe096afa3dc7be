import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { relayChangesBetweenWorkers } from './db/cluster-relay.ts';
import type { Config } from './shared/config.ts';
import { readyBanner } from './ready.ts';
import { RestartPolicy } from './restart-policy.ts';
import type { BootstrapResult } from './staff/admin-bootstrap.ts';

/** Which part a process of `npm start` plays; the primary tells each worker through the environment. */
export type ServerRole = 'setup' | 'serve';
export const ROLE_VARIABLE = 'SERVER_ROLE';

/** What the setup worker tells the primary: the admin account, for the banner printed once all listen. */
export interface SetupMessage {
  kind: 'admin';
  admin: BootstrapResult;
}

/** The primary gives its workers this long to shut down gracefully before it kills them. */
const STOP_GRACE_MS = 20_000;

/**
 * The primary of a `WORKERS>1` start. It serves nothing itself: it runs one setup worker (migrations,
 * the admin account, the demo catalogue) to its end, then keeps `workers` server processes on the
 * shared port, restarting any that dies (server/restart-policy.ts), relays each worker's catalogue
 * changes to the others (server/cluster-relay.ts), and on SIGTERM or SIGINT passes the signal on and
 * waits for each to finish its requests, flush its views and close its database.
 */
export async function runPrimary(config: Config, log: Logger): Promise<void> {
  const admin = await runSetup(log);
  relayChangesBetweenWorkers();
  const { workers } = config;
  const supervisor = superviseWorkers(workers, log, () => console.log(readyBanner(config, admin)));
  process.once('SIGTERM', () => void supervisor.stop('SIGTERM'));
  process.once('SIGINT', () => void supervisor.stop('SIGINT'));
  log.info(`started ${workers} workers`);
}

/** Runs the setup worker to its end; the primary exits if it fails. */
async function runSetup(log: Logger): Promise<BootstrapResult | undefined> {
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
  return admin;
}

/**
 * Keeps `count` server workers running. A restart waits on a timer that holds the primary up, so it
 * stays alive with no worker at all until the replacements come (docs/decisions.md#a-supervisor-that-never-gives-up).
 */
function superviseWorkers(count: number, log: Logger, allListening: () => void) {
  const policy = new RestartPolicy();
  const slots = new Map<Worker, number>();
  const listenedAt = new Map<Worker, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  let listening = 0;

  const start = (slot: number) => {
    const worker = cluster.fork({ [ROLE_VARIABLE]: 'serve' satisfies ServerRole });
    slots.set(worker, slot);
    // A failed spawn or IPC send is an 'error' event; unheard, it would end the primary.
    worker.on('error', (error) => log.error({ err: error, workerPid: worker.process.pid }, 'worker process error'));
  };

  cluster.on('listening', (worker) => {
    if (!slots.has(worker) || listenedAt.has(worker)) return;
    listenedAt.set(worker, Date.now());
    policy.listening();
    listening += 1;
    if (listening === count) allListening();
  });

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker);
    if (slot === undefined) return;
    const since = listenedAt.get(worker);
    slots.delete(worker);
    listenedAt.delete(worker);
    if (stopping) return;
    const how = signal ?? `exit code ${code}`;
    const verdict = policy.died(slot, since);
    if (verdict.kind === 'give-up') {
      log.fatal({ failedStarts: verdict.failedStarts, failingForMs: verdict.failingForMs }, `worker ${worker.process.pid} died (${how}); no worker has started for ${Math.round(verdict.failingForMs / 1000)} s (${verdict.failedStarts} died before listening): giving up`);
      for (const other of slots.keys()) other.process.kill('SIGKILL');
      process.exit(1);
    }
    log.error({ workerPid: worker.process.pid, code, signal, restartInMs: verdict.delayMs }, `worker ${worker.process.pid} died (${how}); starting another`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) start(slot);
    }, verdict.delayMs);
    restarts.add(timer);
  });

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    const running = [...slots.keys()];
    log.info(`${signal} received: stopping ${running.length} workers`);
    const kill = setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const worker of running) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    kill.unref();
    const exits = await Promise.all(running.map((worker) => stopWorker(worker, listenedAt.has(worker))));
    clearTimeout(kill);
    process.exit(exits.every(Boolean) ? 0 : 1);
  };

  for (let slot = 0; slot < count; slot += 1) start(slot);
  return { stop };
}

/** SIGTERM to one worker; true when it stopped cleanly (one still starting has nothing to lose). */
async function stopWorker(worker: Worker, listened: boolean): Promise<boolean> {
  if (worker.isDead()) return true;
  worker.process.kill('SIGTERM');
  const exit = await exitOf(worker);
  return exit.code === 0 || (!listened && exit.signal === 'SIGTERM');
}

function exitOf(worker: Worker): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve) => worker.once('exit', (code, signal) => resolve({ code, signal })));
}
