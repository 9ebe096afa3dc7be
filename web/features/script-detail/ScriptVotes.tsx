import { type ComponentType, useCallback, useEffect, useId, useState } from 'react';
import type { ScriptCard } from '../../../contract/scripts.ts';
import type { VoteState } from '../../../contract/votes.ts';
import { readString, STORAGE_KEYS } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.tsx';
import { useI18n } from '../../i18n/messages.ts';
import type { ExecutorPickerProps } from './ExecutorPicker.tsx';

/** The sending code loads with the first vote, or on a script this browser voted on (docs/product.md#votes). */
const load = () => import('./votes-client.ts');
/** "Where did you run it?" and its request for the executors load when the visitor opens it. */
const loadPicker = () => import('./ExecutorPicker.tsx');

/** Each toggle: what it sets, the key of its label (detail.votes) and the count it shows. */
const TOGGLES = [
  ['vote', 'like', 'like', 'likes'],
  ['vote', 'dislike', 'dislike', 'dislikes'],
  ['works', true, 'works', 'worksYes'],
  ['works', false, 'broken', 'worksNo'],
] as const;

export interface Votes {
  state: VoteState;
  /** The server's answer to a vote or a restore: its counts include answers not yet written. */
  fromServer: boolean;
  apply: (state: VoteState) => void;
}

/**
 * The visitor's votes on a script: the page's counts at first; after a reload of a script this
 * browser voted on, its own choices and fresh counts (GET my-vote). The compatibility table reads it too.
 */
export function useVotes(script: ScriptCard): Votes {
  const [state, setState] = useState<VoteState>({ ...script, vote: 'none', works: null, executors: [], compatibility: [] });
  const [fromServer, setFromServer] = useState(false);
  const apply = useCallback((next: VoteState) => {
    setState(next);
    setFromServer(true);
  }, []);
  const { id } = script;

  const failures = useI18n().m.votes;
  useEffect(() => {
    if (readString(STORAGE_KEYS.votedScripts)?.includes(`,${id},`)) load().then((client) => client.restore(id, failures)).then(apply, () => undefined);
    // The texts change only with the reading, which a new page brings.
  }, [id, apply]);

  return { state, fromServer, apply };
}

/** The works answer the toggles show: for the chosen executor, or for the script as a whole. */
function worksAnswer(state: VoteState, executor: string): boolean | null {
  return executor ? (state.executors.find((answer) => answer.executor === executor)?.works ?? null) : state.works;
}

/**
 * Like / Dislike and Works / Doesn't work toggles with their counts, rendered on the server; then
 * "Where did you run it?", whose executor a works answer is sent for when one is chosen.
 */
export function ScriptVotes({ id, votes }: { id: number; votes: Votes }) {
  const { m } = useI18n();
  const t = m.detail.votes;
  const { state, apply } = votes;
  const [executor, setExecutor] = useState('');

  return (
    <>
      <div role="group" aria-label={t.label} className="votes">
        {TOGGLES.map(([kind, value, labelKey, count]) => {
          const label = t[labelKey];
          const pressed = (kind === 'vote' ? state.vote : worksAnswer(state, executor)) === value;
          // Pressing the pressed one takes the vote back.
          const next = pressed ? (kind === 'vote' ? 'none' : null) : value;
          const where = kind === 'works' && executor ? executor : undefined;
          return (
            <button
              key={labelKey}
              type="button"
              aria-pressed={pressed}
              className="vote"
              onClick={() => void load().then((client) => client.send(id, kind, next, where, m.votes)).then(apply, (error: Error) => toast.error(error.message))}
            >
              {label} <span>{state[count]}</span>
            </button>
          );
        })}
      </div>
      <WhereDidYouRunIt value={executor} onChange={setExecutor} />
    </>
  );
}

/** A link-like button that, once pressed, gives its place to the executor picker (loaded then). */
function WhereDidYouRunIt({ value, onChange }: { value: string; onChange: (slug: string) => void }) {
  const { m } = useI18n();
  const [Picker, setPicker] = useState<ComponentType<ExecutorPickerProps> | null>(null);
  const id = useId();
  if (Picker) return <Picker id={id} value={value} onChange={onChange} />;
  return (
    <button
      type="button"
      className="text-link mt-2 self-start text-sm"
      onClick={() => void loadPicker().then((module) => setPicker(() => module.ExecutorPicker), () => undefined)}
      onPointerEnter={() => void loadPicker().catch(() => undefined)}
    >
      {m.detail.votes.where}
    </button>
  );
}
