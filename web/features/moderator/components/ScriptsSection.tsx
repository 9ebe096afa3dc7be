import { CircleAlert, FileCode2, Plus, RefreshCw, Search, SearchX } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.tsx';
import { SEARCH_MAX_LENGTH, TABLE_PAGE_SIZE } from '../../../../contract/constants.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { messages } from '../../../messages/staff.ts';
import { ApiError, errorText } from '../../staff/api/client.ts';
import { ConfirmDialog } from '../../staff/components/ConfirmDialog.tsx';
import { Pagination } from '../../staff/components/Pagination.tsx';
import { isUnauthorized, type ModeratorScript, type ScriptPageParams, useDeleteScript, useScriptPage } from '../api.ts';
import { CreateScriptDialog } from './CreateScriptDialog.tsx';
import { ScriptCards, ScriptListSkeleton, ScriptTable } from './ScriptList.tsx';

const t = messages.moderator.scripts;
const SEARCH_DEBOUNCE_MS = 250;

/** SPEC.md section 8's texts for a failed list load. */
function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'invalid') return messages.moderator.invalidData;
  return errorText(error, t.loadFailed, messages.moderator.timeout);
}

/** The moderator's scripts: search, the table or cards, paging, create and delete (SPEC.md section 2). */
export function ScriptsSection() {
  const { timeZone } = useSettings();
  const [search, setSearch] = useState('');
  const [params, setParams] = useState<ScriptPageParams>({ page: 1, q: '' });
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<ModeratorScript | null>(null);
  const query = useScriptPage(params);
  const remove = useDeleteScript();
  const searchInput = useRef<HTMLInputElement>(null);

  // Server-side search, debounced; a new search starts on page 1 (SPEC.md section 4).
  useEffect(() => {
    const q = search.trim();
    if (q === params.q) return;
    const timer = setTimeout(() => setParams({ page: 1, q }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, params.q]);

  function searchNow(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = search.trim();
    if (q !== params.q) setParams({ page: 1, q });
  }

  // Every failed load toasts (SPEC.md section 8); a 401 instead ends the session (ModeratorPanel).
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && !isUnauthorized(error)) toast.error(t.loadFailedToast);
  }, [isError, error, errorUpdatedAt]);

  // A delete can empty the last page: step back to the new last page.
  const data = query.data;
  useEffect(() => {
    if (!data || query.isPlaceholderData || data.items.length > 0 || data.total === 0) return;
    const last = Math.max(1, Math.ceil(data.total / TABLE_PAGE_SIZE));
    if (params.page > last) setParams((current) => ({ ...current, page: last }));
  }, [data, query.isPlaceholderData, params.page]);

  /** An explicit refresh or retry: only these announce "Скрипты успешно загружены". */
  async function refresh() {
    if (query.isFetching) return;
    const result = await query.refetch();
    if (result.isSuccess) toast.success(t.loaded);
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t.deleted);
        setToDelete(null);
      },
      onError: (failure) => {
        setToDelete(null);
        if (!isUnauthorized(failure)) toast.error(errorText(failure, t.deleteFailed, messages.moderator.timeout));
      },
    });
  }

  function created() {
    // Show the new script: it is the newest, so it heads the unfiltered first page.
    setSearch('');
    setParams({ page: 1, q: '' });
  }

  const refreshing = query.isFetching && !query.isPending;

  let body: React.ReactNode;
  if (query.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center rounded-2xl bg-red-500/10 px-6 py-10 text-center ring-1 ring-red-400/30">
        <CircleAlert aria-hidden className="h-8 w-8 text-red-300" />
        <p className="mt-3 font-semibold text-white">{loadErrorText(query.error)}</p>
        <Button variant="secondary" className="mt-5" onClick={() => void refresh()} loading={query.isFetching} aria-disabled={query.isFetching || undefined}>
          {t.retry}
        </Button>
      </div>
    );
  } else if (query.isPending) {
    body = (
      <>
        <Spinner label={t.loading} className="sr-only" />
        <ScriptListSkeleton />
      </>
    );
  } else if (query.data.items.length === 0 && params.page === 1) {
    body = params.q ? (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-white/15 px-6 py-12 text-center">
        <SearchX aria-hidden className="h-8 w-8 text-slate-400" />
        <p className="mt-3 font-semibold text-white">{t.notFoundTitle}</p>
        <p className="mt-1 text-sm text-slate-300">{t.notFoundText(params.q)}</p>
        <Button
          variant="secondary"
          className="mt-5"
          onClick={() => {
            setSearch('');
            setParams({ page: 1, q: '' });
            searchInput.current?.focus();
          }}
        >
          {t.clearSearch}
        </Button>
      </div>
    ) : (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-white/15 px-6 py-12 text-center">
        <FileCode2 aria-hidden className="h-8 w-8 text-slate-400" />
        <p className="mt-3 font-semibold text-white">{t.emptyTitle}</p>
        <p className="mt-1 text-sm text-slate-300">{t.emptyText}</p>
        <Button className="mt-5" onClick={() => setCreating(true)}>
          <Plus aria-hidden className="h-4 w-4" />
          {t.create}
        </Button>
      </div>
    );
  } else {
    const stale = query.isPlaceholderData;
    body = (
      <div aria-busy={stale || undefined}>
        <ScriptTable scripts={query.data.items} timeZone={timeZone} onDelete={setToDelete} stale={stale} />
        <ScriptCards scripts={query.data.items} timeZone={timeZone} onDelete={setToDelete} stale={stale} />
        <Pagination
          page={params.page}
          pageSize={TABLE_PAGE_SIZE}
          total={query.data.total}
          onPage={(page) => setParams((current) => ({ ...current, page }))}
          labels={t.pagination}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="moderator-scripts-heading" className="mx-auto flex max-w-6xl flex-col gap-5">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="moderator-scripts-heading" className="text-2xl font-extrabold tracking-tight text-white sm:text-3xl">
            {t.heading}
          </h1>
          <p className="mt-1 text-sm text-slate-300">
            {t.intro}
            {query.data && !query.isError ? (
              <span className="ml-2 whitespace-nowrap rounded-full bg-white/5 px-2 py-0.5 text-xs text-slate-300 ring-1 ring-white/10" data-testid="scripts-total">
                {t.count(query.data.total)}
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex gap-2">
          {/* Below 640 px the refresh button is an icon (its name stays for screen readers). */}
          <Button variant="secondary" onClick={() => void refresh()} aria-disabled={refreshing || undefined} title={t.refresh} className="w-10 px-0 sm:w-auto sm:px-4">
            <RefreshCw aria-hidden className={refreshing ? 'h-4 w-4 motion-safe:animate-spin' : 'h-4 w-4'} />
            <span className="sr-only sm:not-sr-only">{t.refresh}</span>
          </Button>
          <Button onClick={() => setCreating(true)} className="flex-1 sm:flex-none">
            <Plus aria-hidden className="h-4 w-4" />
            {t.create}
          </Button>
        </div>
      </header>

      <form role="search" onSubmit={searchNow} className="relative">
        <label htmlFor="moderator-search" className="sr-only">
          {t.searchLabel}
        </label>
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <input
          ref={searchInput}
          id="moderator-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t.searchPlaceholder}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          className="w-full rounded-lg border border-white/15 bg-white/5 py-2.5 pl-9 pr-3 text-sm text-slate-100 placeholder:text-slate-400 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40"
        />
      </form>

      {body}

      <CreateScriptDialog open={creating} onOpenChange={setCreating} onCreated={created} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        question={t.confirmDelete}
        confirmLabel={t.confirm}
        cancelLabel={t.cancel}
        closeLabel={t.close}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
