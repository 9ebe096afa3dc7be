import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { scriptPath } from '../../../contract/slugs.ts';
import { changedIds, type Favourite, readFavourites, storageWorks } from '../../lib/favourites.ts';
import { ScriptCard } from '../catalogue/ScriptCard.tsx';
import type { LinkedCard } from '../catalogue/filters.ts';
import { favourites as t } from '../../messages/favourites.ts';
import { fetchFavourites, remember } from '../../lib/favourites-changed.ts';

type State = { kind: 'loading' | 'blocked' | 'empty' | 'failed' } | { kind: 'listed'; scripts: LinkedCard[]; changed: Set<number> };

/** Reads the starred scripts after hydration: one ?ids= request for the whole list. */
function useFavourites(): State {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!storageWorks()) return setState({ kind: 'blocked' });
    const list: Favourite[] = readFavourites();
    if (list.length === 0) return setState({ kind: 'empty' });
    let live = true;
    fetchFavourites(list).then(
      ({ scripts }) => {
        if (!live) return;
        const changed = changedIds(list, scripts);
        remember(list, changed.size);
        setState(scripts.length === 0 ? { kind: 'empty' } : { kind: 'listed', scripts: scripts.map((script) => ({ ...script, path: scriptPath(script) })), changed });
      },
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The /favourites page's body (docs/product.md#favourites). */
export function FavouritesList({ timeZone }: { timeZone: string }) {
  const state = useFavourites();
  const { pathname } = useLocation();
  if (state.kind !== 'listed') {
    const text = { loading: t.loading, blocked: t.blocked, empty: t.empty, failed: t.failed }[state.kind];
    return (
      <div role="status" className="mt-10 rounded-2xl bg-panel p-8 text-center ring-1 ring-white/10">
        <p className="font-semibold text-white">{text}</p>
        {state.kind === 'empty' ? <p className="mt-2 text-sm text-slate-400">{t.emptyHint}</p> : null}
      </div>
    );
  }
  return (
    <ul aria-label={t.title} className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {state.scripts.map((script) => (
        <li key={script.id} className="flex flex-col gap-2">
          {state.changed.has(script.id) ? (
            <p className="rounded-lg bg-amber-400/15 px-3 py-2 text-sm text-amber-200" data-testid="favourite-updated">
              {t.updated} ·{' '}
              <Link to={`${script.path}#history`} className="text-link">
                {t.history}
              </Link>
            </p>
          ) : null}
          <ScriptCard script={script} timeZone={timeZone} from={pathname} />
        </li>
      ))}
    </ul>
  );
}
