import type { Moderator } from '../../contract/index.ts';
import { toIso } from '../shared/dates.ts';

/** A moderator as the API shows it: never its hash. */
export function toModerator(row: { id: number; username: string; created_at: Date | string }): Moderator {
  return { id: row.id, UserName: row.username, createdAt: toIso(row.created_at) };
}
