import { Worker, type WorkerOptions } from 'node:worker_threads';

// Work that must not hold a server's event loop (SQLite reads, loader analyses) goes to worker
// threads: each message carries an id, and the thread answers { id, value } or { id, error }.

interface Reply<R> {
  id: number;
  value?: R;
  error?: { message: string; code?: string };
}

export interface ThreadPoolOptions {
  /** The thread's module. */
  url: URL;
  /** At most this many threads. */
  size: number;
  /** What a thread is called in the error its exit gives to the requests it leaves. */
  name: string;
  workerOptions?: WorkerOptions;
  /** Start every thread at the first request (reads: each opens its connection once) rather than as needed. */
  eager?: boolean;
  /** A thread with requests pending keeps the process alive (npm run analyse); idle ones never do. */
  holdWhileBusy?: boolean;
}

class Thread<M, R> {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: R) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  alive = true;

  constructor(private readonly options: ThreadPoolOptions) {
    this.worker = new Worker(options.url, options.workerOptions);
    // An idle thread must not keep a process alive that is otherwise done.
    this.worker.unref();
    this.worker.on('message', (reply: Reply<R>) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`${options.name} exited with code ${code}`)));
  }

  get load(): number {
    return this.pending.size;
  }

  run(message: M): Promise<R> {
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0 && this.options.holdWhileBusy) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  terminate(): Promise<number> {
    this.alive = false;
    return this.worker.terminate();
  }

  private settle({ id, value, error }: Reply<R>) {
    const waiting = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0 && this.options.holdWhileBusy) this.worker.unref();
    if (!waiting) return;
    if (error) waiting.reject(Object.assign(new Error(error.message), error.code === undefined ? {} : { code: error.code }));
    else waiting.resolve(value as R);
  }

  private fail(error: Error) {
    this.alive = false;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** A few threads, started on demand (or all at once: `eager`); each request goes to an idle one, else the least busy. */
export class ThreadPool<M extends object, R> {
  private threads: Thread<M, R>[] = [];

  constructor(private readonly options: ThreadPoolOptions) {}

  run(message: M): Promise<R> {
    this.threads = this.threads.filter((thread) => thread.alive);
    if (this.options.eager) while (this.threads.length < this.options.size) this.threads.push(new Thread(this.options));
    const idle = this.threads.find((thread) => thread.load === 0);
    if (!idle && this.threads.length < this.options.size) this.threads.push(new Thread(this.options));
    const chosen = idle ?? this.threads.reduce((best, thread) => (thread.load < best.load ? thread : best));
    return chosen.run(message);
  }

  async close(): Promise<void> {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}
