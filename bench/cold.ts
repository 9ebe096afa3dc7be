import { performance } from 'node:perf_hooks';
import { EXECUTOR_SLUGS, GAME_SLUGS } from './generate.ts';
import { SEARCH_CORPUS } from './search-corpus.ts';
import { percentile } from './stats.ts';

/** Answers asked once each, one at a time, on caches just emptied: what a first visitor waits for. */
export interface ColdAnswers {
  p50: number;
  p99: number;
  max: number;
  slowest: { q: string; ms: number }[];
  /** How many were asked; each a distinct URL. */
  queries: number;
}

/** Each URL once, one at a time, after `clearCaches`; every one must answer 200. */
export async function coldAnswers(url: string, clearCaches: () => Promise<unknown>, items: { label: string; path: string }[]): Promise<ColdAnswers> {
  await clearCaches();
  if (new Set(items.map((item) => item.path)).size !== items.length) throw new Error('cold answers: a URL is asked twice');
  const timings: { q: string; ms: number }[] = [];
  for (const { label, path } of items) {
    const started = performance.now();
    const response = await fetch(`${url}${path}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${label}: ${response.status}`);
    timings.push({ q: label, ms: performance.now() - started });
  }
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    slowest: [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5),
    queries: timings.length,
  };
}

/** The search corpus's queries as first pages of the API. */
export function coldSearchItems(): { label: string; path: string }[] {
  return SEARCH_CORPUS.map((q) => ({ label: q, path: `/api/scripts/paginated?limit=16&offset=0&q=${encodeURIComponent(q)}` }));
}

const SORTS = ['newest', 'views', 'trending', 'updated', 'rating'] as const;

/**
 * Issue 27's filters as a first visitor asks them: every executor and both platform sides, alone and
 * with a game, the filter bar's switches and each sort, first pages and a Load More; each URL once.
 */
export function coldFilterItems(): { label: string; path: string }[] {
  const narrowings: string[][] = [[], [`game=${GAME_SLUGS[0]}`], ['key=false'], ['patched=false', 'verified=true'], ['universal=true'], [`game=${GAME_SLUGS[5]}`, 'key=true']];
  const wheres = [...EXECUTOR_SLUGS.map((slug) => `executor=${slug}`), 'platform=pc', 'platform=mobile', `platform=mobile&executor=${EXECUTOR_SLUGS[3]}`];
  const items: { label: string; path: string }[] = [];
  wheres.forEach((where, w) =>
    narrowings.forEach((narrowing, n) => {
      const sort = SORTS[(w + n) % SORTS.length] as string;
      const query = [where, ...narrowing, `sort=${sort}`].join('&');
      items.push({ label: query, path: `/api/scripts/paginated?limit=16&offset=0&${query}` });
      if (n % 2 === 0) items.push({ label: `${query} (Load More)`, path: `/api/scripts/paginated?limit=8&offset=16&${query}` });
    }),
  );
  return items;
}
