import { useSyncExternalStore } from 'react';
import type { Language } from '../../../contract/i18n.ts';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage.ts';
import type { StaffRole } from './api/auth-storage.ts';

/**
 * The panels' language (issue 29, docs/decisions/0045-languages.md): English or Russian, chosen with the
 * switch and kept in localStorage (`panelLanguage`, docs/product.md#client-storage). With no choice
 * stored, a panel shows the specification's reading: its own language (the admin's English, the
 * moderator's Russian) exactly as written, errors as the server words them.
 */
export type PanelReading = 'spec' | Language;

export const SPEC_LANGUAGE: Record<StaffRole, Language> = { admin: 'en', moderator: 'ru' };

/** The reading stored in this browser; 'spec' without a valid choice. */
export function storedReading(): PanelReading {
  const value = readString(STORAGE_KEYS.panelLanguage);
  return value === 'en' || value === 'ru' ? value : 'spec';
}

export function languageOf(role: StaffRole, reading: PanelReading): Language {
  return reading === 'spec' ? SPEC_LANGUAGE[role] : reading;
}

const listeners = new Set<() => void>();

export function choosePanelLanguage(language: Language): void {
  writeString(STORAGE_KEYS.panelLanguage, language);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Chosen in another tab: this one follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.panelLanguage) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The reading of this browser, 'spec' on the server and while hydrating (so a server-rendered login
 * page hydrates as it was sent), then the stored choice.
 */
export function usePanelReading(): PanelReading {
  return useSyncExternalStore(subscribe, storedReading, () => 'spec');
}
