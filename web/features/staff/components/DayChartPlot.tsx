import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayFigure } from '../../../../contract/insights.ts';
import { dayText } from '../lib/days.ts';

// The panels' palette (violet on the dark panel), as plain colours: SVG attributes take no classes.
const LINE = '#a78bfa';
const FILL = '#8b5cf6';
const GRID = 'rgba(255, 255, 255, 0.08)';
const TICK = { fill: '#94a3b8', fontSize: 11 };

/**
 * The drawing of a DayChart (recharts, loaded on demand). recharts' keyboard layer is off: the
 * drawing is hidden from assistive technology, which reads the figure's table instead.
 */
export default function DayChartPlot({ data, kind, valueLabel }: { data: DayFigure[]; kind: 'area' | 'bar'; valueLabel: string }) {
  const rows = data.map((figure) => ({ day: dayText(figure.day, true), value: figure.value }));
  const axes = (
    <>
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis dataKey="day" tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} interval="preserveStartEnd" minTickGap={16} />
      <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} width={44} />
      <Tooltip
        cursor={{ stroke: GRID, fill: GRID }}
        contentStyle={{ background: '#0f172a', border: '1px solid rgba(255,255,255,0.15)', borderRadius: 8, color: '#e2e8f0', fontSize: 12 }}
        labelStyle={{ color: '#cbd5e1' }}
      />
    </>
  );
  const margin = { top: 8, right: 8, bottom: 0, left: 0 };
  return (
    <ResponsiveContainer width="100%" height="100%">
      {kind === 'bar' ? (
        <BarChart data={rows} margin={margin} accessibilityLayer={false}>
          {axes}
          <Bar dataKey="value" name={valueLabel} fill={FILL} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      ) : (
        <AreaChart data={rows} margin={margin} accessibilityLayer={false}>
          {axes}
          <Area type="monotone" dataKey="value" name={valueLabel} stroke={LINE} strokeWidth={2} fill={FILL} fillOpacity={0.2} dot={{ r: 2, fill: LINE }} isAnimationActive={false} />
        </AreaChart>
      )}
    </ResponsiveContainer>
  );
}
