import { useI18n } from '../../i18n/messages.ts';

export type FavouritesStatusKind = 'loading' | 'blocked' | 'empty' | 'failed';

/** What /favourites says while it has no cards to show: loading, storage blocked, none yet, or a failed request. */
export function FavouritesStatus({ kind }: { kind: FavouritesStatusKind }) {
  const t = useI18n().m.favourites;
  return (
    <div role="status" className="empty-state">
      <p className="font-semibold text-white">{t[kind]}</p>
      {kind === 'empty' ? <p className="mt-2 text-sm text-slate-300">{t.emptyHint}</p> : null}
    </div>
  );
}
