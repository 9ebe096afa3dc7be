import type { PaginatedScripts } from '../../contract/scripts.ts';
import { changedIds, type Favourite, idsParam, readFavourites } from './favourites.ts';

// Loaded after hydration by the header's Favourites link: the count of changed favourites, asked at
// most once per page view and kept in sessionStorage for a few minutes (docs/product.md#favourites).

const KEY = 'favouritesChanged';
const KEPT_MS = 5 * 60_000;
/** Told on window with the new count, so the header follows what /favourites just learned. */
export const CHANGED_EVENT = 'favourites-changed';

/** One request for every favourite (the list in its order). */
export async function fetchFavourites(list: readonly Favourite[]): Promise<PaginatedScripts> {
  const response = await fetch(`/api/scripts/paginated?ids=${idsParam(list)}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`favourites: ${response.status}`);
  return (await response.json()) as PaginatedScripts;
}

export function remember(list: readonly Favourite[], count: number): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ list: JSON.stringify(list), at: Date.now(), count }));
  } catch {
    // Blocked: the next page asks again.
  }
  window.dispatchEvent(new CustomEvent(CHANGED_EVENT, { detail: count }));
}

function recalled(list: readonly Favourite[]): number | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { list?: unknown; at?: unknown; count?: unknown } | null;
    const fresh = typeof kept?.at === 'number' && Date.now() - kept.at < KEPT_MS && kept.at <= Date.now();
    return fresh && kept?.list === JSON.stringify(list) && typeof kept.count === 'number' ? kept.count : undefined;
  } catch {
    return undefined;
  }
}

export async function changedCount(): Promise<number> {
  const list = readFavourites();
  if (list.length === 0) return 0;
  const kept = recalled(list);
  if (kept !== undefined) return kept;
  const count = changedIds(list, (await fetchFavourites(list)).scripts).size;
  remember(list, count);
  return count;
}
