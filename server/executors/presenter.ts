import { type Executor, type ExecutorDetail, platformsOf } from '../../contract/index.ts';
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
