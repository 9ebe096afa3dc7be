import { RefreshCw } from 'lucide-react';
import { type Dispatch, type SetStateAction, useId, useState } from 'react';
import { TABLE_PAGE_SIZE } from '../../../../contract/constants.ts';
import { REPORT_REASONS, type ReportAction } from '../../../../contract/report-rules.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.ts';
import { toast } from '../../../lib/toast.tsx';
import { errorText, isSessionError } from '../api/client.ts';
import { type ReportParams, type StaffReport, useDecideReport, useReportPage } from '../api/reports.ts';
import { useClampPage, useFailureToast } from '../lib/hooks.ts';
import { usePanel } from '../panel.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { ListEmpty, ListView } from './ListStates.tsx';
import { StaffSection } from './StaffSection.tsx';

const SELECT = 'rounded-lg bg-slate-950 px-3 py-2 text-sm text-slate-100 ring-1 ring-white/15 focus:outline-none focus:ring-2 focus:ring-violet-400';

/**
 * The review queue (docs/product.md#reports): the admin's every report, a moderator's those on its own
 * scripts; filtered by state (open first) and reason, paged; dismiss, hide or delete behind a
 * confirmation.
 */
export function ReportsSection() {
  const { role, texts } = usePanel();
  const t = texts.reports;
  const [params, setParams] = useState<ReportParams>({ page: 1, state: 'open', reason: 'all' });
  const query = useReportPage(role, params);
  const decision = useReportDecision();
  const { pending, setPending, actionError, setActionError } = decision;
  const setPage = (page: number) => setParams((current) => ({ ...current, page }));

  useFailureToast(role, query.error, query.errorUpdatedAt, t.loadFailed);
  useClampPage(params.page, query.data?.total, TABLE_PAGE_SIZE, !query.isPlaceholderData && !query.isFetching, setPage);

  const body = (
    <>
      <ReportFilters params={params} setParams={setParams} fetching={query.isFetching} onRefresh={() => void query.refetch()} />
      {actionError ? <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} dismissLabel={texts.common.dismiss} /> : null}
      <ListView query={query} loadFailed={t.loadFailed} onRetry={() => void query.refetch()} empty={<ListEmpty title={t.empty} />} paging={{ page: params.page, setPage }}>
        {(reports) => (
          <ul aria-label={t.listLabel} className="flex flex-col gap-3">
            {reports.map((report) => (
              <ReportItem key={report.id} report={report} onAction={(action) => setPending({ report, action })} />
            ))}
          </ul>
        )}
      </ListView>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !decision.busy) setPending(null);
        }}
        question={pending ? t.confirm[pending.action] : ''}
        detail={t.confirmDetail}
        confirmLabel={pending ? t.actions[pending.action] : ''}
        cancelLabel={texts.common.cancel}
        closeLabel={texts.common.close}
        busy={decision.busy}
        onConfirm={decision.confirm}
      />
    </>
  );

  const count = query.data && !query.error ? <span className="ml-2 whitespace-nowrap rounded-full bg-white/5 px-2 py-0.5 text-xs text-slate-300 ring-1 ring-white/10">{t.count(query.data.total)}</span> : null;
  return (
    <StaffSection title={t.title} intro={<>{t.intro}{count}</>}>
      {body}
    </StaffSection>
  );
}

/** The decision awaiting confirmation (a report and an action), sending it once confirmed, and the error of the last one. */
function useReportDecision() {
  const { role, texts } = usePanel();
  const t = texts.reports;
  const decide = useDecideReport(role);
  const [pending, setPending] = useState<{ report: StaffReport; action: ReportAction } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const confirm = () => {
    if (!pending) return;
    const { report, action } = pending;
    decide.mutate(
      { id: report.id, action },
      {
        onSuccess: () => {
          setActionError(null);
          toast.success(t.done[action]);
        },
        onError: (error) => {
          if (isSessionError(error, role)) return;
          setActionError(errorText(error, t.failed, texts.common.timedOut));
          toast.error(t.failed);
        },
        onSettled: () => setPending(null),
      },
    );
  };

  return { pending, setPending, actionError, setActionError, busy: decide.isPending, confirm };
}

/** The queue's State and Reason filters (each back to page 1) and Refresh. */
function ReportFilters({ params, setParams, fetching, onRefresh }: { params: ReportParams; setParams: Dispatch<SetStateAction<ReportParams>>; fetching: boolean; onRefresh: () => void }) {
  const { texts } = usePanel();
  const t = texts.reports;
  const ids = { state: useId(), reason: useId() };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.state} className="text-xs font-semibold text-slate-300">
          {t.stateLabel}
        </label>
        <select id={ids.state} className={SELECT} value={params.state} onChange={(event) => setParams((current) => ({ ...current, page: 1, state: event.target.value as ReportParams['state'] }))}>
          {(['open', 'resolved', 'all'] as const).map((state) => (
            <option key={state} value={state}>
              {t.states[state]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.reason} className="text-xs font-semibold text-slate-300">
          {t.reasonLabel}
        </label>
        <select id={ids.reason} className={SELECT} value={params.reason} onChange={(event) => setParams((current) => ({ ...current, page: 1, reason: event.target.value as ReportParams['reason'] }))}>
          <option value="all">{t.allReasons}</option>
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t.reasons[reason]}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" onClick={onRefresh} title={t.refresh} size="icon" className="sm:w-auto sm:px-4">
        <RefreshCw aria-hidden className={fetching ? 'h-4 w-4 motion-safe:animate-spin' : 'h-4 w-4'} />
        <span className="sr-only sm:not-sr-only">{t.refresh}</span>
      </Button>
    </div>
  );
}

function ReportItem({ report, onAction }: { report: StaffReport; onAction: (action: ReportAction) => void }) {
  const { texts } = usePanel();
  const { timeZone } = useSettings();
  const t = texts.reports;
  const actions: ReportAction[] = report.scriptHidden ? ['dismiss', 'delete'] : ['dismiss', 'hide', 'delete'];
  return (
    <li data-testid="report" className="rounded-xl bg-panel/60 p-4 ring-1 ring-white/10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-white">
            {report.scriptName}
            {report.scriptHidden ? <span className="ml-2 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs text-amber-200 ring-1 ring-amber-400/30">{texts.visibility.hidden}</span> : null}
            {!report.scriptExists ? <span className="ml-2 text-xs text-slate-400">({t.scriptGone})</span> : null}
          </p>
          <p className="mt-1 text-sm text-violet-200">{t.reasons[report.reason]}</p>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-300">{report.details || <span className="italic">{t.noDetails}</span>}</p>
          <p className="mt-2 text-xs text-slate-400">
            {t.received(formatDate(report.createdAt, timeZone))}
            {report.decision ? ` · ${t.decided[report.decision]}${report.decidedBy ? ` ${t.decidedBy(report.decidedBy)}` : ''}` : ''}
          </p>
        </div>
        {report.state === 'open' ? (
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'delete' ? 'danger' : action === 'hide' ? 'secondary' : 'ghost'}
                aria-label={t.actionLabel(t.actions[action], report.scriptName)}
                onClick={() => onAction(action)}
              >
                {t.actions[action]}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </li>
  );
}
