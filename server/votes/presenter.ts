import type { VoteState, VoteValue } from '../../contract/index.ts';
import type { VoteAnswer } from './vote-buffer.ts';

/** The stored vote (1, -1, null) as the API names it, and back. */
export function voteValue(vote: number | null): VoteValue {
  return vote === 1 ? 'like' : vote === -1 ? 'dislike' : 'none';
}
export function storedVote(value: VoteValue): number | null {
  return value === 'like' ? 1 : value === 'dislike' ? -1 : null;
}
export function storedWorks(works: boolean | null): number | null {
  return works === null ? null : works ? 1 : 0;
}

export function toVoteState({ choice, counts }: VoteAnswer): VoteState {
  // executors and compatibility: filled by the executor answers (issue 27, in progress).
  return { vote: voteValue(choice.vote), works: choice.works === null ? null : choice.works === 1, ...counts, executors: [], compatibility: [] };
}
