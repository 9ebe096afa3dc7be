import { sql } from 'kysely';
import { foldSearchText, searchTextOf } from '../../server/db/search.ts';
import type { TestContext } from './app.ts';
import { seededRandom } from '../../tools/seeded-random.ts';

// A catalogue large enough that every way a search can read rows is taken (dense words read newest
// first, rare ones through the trigram index, the cap on totals), built the same on both databases.

const GAMES = ['Blox Fruits', 'Brookhaven RP', 'Adopt Me!', 'Pet Simulator X', 'Da Hood', 'Ёлка Дерби'];
const FEATURES = ['Auto Farm', 'ESP', 'Teleport Hub', 'Infinite Jump', 'Kill Aura', 'Автофарм', 'Silent Aim'];
const SENTENCES = ['Fast and keyless.', 'Works on every executor.', 'Быстрый запуск.', 'Собирает ёлочные игрушки.', 'Zephyrite finder v1.2', ''];

export interface FixtureScript {
  id: number;
  searchText: string;
  createdAt: string;
}


/** Inserts `count` scripts (ids 1…count) whose creation times are not in id order. */
export async function insertSearchFixture(ctx: TestContext, count = 5_000): Promise<FixtureScript[]> {
  const next = seededRandom(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const start = Date.UTC(2025, 0, 1);
  const rows = Array.from({ length: count }, (_, i) => {
    const rare = i % 997 === 0;
    const playsname = `${pick(GAMES)} ${rare ? 'Quartz Qz' : pick(FEATURES)} ${i}`;
    const description = `${pick(SENTENCES)} ${pick(SENTENCES)}`.trim();
    // Mostly in id order, with a day of jitter, so newest-first is not id order.
    const at = new Date(start + i * 3_600_000 + Math.floor((next() - 0.5) * 86_400_000)).toISOString();
    return {
      playsname,
      description,
      loadstring: `print(${i})`,
      image_key: null,
      owner_moderator_id: null,
      search_text: searchTextOf(playsname, description),
      loadstring_search: foldSearchText(`print(${i})`),
      created_at: at,
      updated_at: at,
    };
  });
  const inserted: FixtureScript[] = [];
  for (let first = 0; first < rows.length; first += 500) {
    const chunk = await ctx.db.kysely
      .insertInto('scripts')
      .values(rows.slice(first, first + 500))
      .returning(['id', 'search_text', 'created_at'])
      .execute();
    for (const row of chunk) inserted.push({ id: Number(row.id), searchText: row.search_text, createdAt: new Date(row.created_at).toISOString() });
  }
  ctx.services.cache.invalidate();
  return inserted;
}

/** What a search must answer, computed plainly: every word a substring, newest first. */
export function expectedSearch(scripts: FixtureScript[], q: string, cap: number) {
  const words = foldSearchText(q).split(/[\s,;]+/u).filter(Boolean);
  const matches = scripts
    .filter((script) => words.every((word) => script.searchText.includes(word)))
    .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
  return { ids: matches.map((script) => script.id), total: Math.min(matches.length, cap) };
}

/**
 * Adds `count` filler scripts in one statement, for a search that must read many rows (a rare short
 * word has no index to use). On PostgreSQL the table's GIN indexes are dropped for the insert and made
 * again from their own definitions (pg_indexes) once the rows are in: building an index over 300,000
 * rows at once costs about half of updating it row by row, and the table ends as the migrations left it.
 */
export async function insertFiller(ctx: TestContext, count: number): Promise<void> {
  const text = 'filler script, nothing to find here';
  if (ctx.db.dialect === 'postgres') {
    const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'scripts' AND indexdef LIKE '% USING gin %'`.execute(ctx.db.kysely);
    for (const { indexname } of indexes) await sql`DROP INDEX ${sql.id(indexname)}`.execute(ctx.db.kysely);
    await sql`INSERT INTO scripts (playsname, description, loadstring, search_text, loadstring_search, created_at, updated_at)
      SELECT 'Filler ' || i, ${text}, 'print(1)', 'filler ' || i || chr(10) || ${text}, 'print(1)', now() - make_interval(secs => i), now() - make_interval(secs => i)
      FROM generate_series(1, ${count}) AS i`.execute(ctx.db.kysely);
    for (const { indexdef } of indexes) await sql.raw(indexdef).execute(ctx.db.kysely);
  } else {
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
      INSERT INTO scripts (playsname, description, loadstring, search_text, loadstring_search, created_at, updated_at)
      SELECT 'Filler ' || i, ${text}, 'print(1)', 'filler ' || i || char(10) || ${text}, 'print(1)',
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || i || ' seconds'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || i || ' seconds')
      FROM n`.execute(ctx.db.kysely);
  }
}
