import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/database.ts';
import { ScriptRepository } from '../server/scripts/repository.ts';
import { GAME_SLUGS } from './generate.ts';
import { percentile } from './stats.ts';

export interface QueryTiming {
  name: string;
  /** Rows returned (lists) or the count itself. */
  result: number;
  /** The first call, apart: cold statement cache and pages; p50 and p99 are over the runs after it. */
  firstMs: number;
  p50: number;
  p99: number;
}

/**
 * Times the repository's queries straight against the database, with no cache in front: what a
 * request costs when the public cache misses (first visit, or after any catalogue write).
 */
export async function timeQueries(file: string, terms: string[], detailId: number, runs = 50): Promise<QueryTiming[]> {
  const db = openDatabase({ kind: 'sqlite', file });
  const repository = new ScriptRepository(db);
  const cases: [string, () => Promise<number>][] = [
    ['listCards page 1', async () => (await repository.listCards({ limit: 16, offset: 0 })).length],
    ['listCards offset 10000', async () => (await repository.listCards({ limit: 16, offset: 10_000 })).length],
    ['count()', () => repository.count()],
    // Filters and sorts (issue 14): each sort's index, a common and a rare filter, a game's own index.
    ['listCards sort=trending', async () => (await repository.listCards({ limit: 16, offset: 0, sort: 'trending' })).length],
    ['listCards sort=views offset 10000', async () => (await repository.listCards({ limit: 16, offset: 10_000, sort: 'views' })).length],
    ['listCards key=false sort=updated', async () => (await repository.listCards({ limit: 16, offset: 0, key: false, sort: 'updated' })).length],
    ['listCards verified patched universal', async () => (await repository.listCards({ limit: 16, offset: 0, verified: true, patched: true, universal: true })).length],
    [`listCards game=${GAME_SLUGS[0]} sort=trending`, async () => (await repository.listCards({ limit: 16, offset: 0, game: GAME_SLUGS[0], sort: 'trending' })).length],
    ['count(verified, key=false)', () => repository.count(undefined, { verified: true, key: false })],
    ...terms.flatMap((q): [string, () => Promise<number>][] => [
      [`listCards q="${q}"`, async () => (await repository.listCards({ limit: 16, offset: 0, q })).length],
      [`count("${q}")`, () => repository.count(q)],
      [`listCards q="${q}" verified sort=views`, async () => (await repository.listCards({ limit: 16, offset: 0, q, verified: true, sort: 'views' })).length],
    ]),
    [`findById(${detailId})`, async () => ((await repository.findById(detailId)) ? 1 : 0)],
  ];
  const timings: QueryTiming[] = [];
  try {
    for (const [name, run] of cases) {
      let started = performance.now();
      let result = await run();
      const firstMs = performance.now() - started;
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        started = performance.now();
        result = await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      timings.push({ name, result, firstMs, p50: percentile(times, 50), p99: percentile(times, 99) });
    }
  } finally {
    await db.close();
  }
  return timings;
}
