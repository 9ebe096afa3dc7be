import type { VoteState, VoteValue } from '../../contract/index.ts';
import { toCompatibility } from '../executors/presenter.ts';
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


export function toVoteState({ choice, counts, executors, compatibility }: VoteAnswer): VoteState {
  return {
    vote: voteValue(choice.vote),
    works: choice.works === null ? null : choice.works === 1,
    ...counts,
    executors: executors.map(({ ref, works }) => ({ executor: ref.slug, works: works === 1 })),
    compatibility: compatibility.map(toCompatibility),
  };
}
