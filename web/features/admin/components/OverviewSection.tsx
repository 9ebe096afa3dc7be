import { ExternalLink, RefreshCw } from 'lucide-react';
import { useAdminMessages } from '../../staff/panel.tsx';
import { type ReactNode, useId } from 'react';
import { scriptPath } from '../../../../contract/games.ts';
import type { AdminInsights } from '../../../../contract/insights.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { isSessionError } from '../../staff/api/client.ts';
import { CHART_HEIGHT, DayChart } from '../../staff/components/DayChart.tsx';
import { ErrorBanner } from '../../staff/components/ErrorBanner.tsx';
import { loadErrorText } from '../../staff/components/ListStates.tsx';
import { StaffSection } from '../../staff/components/StaffSection.tsx';
import { useFailureToast } from '../../staff/lib/hooks.ts';
import { useOverview } from '../api/insights.ts';


/**
 * Where the admin dashboard opens: views and new scripts per day for 30 days (charts), the week's
 * most viewed scripts, and the searches of the last 7 days that found nothing.
 */
export function OverviewSection() {
  const t = useAdminMessages().overview;
  const c = useAdminMessages().common;
  const query = useOverview();
  useFailureToast('admin', query.error, query.errorUpdatedAt, t.loadFailed);
  const refreshing = query.isFetching && !query.isPending;
  let body: ReactNode;
  if (query.error && !isSessionError(query.error, 'admin')) {
    body = <ErrorBanner message={loadErrorText(query.error, t.loadFailed, c)} retry={{ label: c.retry, onRetry: () => void query.refetch(), busy: query.isFetching }} />;
  } else if (!query.data) {
    body = <OverviewLoading />;
  } else {
    body = <OverviewBody data={query.data} />;
  }
  return (
    <StaffSection
      title={t.title}
      intro={t.intro}
      actions={
        <Button variant="secondary" onClick={() => void query.refetch()} aria-disabled={query.isFetching || undefined}>
          <RefreshCw aria-hidden className={refreshing ? 'h-4 w-4 motion-safe:animate-spin' : 'h-4 w-4'} />
          {t.refresh}
        </Button>
      }
    >
      {body}
    </StaffSection>
  );
}

function OverviewLoading() {
  const c = useAdminMessages().common;
  return (
    <div data-testid="overview-loading" className="grid gap-4 xl:grid-cols-2">
      <span className="sr-only">{c.loading}</span>
      {[0, 1].map((key) => (
        <div key={key} className="rounded-xl p-4 ring-1 ring-white/10">
          <Skeleton className="mb-3 h-5 w-40" />
          <Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />
        </div>
      ))}
    </div>
  );
}

function OverviewBody({ data }: { data: AdminInsights }) {
  const t = useAdminMessages().overview;
  const c = useAdminMessages().common;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 xl:grid-cols-2">
        <DayChart title={t.views.title} caption={t.views.caption} valueLabel={c.chart.views} data={data.viewsPerDay} testId="views-chart" />
        <DayChart title={t.newScripts.title} caption={t.newScripts.caption} valueLabel={c.chart.scripts} data={data.newScriptsPerDay} kind="bar" testId="new-scripts-chart" />
      </div>
      <div className="grid items-start gap-4 xl:grid-cols-2">
        <Card title={t.top.title} intro={t.top.intro}>
          {data.topThisWeek.length === 0 ? (
            <p className="text-sm text-slate-300">{t.top.empty}</p>
          ) : (
            <FigureTable
              caption={t.top.title}
              columns={[t.top.columns.rank, t.top.columns.script, t.top.columns.views]}
              rows={data.topThisWeek.map((script, index) => ({
                key: script.id,
                cells: [
                  index + 1,
                  <a key="link" href={scriptPath(script)} target="_blank" rel="noopener" className="inline-flex items-center gap-1 break-words font-medium text-violet-200 underline-offset-4 hover:underline">
                    {script.playsname}
                    <ExternalLink aria-hidden className="h-3.5 w-3.5 shrink-0" />
                    <span className="sr-only">{c.newTab}</span>
                  </a>,
                  script.views,
                ],
              }))}
              testId="top-scripts"
            />
          )}
        </Card>
        <Card title={t.misses.title} intro={t.misses.intro}>
          {data.emptySearches.length === 0 ? (
            <p className="text-sm text-slate-300">{t.misses.empty}</p>
          ) : (
            <FigureTable
              caption={t.misses.title}
              columns={['#', t.misses.columns.query, t.misses.columns.searches]}
              rows={data.emptySearches.map((miss, index) => ({ key: miss.query, cells: [index + 1, <span key="query" className="break-all">{miss.query}</span>, miss.searches] }))}
              testId="empty-searches"
            />
          )}
        </Card>
      </div>
    </div>
  );
}

function Card({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3 rounded-xl bg-panel/60 p-4 ring-1 ring-white/10">
      <div>
        <h2 id={id} className="text-base font-semibold text-white">
          {title}
        </h2>
        <p className="text-sm text-slate-300">{intro}</p>
      </div>
      {children}
    </section>
  );
}

/** A ranked table: number, what, how many (the last column right-aligned). */
function FigureTable({ caption, columns, rows, testId }: { caption: string; columns: [string, string, string]; rows: { key: string | number; cells: [ReactNode, ReactNode, ReactNode] }[]; testId: string }) {
  const cell = 'px-3 py-2';
  return (
    <table className="w-full table-fixed text-left text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs uppercase tracking-wide text-slate-300">
        <tr>
          <th scope="col" className={`${cell} w-10 font-semibold`}>{columns[0]}</th>
          <th scope="col" className={`${cell} font-semibold`}>{columns[1]}</th>
          <th scope="col" className={`${cell} w-24 text-right font-semibold`}>{columns[2]}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-white/10">
        {rows.map((row) => (
          <tr key={row.key}>
            <td className={`${cell} tabular-nums text-slate-400`}>{row.cells[0]}</td>
            <td className={`${cell} text-slate-100`}>{row.cells[1]}</td>
            <td className={`${cell} text-right tabular-nums text-slate-200`}>{row.cells[2]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
