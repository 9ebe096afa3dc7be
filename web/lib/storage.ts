/**
 * Client storage of docs/product.md#client-storage, under its exact key names. Every access tolerates a missing
 * or blocked localStorage (private mode, server rendering) and malformed values.
 */
export const STORAGE_KEYS = {
  adminToken: 'adminToken',
  moderatorToken: 'moderatorToken',
  scriptSubscriptions: 'scriptSubscriptions',
  isSubscribed: 'isSubscribed',
  subscribedChannelsVersion: 'subscribedChannelsVersion',
  votedScripts: 'votedScripts',
  panelLanguage: 'panelLanguage',
} as const;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readString(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or blocked: the visitor just repeats the step next time.
  }
}

export function removeKey(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function readJson<T>(key: string, fallback: T, valid: (value: unknown) => value is T): T {
  const raw = readString(key);
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}
