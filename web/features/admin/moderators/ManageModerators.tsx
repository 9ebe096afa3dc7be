import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { TABLE_PAGE_SIZE } from '../../../../contract/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.ts';
import { messages } from '../../../messages/staff.ts';
import { ConfirmDialog } from '../../staff/components/ConfirmDialog.tsx';
import { Pagination } from '../../staff/components/Pagination.tsx';
import { ErrorBanner } from '../components/ErrorBanner.tsx';
import { ListEmpty, ListLoading } from '../components/ListStates.tsx';
import { SearchInput } from '../components/SearchInput.tsx';
import { SectionHeader } from '../components/SectionHeader.tsx';
import { isSessionError, loadErrorText } from '../lib/errors.ts';
import { useConfirmedDelete } from '../lib/use-confirmed-delete.ts';
import { useClampPage, useFailureToast, useTableState } from '../lib/table-state.ts';
import { paginationLabels } from '../lib/ui.ts';
import { type ModeratorRow, useDeleteModerator, useModerators } from './api.ts';
import { ModeratorFormModal } from './ModeratorFormModal.tsx';

const t = messages.admin.moderators;
const c = messages.admin.common;

/** SPEC.md "Admin Manage Moderators": search, pages of 10, create and delete. */
export function ManageModerators() {
  const table = useTableState();
  const list = useModerators({ page: table.page, q: table.q });
  const remove = useDeleteModerator();
  const { timeZone } = useSettings();
  const [creating, setCreating] = useState(false);
  const { pendingDelete, setPendingDelete, actionError, setActionError, confirmDelete } = useConfirmedDelete<ModeratorRow>(remove, t);
  // SPEC.md section 3: a moderator without a date shows the current time.
  const [now] = useState(() => new Date().toISOString());

  useFailureToast(list.error, list.errorUpdatedAt, t.loadFailed);
  useClampPage(table.page, list.data?.total, TABLE_PAGE_SIZE, !list.isPlaceholderData && !list.isFetching, table.setPage);

  const rows = list.data?.items ?? [];
  const banner = list.error && !isSessionError(list.error) ? loadErrorText(list.error, t.loadFailed) : null;

  return (
    <section aria-labelledby="admin-section-title">
      <SectionHeader
        title={t.title}
        intro={t.intro}
        action={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="h-4 w-4" />
            {t.newModerator}
          </Button>
        }
      />
      <div className="mb-4">
        <SearchInput
          id="admin-moderators-search"
          value={table.search}
          onChange={table.setSearch}
          placeholder={t.search}
          label={t.searchLabel}
          busy={table.typing || (list.isFetching && !list.isPending)}
        />
      </div>
      {actionError ? <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} dismissLabel={c.dismiss} className="mb-4" /> : null}
      {banner ? (
        <ErrorBanner message={banner} retry={{ label: c.retry, onRetry: () => void list.refetch(), busy: list.isFetching }} className="mb-4" />
      ) : list.isPending ? (
        <ListLoading label={c.loading} />
      ) : rows.length === 0 ? (
        <ListEmpty text={table.q ? t.emptySearch : t.empty} />
      ) : (
        <div aria-busy={list.isPlaceholderData || undefined} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <div className="overflow-x-auto rounded-xl ring-1 ring-white/10">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t.listLabel}</caption>
              <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
                <tr>
                  <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                    {t.columns.username}
                  </th>
                  <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                    {t.columns.createdAt}
                  </th>
                  <th scope="col" className="px-3 py-3 text-right font-semibold sm:px-4">
                    {c.actions}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-white/10">
                {rows.map((moderator) => (
                  <tr key={moderator.id} className="hover:bg-white/[0.03]">
                    <td className={`px-3 py-3 font-medium sm:px-4 ${moderator.name ? 'text-white' : 'italic text-slate-400'}`}>{moderator.name ?? t.noName}</td>
                    <td className="whitespace-nowrap px-3 py-3 text-slate-300 sm:px-4">{formatDate(moderator.createdAt ?? now, timeZone)}</td>
                    <td className="px-3 py-2 text-right sm:px-4">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t.deleteLabel(moderator.name ?? t.noName)}
                        onClick={() => setPendingDelete(moderator)}
                        className="text-red-300 hover:text-red-200"
                      >
                        <Trash2 aria-hidden className="h-4 w-4" />
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={table.page} pageSize={TABLE_PAGE_SIZE} total={list.data?.total ?? 0} onPage={table.setPage} labels={paginationLabels} />
        </div>
      )}
      <ModeratorFormModal open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPendingDelete(null);
        }}
        question={t.confirmDelete}
        confirmLabel={c.delete}
        cancelLabel={c.cancel}
        closeLabel={c.close}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
