import { lazy, Suspense, useId } from 'react';
import type { DayFigure } from '../../../../contract/insights.ts';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { dayText, daySummary } from '../lib/days.ts';
import { usePanel } from '../panel.tsx';

// The chart library loads with the first chart, in its own chunk: never on a public page, and not
// before a panel shows a chart (docs/decisions/0012-panel-charts-and-game-field.md#charts-in-the-panels).
const DayChartPlot = lazy(() => import('./DayChartPlot.tsx'));

export const CHART_HEIGHT = 220;

export interface DayChartProps {
  title: string;
  /** What the figures are, for the table's caption and screen readers ("Views per day, the last 30 days"). */
  caption: string;
  /** The name of the figure per day (Views, Scripts). */
  valueLabel: string;
  data: DayFigure[];
  kind?: 'area' | 'bar';
  testId?: string;
}

/**
 * One figure per day as a chart, with its text alternative: a sentence summing it up and the figures
 * as a table, both for screen readers; the drawing itself is hidden from them.
 */
export function DayChart({ title, caption, valueLabel, data, kind = 'area', testId }: DayChartProps) {
  const { texts } = usePanel();
  const t = texts.common.chart;
  const id = useId();
  const summary = daySummary(data);
  return (
    <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} data-testid={testId} className="flex min-w-0 flex-col gap-3 rounded-xl bg-panel/60 p-4 ring-1 ring-white/10">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} className="text-base font-semibold text-white">
          {title}
        </h2>
        <p className="text-sm text-slate-300">{t.total(summary.total)}</p>
        <p id={`${id}-summary`} className="sr-only">
          {caption}. {t.summary(summary.total, summary.days, summary.peak, summary.peakDay ? dayText(summary.peakDay) : '—')}
        </p>
      </figcaption>
      <div aria-hidden className="min-w-0" style={{ height: CHART_HEIGHT }}>
        <Suspense fallback={<Skeleton className="h-full w-full" />}>
          <DayChartPlot data={data} kind={kind} valueLabel={valueLabel} />
        </Suspense>
      </div>
      {/* In a box: a table grows to its content whatever its own width, and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.day}</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((figure) => (
              <tr key={figure.day}>
                <th scope="row">{dayText(figure.day)}</th>
                <td>{figure.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
