import { readJson, STORAGE_KEYS, writeJson } from './storage.ts';

/**
 * Favourites kept in this browser only (docs/product.md#favourites): `[{ id, seen }]`, newest star
 * first, `seen` the loader version last seen. The pre-hydration handler (web/components/favourites/early-star.ts) writes the same
 * shape. Every function tolerates blocked storage and malformed values.
 */
export interface Favourite {
  id: number;
  seen: number;
}

export const FAVOURITES_MAX = 100;
/** Told on window whenever the list changes, so every star and the header agree. */
export const FAVOURITES_EVENT = 'favourites';

const isList = (value: unknown): value is Favourite[] =>
  Array.isArray(value) && value.every((item) => Number.isInteger(item?.id) && Number.isInteger(item?.seen));

export function readFavourites(): Favourite[] {
  return readJson(STORAGE_KEYS.favourites, [], isList);
}

function save(list: Favourite[]): void {
  writeJson(STORAGE_KEYS.favourites, list.slice(0, FAVOURITES_MAX));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(FAVOURITES_EVENT));
}

/** Stars or unstars the script; answers whether it is starred now. */
export function toggleFavourite(id: number, version: number): boolean {
  const list = readFavourites();
  const kept = list.filter((item) => item.id !== id);
  const starred = kept.length === list.length;
  save(starred ? [{ id, seen: version }, ...kept] : kept);
  return starred;
}

/** Opening a starred script's page: its current version is seen. */
export function markSeen(id: number, version: number): void {
  const list = readFavourites();
  if (list.some((item) => item.id === id && item.seen !== version)) save(list.map((item) => (item.id === id ? { id, seen: version } : item)));
}

/** Whether localStorage keeps what is written (false in some private modes and with storage blocked). */
export function storageWorks(): boolean {
  try {
    const probe = '__favourites_probe';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** The scripts whose loader changed since last seen (`version` above `seen`). */
export function changedIds(list: readonly Favourite[], scripts: readonly { id: number; version: number }[]): Set<number> {
  const seen = new Map(list.map((item) => [item.id, item.seen]));
  return new Set(scripts.filter((script) => script.version > (seen.get(script.id) ?? script.version)).map((script) => script.id));
}

/** The `ids` parameter for the list: one request for every favourite. */
export function idsParam(list: readonly Favourite[]): string {
  return list.map((item) => item.id).join(',');
}
