import { useEffect, useRef, useState } from 'react';
import type { Executor } from '../../../contract/executors.ts';
import { useI18n } from '../../i18n/messages.ts';

export interface ExecutorPickerProps {
  /** The select's id (the button that opened the picker controls it). */
  id: string;
  /** The chosen executor's slug; '' for none. */
  value: string;
  onChange: (slug: string) => void;
}

/** GET /api/executors, asked once per page whatever opens the picker; a failure is asked again on retry. */
let executors: Promise<Executor[]> | undefined;

function loadExecutors(): Promise<Executor[]> {
  executors ??= fetch('/api/executors', { headers: { accept: 'application/json' } }).then(async (response) => {
    if (!response.ok) throw new Error(String(response.status));
    return (await response.json()) as Executor[];
  });
  executors.catch(() => {
    executors = undefined;
  });
  return executors;
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; list: Executor[] };

function useExecutors(): [Loaded, () => void] {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadExecutors().then(
      (list) => current && setLoaded({ state: 'ready', list }),
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = () => {
    setLoaded({ state: 'loading' });
    setAttempt((count) => count + 1);
  };
  return [loaded, retry];
}

/**
 * "Where did you run it?" (docs/decisions/0042-executor-pages.md#what-visitors-and-staff-see-of-executors): a native select of the
 * executors, working ones first as the API orders them, the others named with their status. Loaded
 * when the visitor first opens it; choosing none is an answer too.
 */
export function ExecutorPicker({ id, value, onChange }: ExecutorPickerProps) {
  const { compatibility } = useI18n().m;
  const t = compatibility.where;
  const [loaded, retry] = useExecutors();
  const select = useRef<HTMLSelectElement>(null);
  const ready = loaded.state === 'ready';
  // The visitor asked for the list (the button pressed left the page): once it is there, the keyboard
  // goes straight to it, unless the visitor went on to something else meanwhile.
  useEffect(() => {
    if (ready && (document.activeElement === null || document.activeElement === document.body)) select.current?.focus();
  }, [ready]);

  if (loaded.state === 'loading') {
    return (
      <p role="status" className="mt-2 text-sm text-slate-400">
        {t.loading}
      </p>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <p role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-300">
        {t.failed}
        <button type="button" className="vote" onClick={retry}>
          {t.retry}
        </button>
      </p>
    );
  }
  return (
    <div className="mt-2 flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-200">
        {t.label}
      </label>
      <select ref={select} id={id} value={value} aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.value)} className="h-10 w-full rounded-lg bg-white/5 px-3 text-sm text-slate-100 ring-1 ring-inset ring-white/15 hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 sm:w-72">
        <option value="">{t.none}</option>
        {loaded.list.map((executor) => (
          <option key={executor.slug} value={executor.slug}>
            {executor.status === 'working' ? executor.name : `${executor.name} (${compatibility.status[executor.status]})`}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-slate-400">
        {t.hint}
      </p>
    </div>
  );
}
