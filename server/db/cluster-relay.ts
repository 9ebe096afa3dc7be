import cluster, { type Worker } from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { CatalogueChange } from './catalogue-change.ts';

/**
 * Read your writes across the workers of one machine (docs/decisions/0026-read-your-writes-across-workers.md).
 * Catalogue writes note their changes here; before a write request's answer leaves, the worker sends
 * them to the primary, which hands them to every other worker; each drops what they reach (the path
 * the journal and NOTIFY use) and says so; the answer waits for that, RELAY_WAIT_MS at most. The
 * journal / NOTIFY still carries every change, between machines too.
 */

/** The longest a write's answer waits for the other workers: a hung worker must not hang writes. */
export const RELAY_WAIT_MS = 1_000;
/** Changes kept for the write requests in flight; a request during which more were recorded sends one `all`. */
const MAX_CHANGES = 32;
/** Methods that write nothing. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** writer → primary: changes committed; primary → each other worker: apply them; and the acknowledgements back. */
type RelayMessage =
  | { kind: 'relay:ready' }
  | { kind: 'relay:committed'; id: number; changes: CatalogueChange[] }
  | { kind: 'relay:apply'; id: number; changes: CatalogueChange[] }
  | { kind: 'relay:applied'; id: number }
  | { kind: 'relay:relayed'; id: number };

function isRelayMessage(message: unknown): message is RelayMessage {
  const kind = (message as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' && kind.startsWith('relay:');
}

/**
 * The worker's half. Inert outside a cluster worker (a single process, tests): nothing to tell.
 *
 * A write request sends every change recorded in this process since it began, its own among them.
 * No AsyncLocalStorage ties a change to its request: on Node 20 one would switch on promise hooks for
 * every later promise (see web/entry.server.tsx). A change of a concurrent request may so travel before
 * its commit; that only drops an entry early, and its own request sends it again after the commit.
 */
export class SiblingRelay {
  /** The last MAX_CHANGES changes recorded, numbered. */
  private readonly recorded: { seq: number; change: CatalogueChange }[] = [];
  private seq = 0;
  /** Each write request's `seq` when it began. */
  private readonly began = new WeakMap<object, number>();
  private readonly waiting = new Map<number, () => void>();
  private nextId = 0;

  constructor(readonly enabled: boolean = cluster.isWorker) {}

  /** A request begins: a write's changes from now on are its to send. Reads (GET, HEAD, OPTIONS) cost nothing. */
  begin(request: { method: string }): void {
    if (this.enabled && !READS.has(request.method)) this.began.set(request, this.seq);
  }

  /** Called by ChangeFeed.record for every change a write records. */
  note(change: CatalogueChange): void {
    if (!this.enabled) return;
    this.seq += 1;
    this.recorded.push({ seq: this.seq, change });
    if (this.recorded.length > MAX_CHANGES) this.recorded.shift();
  }

  /** What `request` sends: the changes recorded since it began, or `all` when they were too many. */
  private changesOf(request: object): CatalogueChange[] {
    const since = this.began.get(request);
    this.began.delete(request);
    if (since === undefined || since === this.seq) return [];
    if (this.seq - since > MAX_CHANGES) return [{ kind: 'all' }];
    const changes = this.recorded.filter((entry) => entry.seq > since).map((entry) => entry.change);
    if (changes.some((change) => change.kind === 'all')) return [{ kind: 'all' }];
    // Concurrent writes to one script send it once.
    return [...new Map(changes.map((change) => [JSON.stringify(change), change])).values()];
  }

  /**
   * Tells the other workers what `request` changed (its writes have committed: the handler is done);
   * resolves when they have dropped it, false when some did not answer within RELAY_WAIT_MS.
   * Undefined, at once, when there is nothing to tell.
   */
  deliver(request: object): Promise<boolean> | undefined {
    const changes = this.changesOf(request);
    if (changes.length === 0 || !process.send) return undefined;
    const id = (this.nextId += 1);
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(false), RELAY_WAIT_MS);
      const settle = (applied: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(applied);
      };
      this.waiting.set(id, () => settle(true));
      process.send?.({ kind: 'relay:committed', id, changes } satisfies RelayMessage, undefined, {}, (error) => error && settle(false));
    });
  }

  /** Applies the changes other workers relay until the returned function is called. */
  listen(apply: (change: CatalogueChange) => void): () => void {
    if (!this.enabled || !process.send) return () => undefined;
    const onMessage = (message: unknown) => {
      if (!isRelayMessage(message)) return;
      if (message.kind === 'relay:relayed') this.waiting.get(message.id)?.();
      if (message.kind !== 'relay:apply') return;
      for (const change of message.changes) apply(change);
      process.send?.({ kind: 'relay:applied', id: message.id } satisfies RelayMessage, undefined, {}, () => undefined);
    };
    process.on('message', onMessage);
    process.send({ kind: 'relay:ready' } satisfies RelayMessage, undefined, {}, () => undefined);
    return () => process.off('message', onMessage);
  }
}

/**
 * The app's hooks: where each request began, and its answer held until the other workers dropped what
 * it changed. The hold is only for a request with changes to tell: every other answer goes on in the
 * same tick, as before (a route that sends from a promise without returning the reply relies on it).
 */
export function relayWrites(app: FastifyInstance, relay: SiblingRelay): void {
  if (!relay.enabled) return;
  app.addHook('onRequest', (request, _reply, done) => {
    relay.begin(request);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const relayed = relay.deliver(request);
    if (!relayed) return done(null, payload);
    void relayed.then((applied) => {
      if (!applied) request.log.warn(`another worker did not confirm this write within ${RELAY_WAIT_MS} ms`);
      done(null, payload);
    });
  });
}

/** The primary's half: hands each worker's committed changes to the others and collects their answers. */
export function relayChangesBetweenWorkers(): void {
  const ready = new Set<Worker>();
  const pending = new Map<number, { waiting: Set<Worker>; done: () => void }>();
  let nextId = 0;
  const send = (worker: Worker, message: RelayMessage) => {
    // A worker that died meanwhile answers nothing; its exit settles what waited for it.
    if (worker.isConnected()) worker.send(message, undefined, () => undefined);
  };
  const answered = (id: number, worker: Worker) => {
    const relay = pending.get(id);
    if (relay?.waiting.delete(worker) && relay.waiting.size === 0) relay.done();
  };

  const relay = (writer: Worker, { id: writerId, changes }: { id: number; changes: CatalogueChange[] }) => {
    const others = [...ready].filter((worker) => worker !== writer && worker.isConnected());
    if (others.length === 0) return send(writer, { kind: 'relay:relayed', id: writerId });
    const id = (nextId += 1);
    // The writer stops waiting after RELAY_WAIT_MS by itself; this only forgets the relay, later.
    const timer = setTimeout(() => pending.delete(id), 2 * RELAY_WAIT_MS);
    timer.unref();
    pending.set(id, {
      waiting: new Set(others),
      done: () => {
        clearTimeout(timer);
        pending.delete(id);
        send(writer, { kind: 'relay:relayed', id: writerId });
      },
    });
    for (const worker of others) send(worker, { kind: 'relay:apply', id, changes });
  };

  cluster.on('message', (worker, message: unknown) => {
    if (!isRelayMessage(message)) return;
    if (message.kind === 'relay:ready') ready.add(worker);
    else if (message.kind === 'relay:committed') relay(worker, message);
    else if (message.kind === 'relay:applied') answered(message.id, worker);
  });
  cluster.on('exit', (worker) => {
    ready.delete(worker);
    for (const id of [...pending.keys()]) answered(id, worker);
  });
}
