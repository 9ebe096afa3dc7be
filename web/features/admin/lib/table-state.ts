import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.tsx';
import { useDebouncedValue } from './hooks.ts';
import { isSessionError } from './errors.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A server-paged table's search text and page. The search goes to the server once typing pauses;
 * a new search starts on page 1 (SPEC.md section 4).
 */
export function useTableState() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ q, page: 1 });
  // Any change of the search, back to an earlier text included, starts on page 1 (React's
  // "adjust state while rendering" pattern: no effect, no render with the old page).
  if (paging.q !== q) setPaging({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  return {
    search,
    setSearch,
    q,
    /** Typed text the server has not been asked about yet. */
    typing: search.trim() !== q,
    page,
    setPage: (next: number) => setPaging({ q, page: next }),
  };
}

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

/** SPEC.md section 8: a failure also shows its default text as a toast (once per failure). */
export function useFailureToast(error: unknown, errorUpdatedAt: number, text: string) {
  const shown = useRef(0);
  useEffect(() => {
    if (!error || isSessionError(error) || shown.current === errorUpdatedAt) return;
    shown.current = errorUpdatedAt;
    toast.error(text);
  }, [error, errorUpdatedAt, text]);
}
