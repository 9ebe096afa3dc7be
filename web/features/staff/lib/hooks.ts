import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '../../../lib/toast.tsx';
import type { StaffRole } from '../api/auth-storage.ts';
import { errorText, isSessionError } from '../api/client.ts';

const noop = () => () => {};

/** False on the server and during hydration, true once the client has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/** How long typing must pause before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A server-paged list's search text and page. The search goes to the server once typing pauses, or
 * at once on Enter; any new search starts on page 1.
 */
export function useListParams() {
  const [search, setSearch] = useState('');
  const [params, setParams] = useState({ q: '', page: 1 });
  const typed = search.trim();
  useEffect(() => {
    if (typed === params.q) return;
    const timer = setTimeout(() => setParams({ q: typed, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, params.q]);
  const setPage = useCallback((page: number) => setParams((current) => ({ ...current, page })), []);
  return {
    search,
    setSearch,
    q: params.q,
    page: params.page,
    /** Typed text the server has not been asked about yet. */
    typing: typed !== params.q,
    setPage,
    submit: () => setParams((current) => (current.q === typed ? current : { q: typed, page: 1 })),
    reset: () => {
      setSearch('');
      setParams({ q: '', page: 1 });
    },
    /** Searches for this text at once (showing a row just created). */
    searchFor: (text: string) => {
      setSearch(text);
      setParams({ q: text.trim(), page: 1 });
    },
  };
}
export type ListParamsState = ReturnType<typeof useListParams>;

/**
 * Keeps the page inside the results: after a delete empties the last page, step back to the new last
 * one (only once the answer for the current page is in).
 */
export function useClampPage(page: number, total: number | undefined, pageSize: number, settled: boolean, setPage: (page: number) => void) {
  useEffect(() => {
    if (!settled || total === undefined) return;
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (page > last) setPage(last);
  }, [page, total, pageSize, settled, setPage]);
}

/** A failed load also shows as a toast, once per failure; a session failure is left to the guard. */
export function useFailureToast(role: StaffRole, error: unknown, errorUpdatedAt: number, text: string) {
  const shown = useRef(0);
  useEffect(() => {
    if (!error || isSessionError(error, role) || shown.current === errorUpdatedAt) return;
    shown.current = errorUpdatedAt;
    toast.error(text);
  }, [role, error, errorUpdatedAt, text]);
}

/**
 * Delete behind a confirmation, as every staff list does it: the row waiting for confirmation, the
 * banner of the last failed action, and the toasts.
 */
export function useConfirmedDelete<Row extends { id: number }>(
  role: StaffRole,
  remove: UseMutationResult<unknown, Error, number>,
  texts: { deleted: string; deleteFailed: string; timedOut: string },
) {
  const [pending, setPending] = useState<Row | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const confirm = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => {
        setActionError(null);
        toast.success(texts.deleted);
      },
      onError: (error) => {
        if (isSessionError(error, role)) return;
        setActionError(errorText(error, texts.deleteFailed, texts.timedOut));
        toast.error(texts.deleteFailed);
      },
      onSettled: () => setPending(null),
    });
  };
  return { pending, setPending, actionError, setActionError, confirm, busy: remove.isPending };
}

/** Tells a FormDialog while its form saves (it then refuses to close), and that it stopped once the form goes. */
export function useReportBusy(saving: boolean, onBusyChange: (busy: boolean) => void): void {
  useEffect(() => {
    onBusyChange(saving);
    return () => onBusyChange(false);
  }, [saving, onBusyChange]);
}
