import type { BlockedDomain } from '../../contract/index.ts';
import type { BlockedDomainRow } from '../db/types.ts';
import { toIso } from '../shared/dates.ts';

export function toBlockedDomain(row: BlockedDomainRow): BlockedDomain {
  return { id: Number(row.id), domain: row.domain, trusted: Number(row.trusted) === 1, createdAt: toIso(row.created_at) };
}
