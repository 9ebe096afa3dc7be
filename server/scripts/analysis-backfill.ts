import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { ANALYSIS_VERSION } from '../../contract/loader-analysis.ts';
import { analysisColumnsOffThread, isStale } from './analysis.ts';
import type { AnalysedRow, AnalysisRepository } from './analysis-repository.ts';
import type { PublicCache } from '../cache/public-cache.ts';

/** Scripts read per batch and analysed per transaction; the event loop gets a turn between batches. */
const BATCH = 200;

export interface BackfillOptions {
  /** Analyse every loader again, current or not (`npm run analyse -- --all`). */
  all?: boolean;
  /**
   * A server start: pass over the scripts only when the database's recorded analysis version is older
   * than the code's, and only in the one process that records the new one.
   */
  onVersionChange?: boolean;
}

/**
 * Brings the stored analyses up to the current analysis (docs/decisions/0018-loader-analysis.md#stored-loader-analysis):
 * the loaders stored without one or with an older version's, or (`all`) every loader. Batches in id
 * order, each written in one transaction, only where the loader is still the one analysed; then one
 * change for every process's caches. Run in the background by a server process at start when the
 * version changed, and by `npm run analyse`. Answers how many scripts it stored.
 */
export async function backfillAnalyses(repository: AnalysisRepository, cache: PublicCache, { all = false, onVersionChange = false }: BackfillOptions = {}): Promise<number> {
  const claimed = await repository.claimVersion(ANALYSIS_VERSION);
  if (onVersionChange && !claimed) return 0;
  let afterId = 0;
  let stored = 0;
  for (;;) {
    const rows = await repository.batch(afterId, BATCH);
    if (rows.length === 0) break;
    afterId = Number(rows[rows.length - 1]?.id);
    const redo = rows.filter((row) => all || isStale(row.analysis));
    // In the worker threads, one at a time: a visitor's request or a save never waits behind a batch.
    const analysed: AnalysedRow[] = [];
    for (const row of redo) analysed.push({ id: Number(row.id), loadstring: row.loadstring, ...(await analysisColumnsOffThread(row.loadstring)) });
    stored += await repository.store(analysed);
    await yieldToLoop();
  }
  if (stored > 0) {
    await repository.recordChanged();
    cache.changed({ kind: 'all' });
  }
  return stored;
}
