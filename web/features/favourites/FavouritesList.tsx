import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { scriptPath } from '../../../contract/slugs.ts';
import { useI18n } from '../../i18n/messages.ts';
import { changedIds, fetchListed, historyLink, readFavourites, storageWorks, versionsOf } from '../../lib/favourites.ts';
import { ScriptCard } from '../catalogue/ScriptCard.tsx';
import type { LinkedCard } from '../catalogue/filters.ts';
import { FavouritesStatus, type FavouritesStatusKind } from './FavouritesStatus.tsx';

/** A listed favourite, with the version seen when its loader changed since. */
type Listed = LinkedCard & { changedFrom?: number };
type State = { kind: FavouritesStatusKind } | { kind: 'listed'; scripts: Listed[] };

/** The starred scripts, read in the browser through one ?ids= request for the whole list. */
function useFavourites(): State {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!storageWorks()) return setState({ kind: 'blocked' });
    const list = readFavourites();
    if (list.length === 0) return setState({ kind: 'empty' });
    let live = true;
    fetchListed(list).then(
      ({ scripts }) => {
        if (!live) return;
        const changed = changedIds(list, versionsOf(scripts));
        const seen = new Map(list.map((item) => [item.id, item.seen]));
        const listed = scripts.map((script) => ({ ...script, path: scriptPath(script), ...(changed.has(script.id) ? { changedFrom: seen.get(script.id) } : {}) }));
        setState(listed.length === 0 ? { kind: 'empty' } : { kind: 'listed', scripts: listed });
      },
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** /favourites' list (docs/product.md#favourites): the catalogue's cards, a changed one marked with a link to its history. */
export function FavouritesList({ timeZone }: { timeZone: string }) {
  const state = useFavourites();
  const { m, path } = useI18n();
  const t = m.favourites;
  const { pathname } = useLocation();
  if (state.kind !== 'listed') return <FavouritesStatus kind={state.kind} />;
  return (
    <ul aria-label={t.title} className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {state.scripts.map((script) => (
        <li key={script.id} className="flex flex-col gap-2">
          {script.changedFrom === undefined ? null : (
            <p className="fav-updated">
              {t.updated} ·{' '}
              <Link to={path(historyLink(script.path, script.changedFrom))}>
                {t.history}
              </Link>
            </p>
          )}
          <ScriptCard script={script} timeZone={timeZone} from={pathname} />
        </li>
      ))}
    </ul>
  );
}
