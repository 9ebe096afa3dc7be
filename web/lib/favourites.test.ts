import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_STAR_SCRIPT } from '../components/favourites/early-star.ts';
import {
  changedIds,
  FAVOURITES_MAX,
  historyLink,
  idsParam,
  readFavourites,
  recalledVersions,
  rememberVersions,
  VERSIONS_KEPT_MS,
  versionsOf,
} from './favourites.ts';

// The favourites' browser logic (docs/product.md#favourites), run without a browser: the reads of
// web/lib/favourites.ts against in-memory storages, and the document's inline star handler
// (web/components/favourites/early-star.ts) against a document of a few stars. The Chromium journey is
// tests/e2e/favourites.test.ts.

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
let local: MemoryStorage;
let session: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  globals.window = { localStorage: local, sessionStorage: session };
});
afterEach(() => {
  delete globals.window;
});

describe('the stored favourites', () => {
  it('reads the list as stored, newest star first', () => {
    local.setItem('favourites', '[{"id":9,"seen":2},{"id":5,"seen":1}]');
    expect(readFavourites()).toEqual([
      { id: 9, seen: 2 },
      { id: 5, seen: 1 },
    ]);
    expect(idsParam(readFavourites())).toBe('9,5');
  });

  it('skips what the ids call would refuse (bad ids, repeats, beyond 100) and counts a bad seen as never seen', () => {
    const items = [{ id: 0 }, { id: '3', seen: 1 }, { id: 1.5, seen: 1 }, { id: 2_147_483_648, seen: 1 }, null, 'x', { id: 4, seen: 'two' }, { id: 4, seen: 1 }];
    local.setItem('favourites', JSON.stringify(items));
    expect(readFavourites()).toEqual([{ id: 4, seen: 0 }]);
    local.setItem('favourites', JSON.stringify(Array.from({ length: FAVOURITES_MAX + 5 }, (_, index) => ({ id: index + 1, seen: 1 }))));
    const list = readFavourites();
    expect(list).toHaveLength(FAVOURITES_MAX);
    expect(list.at(-1)).toEqual({ id: FAVOURITES_MAX, seen: 1 });
  });

  it('reads malformed or blocked storage as no favourites', () => {
    local.setItem('favourites', '{not json');
    expect(readFavourites()).toEqual([]);
    local.setItem('favourites', '{"id":1,"seen":1}');
    expect(readFavourites()).toEqual([]);
    globals.window = {
      get localStorage() {
        throw new Error('blocked');
      },
    };
    expect(readFavourites()).toEqual([]);
  });
});

describe('changed favourites', () => {
  const list = [
    { id: 1, seen: 1 },
    { id: 2, seen: 3 },
    { id: 3, seen: 2 },
    { id: 5, seen: 1 },
  ];

  it('counts a favourite changed only when its version is above the one seen; an unknown one has not', () => {
    const versions = versionsOf([
      { id: 1, version: 2 },
      { id: 2, version: 3 },
      { id: 3, version: 1 },
      { id: 4, version: 9 },
    ]);
    expect([...changedIds(list, versions)]).toEqual([1]);
  });

  it('links a changed one to its history from the first version not seen', () => {
    expect(historyLink('/scripts/12-fly-hub', 1)).toBe('/scripts/12-fly-hub#version-2');
    expect(historyLink('/scripts/12-fly-hub', 0)).toBe('/scripts/12-fly-hub#version-1');
  });

  it('remembers the versions read for VERSIONS_KEPT_MS, not longer, and ignores a malformed memory', () => {
    const now = Date.UTC(2026, 5, 1);
    rememberVersions(versionsOf([{ id: 1, version: 2 }]), now);
    expect(recalledVersions(now + VERSIONS_KEPT_MS - 1)).toEqual(new Map([[1, 2]]));
    expect(recalledVersions(now + VERSIONS_KEPT_MS)).toBeUndefined();
    // A memory from the future (a clock moved back) is not trusted.
    expect(recalledVersions(now - 1)).toBeUndefined();
    session.setItem('favouriteVersions', '{"at":1,"versions":"x"}');
    expect(recalledVersions(2)).toBeUndefined();
    session.setItem('favouriteVersions', '[');
    expect(recalledVersions(2)).toBeUndefined();
  });
});

/** A star of the fake document: the attributes the inline handler reads and writes. */
class FakeStar {
  readonly attributes = new Map<string, string>();
  constructor(id: number, version: number, opened = false) {
    this.attributes.set('data-star', String(id));
    this.attributes.set('data-version', String(version));
    this.attributes.set('aria-pressed', 'false');
    if (opened) this.attributes.set('data-opened', 'true');
  }
  get dataset() {
    return {
      star: this.attributes.get('data-star'),
      version: this.attributes.get('data-version'),
      opened: this.attributes.get('data-opened'),
    };
  }
  setAttribute(name: string, value: unknown) {
    this.attributes.set(name, String(value));
  }
  closest() {
    return this;
  }
  get pressed() {
    return this.attributes.get('aria-pressed');
  }
}

/** Runs the inline handler over `stars`; answers what it registered and told. */
function runHandler(stars: FakeStar[]) {
  const listeners = new Map<string, (event: unknown) => void>();
  const told: string[] = [];
  let observed: (() => void) | undefined;
  class Observer {
    constructor(callback: () => void) {
      observed = callback;
    }
    observe() {}
  }
  const document = { documentElement: {}, querySelectorAll: () => stars };
  const run = new Function('document', 'localStorage', 'addEventListener', 'dispatchEvent', 'MutationObserver', 'Event', EARLY_STAR_SCRIPT);
  run(
    document,
    local,
    (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    (event: { type: string }) => told.push(event.type),
    Observer,
    class {
      constructor(readonly type: string) {}
    },
  );
  return {
    told,
    click: (star: FakeStar) => listeners.get('click')?.({ target: star }),
    mutated: () => observed?.(),
    otherTab: (key: string) => listeners.get('storage')?.({ key }),
  };
}

const stored = () => JSON.parse(local.getItem('favourites') ?? 'null') as unknown;

describe('the inline star handler', () => {
  it('stars newest first with the version shown, unstars, presses the star and tells the page', () => {
    const first = new FakeStar(7, 2);
    const second = new FakeStar(3, 1);
    const page = runHandler([first, second]);
    page.click(first);
    page.click(second);
    expect(stored()).toEqual([
      { id: 3, seen: 1 },
      { id: 7, seen: 2 },
    ]);
    expect([first.pressed, second.pressed]).toEqual(['true', 'true']);
    page.click(first);
    expect(stored()).toEqual([{ id: 3, seen: 1 }]);
    expect(first.pressed).toBe('false');
    expect(page.told).toEqual(['favourites', 'favourites', 'favourites']);
    // What it writes, the page's reads take as it is.
    expect(readFavourites()).toEqual([{ id: 3, seen: 1 }]);
  });

  it('presses the stars of starred scripts as they appear, and keeps at most 100, dropping the oldest', () => {
    local.setItem('favourites', JSON.stringify(Array.from({ length: 100 }, (_, index) => ({ id: index + 1, seen: 1 }))));
    const later = new FakeStar(100, 1);
    const fresh = new FakeStar(500, 4);
    const stars: FakeStar[] = [];
    const page = runHandler(stars);
    stars.push(later, fresh);
    page.mutated();
    expect([later.pressed, fresh.pressed]).toEqual(['true', 'false']);
    page.click(fresh);
    const list = stored() as { id: number }[];
    expect(list).toHaveLength(100);
    expect(list[0]).toEqual({ id: 500, seen: 4 });
    expect(list.some((item) => item.id === 100)).toBe(false);
    expect(later.pressed).toBe('false');
  });

  it('records the version of an opened script page as seen, only for a starred script and only upwards', () => {
    local.setItem('favourites', '[{"id":7,"seen":1},{"id":8,"seen":5}]');
    const page = runHandler([new FakeStar(7, 3, true), new FakeStar(8, 4, true), new FakeStar(9, 2, true)]);
    page.mutated();
    expect(stored()).toEqual([
      { id: 7, seen: 3 },
      { id: 8, seen: 5 },
    ]);
    expect(page.told).toEqual(['favourites']);
    // A card shows a version without its page having been opened: nothing is seen.
    const card = runHandler([new FakeStar(7, 6)]);
    card.mutated();
    expect((stored() as { seen: number }[])[0]?.seen).toBe(3);
  });

  it('follows another tab, and reads malformed storage as no favourites', () => {
    const star = new FakeStar(4, 1);
    const page = runHandler([star]);
    local.setItem('favourites', '[{"id":4,"seen":1}]');
    page.otherTab('isSubscribed');
    expect(star.pressed).toBe('false');
    page.otherTab('favourites');
    expect(star.pressed).toBe('true');
    local.setItem('favourites', '{"id":4}');
    page.mutated();
    expect(star.pressed).toBe('false');
    page.click(star);
    expect(stored()).toEqual([{ id: 4, seen: 1 }]);
  });
});
