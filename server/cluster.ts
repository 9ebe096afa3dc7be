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
 * waits for each to finish its requests, flush its views and close its database. The signals are
 * heard from the first moment, setup included: a stop during setup starts no server worker.
 */
export async function runPrimary(config: Config, log: Logger): Promise<void> {
  let phase: { stop(signal: NodeJS.Signals): void } | undefined;
  const onSignal = (signal: NodeJS.Signals) => phase?.stop(signal);
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  const setup = startSetup(config.startTimeouts.setupMs, log);
  phase = setup;
  const admin = await setup.done;
  relayChangesBetweenWorkers();
  const { workers } = config;
  phase = superviseWorkers(workers, config.startTimeouts, log, () => console.log(readyBanner(config, admin)));
  log.info(`started ${workers} workers`);
}

/**
 * Runs the setup worker; `done` resolves when it succeeded. It fails the start (exit 1 at once) when it
 * fails or has not finished within `timeoutMs` (then it is killed). stop() tells it to stop, as the
 * server workers are told (20 s, then killed), and exits: 0 when it stopped (of itself or of the
 * signal: a setup has nothing to lose), 1 when it had to be killed. `done` then never resolves.
 */
function startSetup(timeoutMs: number, log: Logger): { done: Promise<BootstrapResult | undefined>; stop(signal: NodeJS.Signals): void } {
  const setupWorker = cluster.fork({ [ROLE_VARIABLE]: 'setup' satisfies ServerRole });
  let admin: BootstrapResult | undefined;
  let stopping = false;
  setupWorker.on('message', (message: SetupMessage) => {
    if (message?.kind === 'admin') admin = message.admin;
  });
  setupWorker.on('error', (error) => log.error({ err: error, workerPid: setupWorker.process.pid }, 'setup worker process error'));
  const deadline = setTimeout(() => {
    log.error(`setup did not finish within ${seconds(timeoutMs)} s (SETUP_TIMEOUT_MS); killing it`);
    setupWorker.process.kill('SIGKILL');
  }, timeoutMs);
  const done = exitOf(setupWorker).then(({ code, signal }) => {
    clearTimeout(deadline);
    if (stopping) process.exit(code === 0 || signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1);
    if (code !== 0) {
      log.error(`setup failed (exit code ${code ?? signal}); no worker was started`);
      process.exit(code || 1);
    }
    return admin;
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(deadline);
    log.info(`${signal} received during setup: stopping the setup worker; no server worker will start`);
    setupWorker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error('the setup worker did not stop in time; killing it');
      setupWorker.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  };
  return { done, stop };
}

/**
 * Keeps `count` server workers running. A restart waits on a timer that holds the primary up, so it
 * stays alive with no worker at all until the replacements come (docs/decisions/0025-a-supervisor-that-never-gives-up.md).
 */
function superviseWorkers(count: number, { workerMs: startTimeoutMs, giveUpMs }: Config['startTimeouts'], log: Logger, allListening: () => void) {
  const policy = new RestartPolicy(Date.now, giveUpMs);
  const slots = new Map<Worker, number>();
  const listenedAt = new Map<Worker, number>();
  // A worker that has not listened by its deadline is killed: its death is a failed start like any other.
  const deadlines = new Map<Worker, NodeJS.Timeout>();
  const restarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  let listening = 0;

  const start = (slot: number) => {
    const worker = cluster.fork({ [ROLE_VARIABLE]: 'serve' satisfies ServerRole });
    slots.set(worker, slot);
    // A failed spawn or IPC send is an 'error' event; unheard, it would end the primary.
    worker.on('error', (error) => log.error({ err: error, workerPid: worker.process.pid }, 'worker process error'));
    const deadline = setTimeout(() => {
      deadlines.delete(worker);
      log.error({ workerPid: worker.process.pid }, `worker ${worker.process.pid} did not listen within ${seconds(startTimeoutMs)} s (WORKER_START_TIMEOUT_MS); killing it`);
      worker.process.kill('SIGKILL');
    }, startTimeoutMs);
    deadlines.set(worker, deadline);
  };
  const clearDeadline = (worker: Worker) => {
    clearTimeout(deadlines.get(worker));
    deadlines.delete(worker);
  };

  cluster.on('listening', (worker) => {
    if (!slots.has(worker) || listenedAt.has(worker)) return;
    clearDeadline(worker);
    listenedAt.set(worker, Date.now());
    policy.listening();
    listening += 1;
    if (listening === count) allListening();
  });

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker);
    if (slot === undefined) return;
    const since = listenedAt.get(worker);
    clearDeadline(worker);
    slots.delete(worker);
    listenedAt.delete(worker);
    if (stopping) return;
    const how = signal ?? `exit code ${code}`;
    const verdict = policy.died(slot, since);
    if (verdict.kind === 'give-up') {
      log.fatal({ failedStarts: verdict.failedStarts, failingForMs: verdict.failingForMs }, `worker ${worker.process.pid} died (${how}); no worker has started for ${Math.round(verdict.failingForMs / 1000)} s (${verdict.failedStarts} died before listening): giving up`);
      stopping = true;
      for (const timer of [...restarts, ...deadlines.values()]) clearTimeout(timer);
      void killAll([...slots.keys()]).then(() => process.exit(1));
      return;
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
    for (const timer of [...restarts, ...deadlines.values()]) clearTimeout(timer);
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

/** SIGKILL to each worker; resolves once all have exited, so none outlives the primary. */
async function killAll(workers: Worker[]): Promise<void> {
  const exits = workers.filter((worker) => !worker.isDead()).map((worker) => exitOf(worker));
  for (const worker of workers) worker.process.kill('SIGKILL');
  await Promise.all(exits);
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

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}
