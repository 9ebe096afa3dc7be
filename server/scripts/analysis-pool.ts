import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { LoaderFacts } from '../../contract/loader-analysis.ts';

// The loader analysis runs in worker threads (docs/decisions.md#a-linear-bounded-off-thread-loader-analysis):
// bounded as it is, a long hostile loader still takes a tenth of a second, which the event loop of a
// server process must not spend. Beside the bundle (build/app/analysis-worker.mjs, built by
// tools/build-server.ts) the worker is the compiled analysis-thread.ts; from source it is
// analysis-worker.mjs, which loads that file through tsx.
const WORKER_URL = new URL('./analysis-worker.mjs', import.meta.url);
/** Threads per process: saves are rare, and two processes on two cores already share them. */
const SIZE = Math.min(2, availableParallelism());
/** An analysis needs a few megabytes; a thread that somehow needed far more stops instead of the process. */
const HEAP_MB = 64;

interface Reply {
  id: number;
  facts?: LoaderFacts;
  error?: string;
}

class AnalysisWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (facts: LoaderFacts) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  alive = true;

  constructor() {
    this.worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    // An idle thread must not keep a process alive that is otherwise done; a busy one must (npm run analyse).
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`Loader analysis worker exited with code ${code}`)));
  }

  get load(): number {
    return this.pending.size;
  }

  analyse(source: string): Promise<LoaderFacts> {
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, source });
    });
  }

  terminate(): Promise<number> {
    this.alive = false;
    return this.worker.terminate();
  }

  private settle({ id, facts, error }: Reply) {
    const waiting = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    if (!waiting) return;
    if (facts) waiting.resolve(facts);
    else waiting.reject(new Error(error ?? 'Loader analysis failed'));
  }

  private fail(error: Error) {
    this.alive = false;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** A few analysis threads, started as they are needed; each analysis goes to the least busy one. */
export class AnalysisPool {
  private workers: AnalysisWorker[] = [];
  /** Analyses asked of this pool, for the tests that prove a read asks none. */
  analysed = 0;

  constructor(private readonly size: number = SIZE) {}

  analyse(source: string): Promise<LoaderFacts> {
    this.analysed += 1;
    this.workers = this.workers.filter((worker) => worker.alive);
    const idle = this.workers.find((worker) => worker.load === 0);
    if (!idle && this.workers.length < this.size) this.workers.push(new AnalysisWorker());
    const chosen = idle ?? this.workers.reduce((best, worker) => (worker.load < best.load ? worker : best));
    return chosen.analyse(source);
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** The process's pool: every save, the backfill and a read of a row not yet analysed share it. */
export const analysisPool = new AnalysisPool();

export function analyseOffThread(source: string): Promise<LoaderFacts> {
  return analysisPool.analyse(source);
}
