import type { UseQueryResult } from '@tanstack/react-query';
import { Inbox, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { TABLE_PAGE_SIZE } from '../../../../contract/index.ts';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError, errorText, isSessionError } from '../api/client.ts';
import { usePanel } from '../panel.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { Pagination } from './Pagination.tsx';

/** Skeleton rows while a list loads for the first time (the spinner's label is for screen readers). */
export function ListLoading({ label }: { label: string }) {
  return (
    <div data-testid="list-loading">
      <Spinner label={label} className="sr-only" />
      <div aria-hidden className="flex flex-col gap-3">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-3 rounded-xl p-3 ring-1 ring-white/10">
            <Skeleton className="aspect-video w-20" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** No rows: what the list holds none of, a line more, and the way on (clear the search, create). */
export function ListEmpty({ title, text, action, searching }: { title: string; text?: string; action?: ReactNode; searching?: boolean }) {
  const Icon = searching ? SearchX : Inbox;
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-white/15 px-6 py-12 text-center">
      <Icon aria-hidden className="h-8 w-8 text-slate-400" />
      <p className="mt-3 font-semibold text-white">{title}</p>
      {text ? <p className="mt-1 text-sm text-slate-300">{text}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

/** A failed load's text: the server's `error` when it sent one, else the default; own texts for a time-out and a malformed answer. */
export function loadErrorText(error: unknown, fallback: string, texts: { timedOut: string; invalidData: string }): string {
  if (error instanceof ApiError && error.kind === 'invalid') return texts.invalidData;
  return errorText(error, fallback, texts.timedOut);
}

export interface ListViewProps<Row> {
  query: UseQueryResult<{ items: Row[]; total: number } | Row[]>;
  loadFailed: string;
  onRetry: () => void;
  /** What an empty answer shows. */
  empty: ReactNode;
  /** Server paging, when the list has pages. */
  paging?: { page: number; setPage: (page: number) => void };
  children: (rows: Row[]) => ReactNode;
}

/** One list's states: the error banner with a retry, loading, empty, or the rows (dimmed while the next page loads) and their pages. */
export function ListView<Row>({ query, loadFailed, onRetry, empty, paging, children }: ListViewProps<Row>) {
  const { role, texts } = usePanel();
  const c = texts.common;
  if (query.error && !isSessionError(query.error, role)) {
    return <ErrorBanner message={loadErrorText(query.error, loadFailed, c)} retry={{ label: c.retry, onRetry, busy: query.isFetching }} />;
  }
  if (!query.data) return <ListLoading label={c.loading} />;
  const rows = Array.isArray(query.data) ? query.data : query.data.items;
  const total = Array.isArray(query.data) ? rows.length : query.data.total;
  if (rows.length === 0) return <>{empty}</>;
  const stale = query.isPlaceholderData;
  return (
    <div aria-busy={stale || undefined} className={stale ? 'opacity-60 transition-opacity' : undefined}>
      {children(rows)}
      {paging ? <Pagination page={paging.page} pageSize={TABLE_PAGE_SIZE} total={total} onPage={paging.setPage} labels={c.pagination} /> : null}
    </div>
  );
}
