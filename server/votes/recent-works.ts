import { type ExpressionBuilder, sql } from 'kysely';
import { MAY_BE_PATCHED_DAYS, MAY_BE_PATCHED_VOTES } from '../../contract/index.ts';
import type { Database } from '../db/types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A listed script's works votes of the window: counted by `recentWorks`, judged by `mayBePatched`. */
export interface RecentWorksColumns {
  recent_works_no: number | string | bigint | null;
  recent_works_yes: number | string | bigint | null;
}

/** The start of the window of works votes that can mark a script "May be patched", for a clock reading. */
export function recentWorksSince(now: number): number {
  return now - MAY_BE_PATCHED_DAYS * DAY_MS;
}

/**
 * Visitors whose current works answer is `works` (0 doesn't, 1 does), set since `since` and after
 * staff last checked the script: a range of script_votes_works_idx per script listed. Only asked of a
 * script that could be May be patched (not patched, at least the threshold of "doesn't work" answers
 * in all): every other row of a listing, nearly all of them, costs no probe.
 */
export function recentWorks(eb: ExpressionBuilder<Database, 'scripts'>, works: 0 | 1, since: number) {
  const count = eb
    .selectFrom('script_votes as v')
    .select((inner) => inner.fn.countAll().as('n'))
    .whereRef('v.script_id', '=', 'scripts.id')
    .where('v.works_at', '>=', since)
    .where('v.works', '=', works)
    .where(sql<boolean>`v.works_at > coalesce(scripts.works_checked_at, -1)`);
  return eb
    .case()
    .when(eb.and([eb('scripts.patched', '=', 0), eb('scripts.works_no', '>=', MAY_BE_PATCHED_VOTES)]))
    .then(count)
    .else(eb.lit(0))
    .end();
}

/**
 * "May be patched" (docs/decisions/0020-votes.md#may-be-patched): not marked patched, and at least
 * MAY_BE_PATCHED_VOTES "doesn't work" votes of the window, more than its "works" votes.
 */
export function mayBePatched(row: RecentWorksColumns & { patched: number }): boolean {
  const no = Number(row.recent_works_no);
  return Number(row.patched) !== 1 && no >= MAY_BE_PATCHED_VOTES && no > Number(row.recent_works_yes);
}
