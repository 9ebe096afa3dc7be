import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { analysisColumns } from './analysis.ts';
import type { AnalysisRepository } from './analysis-repository.ts';
import type { PublicCache } from './public-cache.ts';

/** Scripts analysed per transaction; the event loop gets a turn between batches. */
const BATCH = 200;

/**
 * Analyses the loaders stored before the analysis existed, or (`all`) every loader again after the
 * analysis changed (docs/decisions.md#stored-loader-analysis). Batches in id order, each written in
 * one transaction, only where the loader is still the one analysed; then one change for every
 * process's caches. Run in the background by each server process at start and by `npm run analyse`;
 * two at once only repeat work. Answers how many scripts it stored.
 */
export async function backfillAnalyses(repository: AnalysisRepository, cache: PublicCache, { all = false } = {}): Promise<number> {
  let afterId = 0;
  let stored = 0;
  for (;;) {
    const rows = await repository.batch(afterId, BATCH, all);
    if (rows.length === 0) break;
    afterId = Number(rows[rows.length - 1]?.id);
    stored += await repository.store(rows.map((row) => ({ id: Number(row.id), loadstring: row.loadstring, ...analysisColumns(row.loadstring) })));
    await yieldToLoop();
  }
  if (stored > 0) {
    await repository.recordChanged();
    cache.changed({ kind: 'all' });
  }
  return stored;
}
