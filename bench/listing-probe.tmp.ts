import { performance } from 'node:perf_hooks';
import { ensureCatalogue } from './generate.ts';
import { openDatabase } from '../server/db/database.ts';
import { ScriptRepository } from '../server/scripts/repository.ts';

const count = Number(process.argv[2] ?? 200_000);
const catalogue = await ensureCatalogue(count);
const db = openDatabase({ kind: 'sqlite', file: catalogue.file });
const repo = new ScriptRepository(db);
const cases: Record<string, unknown>[] = [
  {}, { sort: 'views' }, { sort: 'trending' }, { sort: 'updated' },
  { key: false }, { key: false, sort: 'trending' }, { verified: true }, { verified: true, sort: 'views' },
  { verified: true, patched: true }, { verified: true, patched: true, universal: true, sort: 'trending' },
  { game: 'blox-fruits' }, { game: 'blox-fruits', sort: 'views' }, { game: 'doors', verified: true, key: false, sort: 'trending' },
  { q: 'farm' }, { q: 'farm', sort: 'views' }, { q: 'farm', verified: true, sort: 'trending' }, { q: 'zephyrite', sort: 'views' },
  { q: 'teleport', game: 'arsenal', key: false, sort: 'updated' }, { q: 'kill aura', verified: true, patched: true },
  { q: 'v1', verified: true, sort: 'trending' }, { q: 'blox fruits', universal: true },
  { verified: true, offset: 2000 }, { key: false, offset: 5000, sort: 'views' },
];
for (const c of cases) {
  const { offset = 0, ...filter } = c as { offset?: number };
  const times: number[] = [];
  let rows = 0; let total = 0;
  for (let i = 0; i < 5; i += 1) {
    const t = performance.now();
    rows = (await repo.listCards({ limit: 16, offset, ...(filter as object) })).length;
    total = await repo.count((filter as { q?: string }).q, filter as object);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify(c), 'rows', rows, 'total', total, 'first', times[4]?.toFixed(1), 'median', times[2]?.toFixed(1));
}
await db.close();
