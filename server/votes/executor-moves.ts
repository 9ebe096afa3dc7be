import type { CompatibilityRow } from '../executors/compatibility-repository.ts';
import type { ExecutorRef } from '../executors/executor-refs-repository.ts';

/**
 * A visitor's works answers per executor as one process's vote buffer knows them
 * (docs/decisions/0040-works-answers-per-executor.md): what each was before the buffered changes and now,
 * so answers can show the counts as they will be once written.
 */
export interface ExecutorAnswer {
  ref: ExecutorRef;
  /** 1 works, 0 does not, null no counted answer. */
  base: number | null;
  current: number | null;
}
export type ExecutorAnswers = ReadonlyMap<number, ExecutorAnswer>;

/** A stored, counted answer. */
export interface StoredAnswer {
  ref: ExecutorRef;
  works: number;
}

const storedValue = (stored: readonly StoredAnswer[], executorId: number): number | null => stored.find((answer) => answer.ref.id === executorId)?.works ?? null;

/**
 * The answers a new buffered entry starts from: the live entry's, or a copy of those being written
 * (counted from their result, as the entry's choice is), else none.
 */
export function answersOf(live: ExecutorAnswers | undefined, writing: ExecutorAnswers | undefined): Map<number, ExecutorAnswer> {
  if (live) return new Map(live);
  return new Map([...(writing ?? new Map<number, ExecutorAnswer>())].map(([id, answer]) => [id, { ref: answer.ref, base: answer.current, current: answer.current }]));
}

/** The visitor's answer for this executor now: buffered, being written, else stored. */
export function answerNow(answers: ExecutorAnswers, stored: readonly StoredAnswer[], executorId: number): number | null {
  const buffered = answers.get(executorId);
  return buffered ? buffered.current : storedValue(stored, executorId);
}

/** `answers` with this executor's answer set to `value`. */
export function withAnswer(answers: ExecutorAnswers, stored: readonly StoredAnswer[], ref: ExecutorRef, value: number | null): Map<number, ExecutorAnswer> {
  const next = new Map(answers);
  const known = answers.get(ref.id);
  next.set(ref.id, { ref, base: known ? known.base : storedValue(stored, ref.id), current: value });
  return next;
}

/**
 * A buffered entry's answers put after a later one's, for a write that failed: each executor's answer
 * before the failed changes, and the latest value.
 */
export function mergeAnswers(failed: ExecutorAnswers | undefined, later: ExecutorAnswers | undefined): Map<number, ExecutorAnswer> | undefined {
  if (!failed) return later && new Map(later);
  if (!later) return new Map(failed);
  const merged = new Map(failed);
  for (const [id, answer] of later) {
    const before = failed.get(id);
    merged.set(id, { ref: answer.ref, base: before ? before.base : answer.base, current: answer.current });
  }
  return merged;
}

/** The visitor's own answers: stored ones, replaced by buffered ones (null: taken back). */
export function ownAnswers(stored: readonly StoredAnswer[], answers: ExecutorAnswers | undefined): StoredAnswer[] {
  const own = new Map(stored.map((answer) => [answer.ref.id, answer]));
  for (const [id, answer] of answers ?? []) {
    if (answer.current === null) own.delete(id);
    else own.set(id, { ref: answer.ref, works: answer.current });
  }
  return [...own.values()].sort((a, b) => (a.ref.slug < b.ref.slug ? -1 : a.ref.slug > b.ref.slug ? 1 : 0));
}

const rank = (status: string) => (status === 'working' ? 0 : status === 'updating' ? 1 : 2);

/**
 * The stored compatibility rows moved by buffered answers (each against the answer it replaced), in
 * the stored rows' order (working executors first, then by name); a row left with no data goes.
 */
export function compatibilityWith(stored: readonly CompatibilityRow[], buffered: Iterable<ExecutorAnswers>): CompatibilityRow[] {
  const rows = new Map(stored.map((row) => [row.executor_id, { ...row }]));
  for (const answers of buffered) {
    for (const { ref, base, current } of answers.values()) {
      const yes = (current === 1 ? 1 : 0) - (base === 1 ? 1 : 0);
      const no = (current === 0 ? 1 : 0) - (base === 0 ? 1 : 0);
      if (yes === 0 && no === 0) continue;
      const row = rows.get(ref.id) ?? { executor_id: ref.id, slug: ref.slug, name: ref.name, platforms: ref.platforms, status: ref.status, tested: 0, works_yes: 0, works_no: 0 };
      rows.set(ref.id, { ...row, works_yes: row.works_yes + yes, works_no: row.works_no + no });
    }
  }
  return [...rows.values()]
    .map((row) => ({ ...row, works_yes: Math.max(0, row.works_yes), works_no: Math.max(0, row.works_no) }))
    .filter((row) => row.tested === 1 || row.works_yes > 0 || row.works_no > 0)
    .sort((a, b) => rank(a.status) - rank(b.status) || a.name.localeCompare(b.name, 'en'));
}
