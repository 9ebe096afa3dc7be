import { parentPort } from 'node:worker_threads';
import { loaderFacts } from '../../contract/loader-analysis.ts';

// A loader analysis thread (analysis-pool.ts, server/shared/thread-pool.ts): one analysis per message, answered by id.
parentPort?.on('message', ({ id, source }: { id: number; source: string }) => {
  try {
    parentPort?.postMessage({ id, value: loaderFacts(source) });
  } catch (error) {
    parentPort?.postMessage({ id, error: { message: error instanceof Error ? error.message : String(error) } });
  }
});
