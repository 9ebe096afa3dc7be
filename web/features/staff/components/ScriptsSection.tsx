import { Plus, RefreshCw } from 'lucide-react';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { TABLE_PAGE_SIZE } from '../../../../contract/constants.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../lib/toast.tsx';
import { type ListScript, SCRIPT_ENDPOINTS, useDeleteScript, useScriptPage } from '../api/scripts.ts';
import { useVisibilityToggle } from './visibility.ts';
import { type ListParamsState, useClampPage, useConfirmedDelete, useFailureToast, useListParams } from '../lib/hooks.ts';
import { usePanel } from '../panel.tsx';
import { DeleteDialog } from './ConfirmDialog.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { ListEmpty, ListView } from './ListStates.tsx';
import { ScriptCards, ScriptTable } from './ScriptList.tsx';
import { type ScriptDialogState, ScriptFormDialog } from './ScriptForm.tsx';
import { type HistoryScript, ScriptHistoryDialog } from './ScriptHistory.tsx';
import { SearchInput } from './SearchInput.tsx';
import { StaffSection } from './StaffSection.tsx';

/**
 * A panel's scripts: search, the table or cards, paging, refresh, create, edit (where allowed), the
 * loader's history with its restore, and delete; `lead` goes between the title and the list (the moderator's views chart).
 */
export function ScriptsSection({ lead }: { lead?: ReactNode } = {}) {
  const { role, texts } = usePanel();
  const canEdit = SCRIPT_ENDPOINTS[role].update !== undefined && texts.edit !== undefined;
  const t = texts.scripts;
  const list = useListParams();
  const query = useScriptPage(role, { page: list.page, q: list.q });
  const remove = useConfirmedDelete<ListScript>(role, useDeleteScript(role), { ...t, timedOut: texts.common.timedOut });
  const [dialog, setDialog] = useState<ScriptDialogState>({ kind: 'closed' });
  const [history, setHistory] = useState<HistoryScript | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const toggleHidden = useVisibilityToggle();

  useFailureToast(role, query.error, query.errorUpdatedAt, t.loadFailedToast);
  useClampPage(list.page, query.data?.total, TABLE_PAGE_SIZE, !query.isPlaceholderData && !query.isFetching, list.setPage);

  /** An explicit refresh or retry: only these announce that the scripts loaded. */
  async function refresh() {
    if (query.isFetching) return;
    const result = await query.refetch();
    if (result.isSuccess) toast.success(t.loaded);
  }

  const create = (
    <Button onClick={() => setDialog({ kind: 'create' })}>
      <Plus aria-hidden className="h-4 w-4" />
      {t.create}
    </Button>
  );
  const refreshing = query.isFetching && !query.isPending;
  const empty = <ScriptsEmpty list={list} searchInput={searchInput} create={create} />;

  return (
    <StaffSection
      title={t.title}
      intro={
        <>
          {t.intro}
          {query.data && !query.error ? (
            <span className="ml-2 whitespace-nowrap rounded-full bg-white/5 px-2 py-0.5 text-xs text-slate-300 ring-1 ring-white/10" data-testid="scripts-total">
              {t.count(query.data.total)}
            </span>
          ) : null}
        </>
      }
      actions={
        <>
          {/* Below 640 px the refresh button is a 40 px icon (its name stays for screen readers). */}
          <Button variant="secondary" onClick={() => void refresh()} aria-disabled={refreshing || undefined} title={t.refresh} size="icon" className="sm:w-auto sm:px-4">
            <RefreshCw aria-hidden className={refreshing ? 'h-4 w-4 motion-safe:animate-spin' : 'h-4 w-4'} />
            <span className="sr-only sm:not-sr-only">{t.refresh}</span>
          </Button>
          {create}
        </>
      }
    >
      {lead}
      <SearchInput ref={searchInput} id={`${role}-scripts-search`} list={list} placeholder={t.searchPlaceholder} label={t.searchLabel} busy={list.typing || refreshing} />
      {remove.actionError ? <ErrorBanner message={remove.actionError} onDismiss={() => remove.setActionError(null)} dismissLabel={texts.common.dismiss} /> : null}
      <ListView query={query} loadFailed={t.loadFailed} onRetry={() => void refresh()} empty={empty} paging={{ page: list.page, setPage: list.setPage }}>
        {(scripts) => (
          <>
            <ScriptTable scripts={scripts} onEdit={canEdit ? (script) => setDialog({ kind: 'edit', script }) : undefined} onDelete={remove.setPending} onVisibility={toggleHidden} onHistory={setHistory} />
            <ScriptCards scripts={scripts} onEdit={canEdit ? (script) => setDialog({ kind: 'edit', script }) : undefined} onDelete={remove.setPending} onVisibility={toggleHidden} onHistory={setHistory} />
          </>
        )}
      </ListView>
      <ScriptFormDialog
        state={dialog}
        onClose={() => setDialog({ kind: 'closed' })}
        // A new script is the newest: it heads the unfiltered first page.
        onSaved={(kind) => (kind === 'create' ? list.reset() : undefined)}
      />
      <DeleteDialog question={t.confirmDelete} remove={remove} />
      <ScriptHistoryDialog script={history} onClose={() => setHistory(null)} />
    </StaffSection>
  );
}

/** What an empty list says: nothing matches the search (with Clear search), or no scripts yet (with Create). */
function ScriptsEmpty({ list, searchInput, create }: { list: ListParamsState; searchInput: RefObject<HTMLInputElement | null>; create: ReactNode }) {
  const t = usePanel().texts.scripts;
  return list.q ? (
    <ListEmpty
      searching
      title={t.emptySearch}
      text={t.emptySearchText?.(list.q)}
      action={
        t.clearSearch ? (
          <Button variant="secondary" onClick={() => (list.reset(), searchInput.current?.focus())}>
            {t.clearSearch}
          </Button>
        ) : undefined
      }
    />
  ) : (
    <ListEmpty title={t.empty} text={t.emptyText} action={t.emptyText ? create : undefined} />
  );
}
