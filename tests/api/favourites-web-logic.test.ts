import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_STAR_SCRIPT } from '../../web/components/favourites/early-star.ts';
import { changedIds, FAVOURITES_MAX, idsParam, markSeen, readFavourites, toggleFavourite } from '../../web/lib/favourites.ts';

// The favourites' storage helpers (web/lib/favourites.ts) and the pre-hydration handler, run without a
// browser against an in-memory localStorage.

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const globals = globalThis as unknown as Record<string, unknown>;
let storage: MemoryStorage;
let events: string[];

beforeEach(() => {
  storage = new MemoryStorage();
  events = [];
  globals.window = { localStorage: storage, dispatchEvent: (event: Event) => events.push(event.type) };
});
afterEach(() => {
  delete globals.window;
});

describe('favourites storage', () => {
  it('stars newest first with the version seen, unstars, and tells the page', () => {
    expect(toggleFavourite(5, 2)).toBe(true);
    expect(toggleFavourite(9, 1)).toBe(true);
    expect(readFavourites()).toEqual([
      { id: 9, seen: 1 },
      { id: 5, seen: 2 },
    ]);
    expect(toggleFavourite(5, 3)).toBe(false);
    expect(readFavourites()).toEqual([{ id: 9, seen: 1 }]);
    expect(events).toEqual(['favourites', 'favourites', 'favourites']);
    expect(storage.getItem('favourites')).toBe('[{"id":9,"seen":1}]');
  });

  it('keeps at most FAVOURITES_MAX, dropping the oldest star', () => {
    for (let id = 1; id <= FAVOURITES_MAX + 1; id += 1) toggleFavourite(id, 1);
    const list = readFavourites();
    expect(list).toHaveLength(FAVOURITES_MAX);
    expect(list[0]?.id).toBe(FAVOURITES_MAX + 1);
    expect(list.some((item) => item.id === 1)).toBe(false);
  });

  it('marks a starred script seen at its version and leaves others alone', () => {
    toggleFavourite(5, 1);
    markSeen(5, 4);
    markSeen(6, 4);
    expect(readFavourites()).toEqual([{ id: 5, seen: 4 }]);
  });

  it('reads malformed or blocked storage as no favourites', () => {
    storage.setItem('favourites', '{not json');
    expect(readFavourites()).toEqual([]);
    storage.setItem('favourites', '[{"id":"5","seen":1}]');
    expect(readFavourites()).toEqual([]);
    globals.window = {
      get localStorage() {
        throw new Error('blocked');
      },
      dispatchEvent: () => true,
    };
    expect(readFavourites()).toEqual([]);
    expect(() => toggleFavourite(1, 1)).not.toThrow();
  });

  it('counts as changed only a version above the one seen', () => {
    const list = [
      { id: 1, seen: 1 },
      { id: 2, seen: 3 },
      { id: 3, seen: 2 },
    ];
    expect([...changedIds(list, [{ id: 1, version: 2 }, { id: 2, version: 3 }, { id: 3, version: 1 }, { id: 4, version: 9 }])]).toEqual([1]);
    expect(idsParam(list)).toBe('1,2,3');
  });
});

describe('the pre-hydration star handler', () => {
  /** Runs the inline script against a document with one star button; answers a click on it. */
  function earlyPage(hydrated: boolean, id: number, version: number) {
    const attributes = new Map<string, string>([
      ['data-fav', String(id)],
      ['data-fav-v', String(version)],
      ['aria-pressed', 'false'],
    ]);
    const button = { getAttribute: (name: string) => attributes.get(name) ?? null, setAttribute: (name: string, value: string) => attributes.set(name, value) };
    let listener: ((event: unknown) => void) | undefined;
    const document = { documentElement: { dataset: hydrated ? { hydrated: 'true' } : {} }, addEventListener: (_type: string, handler: (event: unknown) => void) => (listener = handler) };
    new Function('document', 'localStorage', EARLY_STAR_SCRIPT)(document, storage);
    const stops: string[] = [];
    return {
      attributes,
      stops,
      click: () => listener?.({ target: { closest: () => button }, preventDefault: () => stops.push('default'), stopImmediatePropagation: () => stops.push('propagation') }),
    };
  }

  it('writes the same shape as the helpers, sets aria-pressed and keeps React from replaying the click', () => {
    toggleFavourite(3, 1);
    const page = earlyPage(false, 7, 2);
    page.click();
    expect(readFavourites()).toEqual([
      { id: 7, seen: 2 },
      { id: 3, seen: 1 },
    ]);
    expect(page.attributes.get('aria-pressed')).toBe('true');
    expect(page.stops).toEqual(['default', 'propagation']);
    page.click();
    expect(readFavourites()).toEqual([{ id: 3, seen: 1 }]);
    expect(page.attributes.get('aria-pressed')).toBe('false');
  });

  it('steps aside once the page has hydrated', () => {
    const page = earlyPage(true, 7, 2);
    page.click();
    expect(readFavourites()).toEqual([]);
    expect(page.stops).toEqual([]);
  });
});
