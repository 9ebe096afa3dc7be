import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type StaffScript, TABLE_DESCRIPTION_CLIP, TABLE_PAGE_SIZE } from '../../../../contract/index.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.ts';
import { messages } from '../../../messages/staff.ts';
import { ConfirmDialog } from '../../staff/components/ConfirmDialog.tsx';
import { Pagination } from '../../staff/components/Pagination.tsx';
import { Thumbnail } from '../../staff/components/Thumbnail.tsx';
import { ErrorBanner } from '../components/ErrorBanner.tsx';
import { ListEmpty, ListLoading } from '../components/ListStates.tsx';
import { SearchInput } from '../components/SearchInput.tsx';
import { SectionHeader } from '../components/SectionHeader.tsx';
import { isSessionError, loadErrorText } from '../lib/errors.ts';
import { useConfirmedDelete } from '../lib/use-confirmed-delete.ts';
import { useMediaQuery } from '../lib/hooks.ts';
import { useClampPage, useFailureToast, useTableState } from '../lib/table-state.ts';
import { paginationLabels, WIDE_QUERY } from '../lib/ui.ts';
import { useDeleteScript, useScripts } from './api.ts';
import { clip } from './form.ts';
import { type ScriptModalState, ScriptFormModal } from './ScriptFormModal.tsx';

const t = messages.admin.scripts;
const c = messages.admin.common;

/** SPEC.md "Admin Manage Scripts": search, server-side pages of 10, create, edit and delete. */
export function ManageScripts() {
  const table = useTableState();
  const list = useScripts({ page: table.page, q: table.q });
  const remove = useDeleteScript();
  const wide = useMediaQuery(WIDE_QUERY);
  const [modal, setModal] = useState<ScriptModalState>({ kind: 'closed' });
  const { pendingDelete, setPendingDelete, actionError, setActionError, confirmDelete } = useConfirmedDelete<StaffScript>(remove, t);

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
          <Button onClick={() => setModal({ kind: 'create' })}>
            <Plus aria-hidden className="h-4 w-4" />
            {t.newScript}
          </Button>
        }
      />
      <div className="mb-4">
        <SearchInput
          id="admin-scripts-search"
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
          {wide ? (
            <ScriptTable scripts={rows} onEdit={(script) => setModal({ kind: 'edit', script })} onDelete={setPendingDelete} />
          ) : (
            <ScriptCards scripts={rows} onEdit={(script) => setModal({ kind: 'edit', script })} onDelete={setPendingDelete} />
          )}
          <Pagination page={table.page} pageSize={TABLE_PAGE_SIZE} total={list.data?.total ?? 0} onPage={table.setPage} labels={paginationLabels} />
        </div>
      )}
      <ScriptFormModal state={modal} onClose={() => setModal({ kind: 'closed' })} />
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

interface ListProps {
  scripts: StaffScript[];
  onEdit: (script: StaffScript) => void;
  onDelete: (script: StaffScript) => void;
}

function useDate() {
  const { timeZone } = useSettings();
  return (iso: string) => formatDate(iso, timeZone);
}

function ScriptTable({ scripts, onEdit, onDelete }: ListProps) {
  const date = useDate();
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-white/10">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{t.listLabel}</caption>
        <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
          <tr>
            <th scope="col" className="w-[34%] px-4 py-3 font-semibold">
              {t.columns.name}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t.columns.description}
            </th>
            <th scope="col" className="w-28 px-4 py-3 font-semibold">
              {t.columns.date}
            </th>
            <th scope="col" className="w-28 px-4 py-3 text-right font-semibold">
              {c.actions}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {scripts.map((script) => (
            <tr key={script.id} className="align-top hover:bg-white/[0.03]">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Thumbnail src={script.imageCard ?? script.image} className="w-20" />
                  <span className="min-w-0 font-semibold text-white">{script.playsname}</span>
                </div>
              </td>
              <td className="px-4 py-3 text-slate-300">{clip(script.description, TABLE_DESCRIPTION_CLIP)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-300">{date(script.createdAt)}</td>
              <td className="px-4 py-3">
                <RowActions script={script} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowActions({ script, onEdit, onDelete, withText = false }: { script: StaffScript; onEdit: ListProps['onEdit']; onDelete: ListProps['onDelete']; withText?: boolean }) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" aria-label={t.editLabel(script.playsname)} onClick={() => onEdit(script)}>
        <Pencil aria-hidden className="h-4 w-4" />
        {withText ? c.edit : null}
      </Button>
      <Button variant="ghost" size="sm" aria-label={t.deleteLabel(script.playsname)} onClick={() => onDelete(script)} className="text-red-300 hover:text-red-200">
        <Trash2 aria-hidden className="h-4 w-4" />
        {withText ? c.delete : null}
      </Button>
    </div>
  );
}

function ScriptCards({ scripts, onEdit, onDelete }: ListProps) {
  const date = useDate();
  return (
    <ul aria-label={t.listLabel} className="flex flex-col gap-3">
      {scripts.map((script) => (
        <li key={script.id} className="rounded-xl bg-panel p-3 ring-1 ring-white/10">
          <div className="flex gap-3">
            <Thumbnail src={script.imageCard ?? script.image} className="w-24" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-white">{script.playsname}</p>
              <p className="mt-0.5 text-xs text-slate-400">{date(script.createdAt)}</p>
            </div>
          </div>
          <p className="mt-2 text-sm text-slate-300">{clip(script.description, TABLE_DESCRIPTION_CLIP)}</p>
          <div className="mt-2 border-t border-white/10 pt-2">
            <RowActions script={script} onEdit={onEdit} onDelete={onDelete} withText />
          </div>
        </li>
      ))}
    </ul>
  );
}
