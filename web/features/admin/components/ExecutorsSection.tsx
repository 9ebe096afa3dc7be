import { Plus } from 'lucide-react';
import { useAdminMessages } from '../../staff/panel.tsx';
import { useState } from 'react';
import type { Executor, ExecutorStatus } from '../../../../contract/executors.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.ts';
import { DeleteDialog } from '../../staff/components/ConfirmDialog.tsx';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { ListEmpty, ListView } from '../../staff/components/ListStates.tsx';
import { StaffSection } from '../../staff/components/StaffSection.tsx';
import { useConfirmedDelete, useFailureToast } from '../../staff/lib/hooks.ts';
import { useDeleteExecutor, useExecutors } from '../api/executors.ts';
import { type ExecutorDialogState, ExecutorFormDialog } from './ExecutorFormDialog.tsx';
import { RowActions } from './RowActions.tsx';


/** Executors: the whole list (working first, then by name), create and edit in a dialog, delete with confirmation. */
export function ExecutorsSection() {
  const t = useAdminMessages().executors;
  const c = useAdminMessages().common;
  const query = useExecutors();
  const remove = useConfirmedDelete<Executor>('admin', useDeleteExecutor(), { ...t, timedOut: c.timedOut });
  const [dialog, setDialog] = useState<ExecutorDialogState>({ kind: 'closed' });

  useFailureToast('admin', query.error, query.errorUpdatedAt, t.loadFailed);

  const create = (
    <Button onClick={() => setDialog({ kind: 'create' })}>
      <Plus aria-hidden className="h-4 w-4" />
      {t.newExecutor}
    </Button>
  );
  return (
    <StaffSection title={t.title} intro={t.intro} actions={create}>
      {remove.actionError ? <ErrorBanner message={remove.actionError} onDismiss={() => remove.setActionError(null)} dismissLabel={c.dismiss} /> : null}
      <ListView query={query} loadFailed={t.loadFailed} onRetry={() => void query.refetch()} empty={<ListEmpty title={t.empty} text={t.emptyHint} action={create} />}>
        {(rows) => <ExecutorTable rows={rows} onEdit={(executor) => setDialog({ kind: 'edit', executor })} onDelete={remove.setPending} />}
      </ListView>
      <ExecutorFormDialog state={dialog} onClose={() => setDialog({ kind: 'closed' })} />
      <DeleteDialog question={t.confirmDelete} detail={t.confirmDeleteDetail} remove={remove} />
    </StaffSection>
  );
}

const STATUS_CLASS: Record<ExecutorStatus, string> = {
  working: 'bg-emerald-500/10 text-emerald-200 ring-emerald-400/30',
  updating: 'bg-amber-500/10 text-amber-200 ring-amber-400/30',
  patched: 'bg-red-500/10 text-red-200 ring-red-400/30',
  discontinued: 'bg-slate-500/10 text-slate-300 ring-slate-400/30',
};

function StatusBadge({ status }: { status: ExecutorStatus }) {
  const t = useAdminMessages().executors;
  return <span className={cn('whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', STATUS_CLASS[status])}>{t.statuses[status]}</span>;
}

function ExecutorTable({ rows, onEdit, onDelete }: { rows: Executor[]; onEdit: (executor: Executor) => void; onDelete: (executor: Executor) => void }) {
  const t = useAdminMessages().executors;
  const c = useAdminMessages().common;
  const { timeZone } = useSettings();
  const cell = 'px-3 py-3 sm:px-4';
  const wide = `${cell} hidden font-semibold md:table-cell`;
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-white/10">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t.listLabel}</caption>
        <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.name}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.status}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t.columns.platforms}</th>
            <th scope="col" className={wide}>{t.columns.version}</th>
            <th scope="col" className={wide}>{t.columns.free}</th>
            <th scope="col" className={wide}>{t.columns.statusChangedAt}</th>
            <th scope="col" className={`${cell} text-right font-semibold`}>{c.actions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {rows.map((executor) => (
            <tr key={executor.id} data-testid="executor-row" className="hover:bg-white/[0.03]">
              <td className={cell}>
                <p className="break-words font-medium text-white">{executor.name}</p>
                <p className="break-all font-mono text-xs text-slate-400">{executor.slug}</p>
              </td>
              <td className={cell}>
                <StatusBadge status={executor.status} />
              </td>
              <td className={`${cell} text-slate-200`}>{executor.platforms.map((platform) => t.platforms[platform]).join(', ')}</td>
              <td className={`${cell} hidden break-words text-slate-300 md:table-cell`}>{executor.version ?? <span className="text-slate-400">{t.none}</span>}</td>
              <td className={`${cell} hidden text-slate-300 md:table-cell`}>{executor.free ? t.yes : t.no}</td>
              <td className={`${cell} hidden whitespace-nowrap text-slate-300 md:table-cell`}>
                <time dateTime={executor.statusChangedAt}>{formatDate(executor.statusChangedAt, timeZone)}</time>
              </td>
              <RowActions editLabel={t.editLabel(executor.name)} deleteLabel={t.deleteLabel(executor.name)} onEdit={() => onEdit(executor)} onDelete={() => onDelete(executor)} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
