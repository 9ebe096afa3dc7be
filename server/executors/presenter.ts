import { type Compatibility, type Executor, type ExecutorDetail, type ExecutorStatus, platformsOf } from '../../contract/index.ts';
import type { CompatibilityRow } from './compatibility-repository.ts';
import type { ExecutorRow } from '../db/types.ts';
import { toIso } from '../shared/dates.ts';
import type { ExecutorWithCounts } from './repository.ts';

export function toExecutor(row: ExecutorRow): Executor {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    platforms: platformsOf(Number(row.platforms)),
    status: row.status,
    version: row.version,
    website: row.website,
    free: Number(row.free) === 1,
    statusChangedAt: toIso(row.status_changed_at),
    updatedAt: toIso(row.updated_at),
  };
}

export function toExecutorDetail(row: ExecutorWithCounts): ExecutorDetail {
  return { ...toExecutor(row), scripts: row.scripts, tested: row.tested };
}

/** One executor's row of a script's compatibility table: the script's answer and the vote answers show it alike. */
export function toCompatibility(row: CompatibilityRow): Compatibility {
  return {
    executor: row.slug,
    name: row.name,
    platforms: platformsOf(row.platforms),
    status: row.status as ExecutorStatus,
    tested: row.tested === 1,
    worksYes: row.works_yes,
    worksNo: row.works_no,
  };
}
