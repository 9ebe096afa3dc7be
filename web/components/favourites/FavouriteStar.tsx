import { useEffect, useState } from 'react';
import { FAVOURITES_EVENT, readFavourites, toggleFavourite } from '../../lib/favourites.ts';
import { cn } from '../../lib/cn.ts';
import { favourites as t } from '../../messages/favourites.ts';

/**
 * The star: a toggle kept in localStorage, never sent. Before hydration the layout's early handler
 * (early-star.ts) toggles it through `data-fav`/`data-fav-v`; its look follows `aria-pressed` alone.
 */
export function FavouriteStar({ id, version, name, className }: { id: number; version: number; name: string; className?: string }) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(readFavourites().some((item) => item.id === id));
    sync();
    window.addEventListener(FAVOURITES_EVENT, sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener(FAVOURITES_EVENT, sync);
      window.removeEventListener('storage', sync);
    };
  }, [id]);
  return (
    <button
      type="button"
      data-fav={id}
      data-fav-v={version}
      aria-pressed={on}
      aria-label={t.star(name)}
      onClick={() => setOn(toggleFavourite(id, version))}
      className={cn('fav-star', className)}
    >
      ★
    </button>
  );
}
