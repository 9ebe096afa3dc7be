import { availableParallelism } from 'node:os';
import type { LoaderFacts } from '../../contract/loader-analysis.ts';
import { ThreadPool } from '../shared/thread-pool.ts';

// The loader analysis runs in worker threads (docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md):
// bounded as it is, a long hostile loader still takes a tenth of a second, which the event loop of a
// server process must not spend. Beside the bundle (build/app/analysis-worker.mjs, built by
// tools/build-server.ts) the worker is the compiled analysis-thread.ts; from source it is
// analysis-worker.mjs, which loads that file through tsx.
const WORKER_URL = new URL('./analysis-worker.mjs', import.meta.url);
/** Threads per process: saves are rare, and two processes on two cores already share them. */
const SIZE = Math.min(2, availableParallelism());
/** An analysis needs a few megabytes; a thread that somehow needed far more stops instead of the process. */
const HEAP_MB = 64;

/** A few analysis threads, started as they are needed; each analysis goes to an idle one, else the least busy. */
export class AnalysisPool {
  private readonly threads: ThreadPool<{ source: string }, LoaderFacts>;
  /** Analyses asked of this pool, for the tests that prove a read asks none. */
  analysed = 0;

  constructor(size: number = SIZE) {
    this.threads = new ThreadPool({
      url: WORKER_URL,
      size,
      name: 'Loader analysis worker',
      workerOptions: { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } },
      // A busy thread keeps the process alive (npm run analyse); an idle one does not.
      holdWhileBusy: true,
    });
  }

  analyse(source: string): Promise<LoaderFacts> {
    this.analysed += 1;
    return this.threads.run({ source });
  }

  close(): Promise<void> {
    return this.threads.close();
  }
}

/** The process's pool: every save, the backfill and a read of a row not yet analysed share it. */
export const analysisPool = new AnalysisPool();

export function analyseOffThread(source: string): Promise<LoaderFacts> {
  return analysisPool.analyse(source);
}
