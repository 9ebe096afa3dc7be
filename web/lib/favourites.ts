import type { PaginatedScripts } from '../../contract/scripts.ts';

/**
 * Favourites kept in this browser only (docs/product.md#favourites), read after hydration by the
 * header's count (`watchChanged`) and /favourites, both loading this module lazily: one chunk, which
 * imports nothing of the pages' (so not storage.ts either). The stars themselves are written by the
 * document's inline handler (web/components/favourites/early-star.ts): `[{ id, seen }]` under
 * `favourites`, newest star first, `seen` the loader version last seen. Nothing here writes them.
 */
export interface Favourite {
  id: number;
  seen: number;
}

/** Told on window when the favourites or what is known of their versions change. */
export const FAVOURITES_EVENT = 'favourites';
/** The localStorage key (docs/product.md#client-storage). */
export const FAVOURITES_KEY = 'favourites';
/** The `ids` bound of GET /api/scripts/paginated, which the inline handler keeps too. */
export const FAVOURITES_MAX = 100;
/** sessionStorage: the versions last read for the favourites, so the header's count asks once in a while. */
export const VERSIONS_KEY = 'favouriteVersions';
export const VERSIONS_KEPT_MS = 5 * 60_000;
/** One answer serves the header and /favourites when both ask within this long. */
const SHARED_MS = 10_000;
const ID_MAX = 2_147_483_647;

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= ID_MAX;

/**
 * The stored favourites, each id once, at most FAVOURITES_MAX: an item without a valid id is skipped
 * (the `ids` call would refuse the whole list), one without a valid `seen` counts as never seen.
 */
export function readFavourites(): Favourite[] {
  let items: unknown;
  try {
    items = JSON.parse(window.localStorage.getItem(FAVOURITES_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(items)) return [];
  const list: Favourite[] = [];
  const ids = new Set<number>();
  for (const item of items) {
    const { id, seen } = (typeof item === 'object' && item !== null ? item : {}) as Partial<Record<'id' | 'seen', unknown>>;
    if (!isId(id) || ids.has(id) || list.length >= FAVOURITES_MAX) continue;
    ids.add(id);
    list.push({ id, seen: Number.isInteger(seen) ? (seen as number) : 0 });
  }
  return list;
}

/** Whether localStorage keeps what is written (false with storage blocked and in some private modes). */
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

/** The `ids` parameter: the whole list in one request. */
export function idsParam(list: readonly Favourite[]): string {
  return list.map((item) => item.id).join(',');
}

export type Versions = ReadonlyMap<number, number>;

export function versionsOf(scripts: readonly { id: number; version: number }[]): Versions {
  return new Map(scripts.map((script) => [script.id, script.version]));
}

/** The favourites whose loader changed since last seen; one whose version is unknown has not. */
export function changedIds(list: readonly Favourite[], versions: Versions): Set<number> {
  return new Set(list.filter((item) => (versions.get(item.id) ?? 0) > item.seen).map((item) => item.id));
}

/** Where a changed favourite's mark leads: the script page's History, from the first version not seen. */
export function historyLink(path: string, seen: number): string {
  return `${path}#version-${seen + 1}`;
}

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberVersions(versions: Versions, now = Date.now()): void {
  try {
    session()?.setItem(VERSIONS_KEY, JSON.stringify({ at: now, versions: [...versions] }));
  } catch {
    // Full or blocked: the next count asks again.
  }
}

/** The versions remembered in the last VERSIONS_KEPT_MS, if any. */
export function recalledVersions(now = Date.now()): Versions | undefined {
  try {
    const kept = JSON.parse(session()?.getItem(VERSIONS_KEY) ?? 'null') as { at?: unknown; versions?: unknown } | null;
    const at = kept?.at;
    if (typeof at !== 'number' || at > now || now - at >= VERSIONS_KEPT_MS || !Array.isArray(kept?.versions)) return undefined;
    const pairs = (kept.versions as unknown[]).filter((pair): pair is [number, number] => Array.isArray(pair) && isId(pair[0]) && Number.isInteger(pair[1]));
    return new Map(pairs);
  } catch {
    return undefined;
  }
}

let shared: { key: string; at: number; answer: Promise<PaginatedScripts> } | undefined;

async function requestListed(ids: string): Promise<PaginatedScripts> {
  const response = await fetch(`/api/scripts/paginated?ids=${ids}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`favourites: HTTP ${response.status}`);
  const body = (await response.json()) as Partial<PaginatedScripts> | null;
  if (!Array.isArray(body?.scripts)) throw new Error('favourites: malformed answer');
  return body as PaginatedScripts;
}

/**
 * The listed scripts among the favourites: one GET /api/scripts/paginated?ids= for the whole list, shared
 * by whoever asks for the same list within SHARED_MS. Remembers their versions and tells the page.
 */
export function fetchListed(list: readonly Favourite[], now = Date.now()): Promise<PaginatedScripts> {
  const key = idsParam(list);
  if (shared?.key === key && now - shared.at < SHARED_MS) return shared.answer;
  const answer = requestListed(key).then((page) => {
    rememberVersions(versionsOf(page.scripts));
    window.dispatchEvent(new Event(FAVOURITES_EVENT));
    return page;
  });
  const entry = { key, at: now, answer };
  shared = entry;
  answer.catch(() => {
    if (shared === entry) shared = undefined;
  });
  return answer;
}

/** How many favourites changed since last seen: the versions remembered a few minutes, else one `?ids=` request. */
export async function changedCount(): Promise<number> {
  const list = readFavourites();
  if (list.length === 0) return 0;
  const versions = recalledVersions() ?? versionsOf((await fetchListed(list)).scripts);
  return changedIds(list, versions).size;
}

let watching = false;

/**
 * The header's count (web/components/layout/Header.tsx), written on its Favourites link (`.fav-link`):
 * `data-count`, which app.css shows, and the link's name, `named(count)`; neither while nothing changed.
 * React renders neither attribute on the link, so it never writes over them. Written now, and again
 * whenever a star, an opened script page, another tab or a fresh list changes it, for the document's
 * life: each write finds the link(s) anew, so a header mounted again is served by the same listeners.
 */
export function watchChanged(named: (count: number) => string): void {
  let latest = 0;
  const show = (count: number) => {
    for (const link of document.querySelectorAll<HTMLElement>('.fav-link')) {
      if (count > 0) {
        link.dataset.count = String(count);
        link.setAttribute('aria-label', named(count));
      } else {
        delete link.dataset.count;
        link.removeAttribute('aria-label');
      }
    }
  };
  const update = () => {
    const ticket = ++latest;
    changedCount().then(
      (count) => ticket === latest && show(count),
      () => undefined,
    );
  };
  update();
  if (watching) return;
  watching = true;
  window.addEventListener(FAVOURITES_EVENT, update);
  window.addEventListener('storage', (event) => event.key === FAVOURITES_KEY && update());
}
