import { useEffect, useState } from 'react';
import type { ScriptCard } from '../../../contract/scripts.ts';
import type { VoteState } from '../../../contract/votes.ts';
import { readString, STORAGE_KEYS } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.tsx';
import { detail } from '../../messages/detail.ts';

const t = detail.votes;
/** The sending code loads with the first vote, or on a script this browser voted on (docs/product.md#votes). */
const load = () => import('./votes-client.ts');

/** Each toggle: what it sets, its label and the count it shows. */
const TOGGLES = [
  ['vote', 'like', t.like, 'likes'],
  ['vote', 'dislike', t.dislike, 'dislikes'],
  ['works', true, t.works, 'worksYes'],
  ['works', false, t.broken, 'worksNo'],
] as const;

/** Like / Dislike and Works / Doesn't work toggles with their counts, rendered on the server. */
export function ScriptVotes({ script }: { script: ScriptCard }) {
  const [state, setState] = useState<VoteState>({ ...script, vote: 'none', works: null, executors: [], compatibility: [] });
  const { id } = script;

  useEffect(() => {
    if (readString(STORAGE_KEYS.votedScripts)?.includes(`,${id},`)) load().then((client) => client.restore(id)).then(setState, () => undefined);
  }, [id]);

  return (
    <div role="group" aria-label={t.label} className="votes">
      {TOGGLES.map(([kind, value, label, count]) => {
        const pressed = state[kind] === value;
        // Pressing the pressed one takes the vote back.
        const next = pressed ? (kind === 'vote' ? 'none' : null) : value;
        return (
          <button
            key={label}
            type="button"
            aria-pressed={pressed}
            className="vote"
            onClick={() => void load().then((client) => client.send(id, kind, next)).then(setState, (error: Error) => toast.error(error.message))}
          >
            {label} <span>{state[count]}</span>
          </button>
        );
      })}
    </div>
  );
}
