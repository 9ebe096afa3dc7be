import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { isSessionError } from '../api/client.ts';
import { useViewsInsights } from '../api/insights.ts';
import { usePanel } from '../panel.tsx';
import { CHART_HEIGHT, DayChart } from './DayChart.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { loadErrorText } from './ListStates.tsx';

/**
 * The views per day of the panel's own scripts, the last 30 days (GET /api/insights/views), above
 * its scripts list. A failure stays in the card, with a retry: the list below works on regardless.
 */
export function ViewsCard() {
  const { role, texts } = usePanel();
  const query = useViewsInsights(role);
  const t = texts.insights;
  if (!t) return null;
  if (query.error) {
    if (isSessionError(query.error, role)) return null;
    return <ErrorBanner message={loadErrorText(query.error, t.loadFailed, texts.common)} retry={{ label: texts.common.retry, onRetry: () => void query.refetch(), busy: query.isFetching }} />;
  }
  if (!query.data) {
    return (
      <div data-testid="views-loading" className="rounded-xl bg-panel/60 p-4 ring-1 ring-white/10">
        <span className="sr-only">{texts.common.chart.loading}</span>
        <Skeleton className="mb-3 h-5 w-48" />
        <Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />
      </div>
    );
  }
  return <DayChart title={t.title} caption={t.caption} valueLabel={texts.common.chart.views} data={query.data.viewsPerDay} testId="views-chart" />;
}
