import { Plus, Trash2 } from 'lucide-react';
import { useAdminMessages } from '../../staff/panel.tsx';
import { useState } from 'react';
import { TABLE_PAGE_SIZE } from '../../../../contract/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.ts';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { ListEmpty, ListView } from '../../staff/components/ListStates.tsx';
import { DeleteDialog } from '../../staff/components/ConfirmDialog.tsx';
import { SearchInput } from '../../staff/components/SearchInput.tsx';
import { StaffSection } from '../../staff/components/StaffSection.tsx';
import { useClampPage, useConfirmedDelete, useFailureToast, useListParams } from '../../staff/lib/hooks.ts';
import { type ModeratorRow, useDeleteModerator, useModerators } from '../api/moderators.ts';
import { ModeratorFormDialog } from './ModeratorFormDialog.tsx';


/** Moderators: search, pages of 10, create and delete. */
export function ModeratorsSection() {
  const t = useAdminMessages().moderators;
  const c = useAdminMessages().common;
  const list = useListParams();
  const query = useModerators({ page: list.page, q: list.q });
  const remove = useConfirmedDelete<ModeratorRow>('admin', useDeleteModerator(), { ...t, timedOut: c.timedOut });
  const [creating, setCreating] = useState(false);

  useFailureToast('admin', query.error, query.errorUpdatedAt, t.loadFailed);
  useClampPage(list.page, query.data?.total, TABLE_PAGE_SIZE, !query.isPlaceholderData && !query.isFetching, list.setPage);

  return (
    <StaffSection
      title={t.title}
      intro={t.intro}
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden className="h-4 w-4" />
          {t.newModerator}
        </Button>
      }
    >
      <SearchInput id="admin-moderators-search" list={list} placeholder={t.search} label={t.searchLabel} busy={list.typing || (query.isFetching && !query.isPending)} />
      {remove.actionError ? <ErrorBanner message={remove.actionError} onDismiss={() => remove.setActionError(null)} dismissLabel={c.dismiss} /> : null}
      <ListView
        query={query}
        loadFailed={t.loadFailed}
        onRetry={() => void query.refetch()}
        empty={<ListEmpty searching={list.q !== ''} title={list.q ? t.emptySearch : t.empty} />}
        paging={{ page: list.page, setPage: list.setPage }}
      >
        {(rows) => <ModeratorTable rows={rows} onDelete={remove.setPending} />}
      </ListView>
      <ModeratorFormDialog open={creating} onClose={() => setCreating(false)} />
      <DeleteDialog question={t.confirmDelete} remove={remove} />
    </StaffSection>
  );
}

function ModeratorTable({ rows, onDelete }: { rows: ModeratorRow[]; onDelete: (row: ModeratorRow) => void }) {
  const t = useAdminMessages().moderators;
  const c = useAdminMessages().common;
  const { timeZone } = useSettings();
  // A moderator without a date shows the current time.
  const [now] = useState(() => new Date().toISOString());
  const cell = 'px-3 py-3 sm:px-4';
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-white/10">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t.listLabel}</caption>
        <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.username}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.createdAt}</th>
            <th scope="col" className={`${cell} text-right font-semibold`}>{c.actions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {rows.map((moderator) => (
            <tr key={moderator.id} className="hover:bg-white/[0.03]">
              <td className={`${cell} break-all font-medium ${moderator.name ? 'text-white' : 'italic text-slate-400'}`}>{moderator.name ?? t.noName}</td>
              <td className={`${cell} whitespace-nowrap text-slate-300`}>{formatDate(moderator.createdAt ?? now, timeZone)}</td>
              <td className="px-3 py-1 text-right sm:px-4">
                <Button variant="ghost" aria-label={t.deleteLabel(moderator.name ?? t.noName)} onClick={() => onDelete(moderator)} size="icon" className="text-red-300 hover:text-red-200">
                  <Trash2 aria-hidden className="h-4 w-4" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
