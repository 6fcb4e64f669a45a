import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import type { HistoryDay } from '@heliodtu/contract/history';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { seriesColor, withoutFlowColours, type ChartTheme } from './chart-theme';
import { hourTicks, type DayChartData } from './day-series';
import { UplotChart } from './uplot-chart';

export interface DayChartProps {
  day: HistoryDay;
  chart: DayChartData;
  summary: string;
}

/** The power curves of one local day; x from local midnight to the next, in the gateway's time. */
export function DayChart({ day, chart, summary }: DayChartProps) {
  const t = useT();
  const format = useFormat();
  const watts = useCallback(
    (value: number | null | undefined) =>
      value === null || value === undefined ? '–' : `${format.decimalNoDigits(value)} W`,
    [format],
  );
  const data = useMemo<uPlot.AlignedData>(
    () => [chart.times, ...chart.series.map((s) => s.values)],
    [chart],
  );

  // The flow curves have colours of their own; on a day with them the inverters' palette leaves
  // those out, so no inverter is drawn in the consumption's orange.
  const paletteIndex = useMemo(() => {
    let next = 0;
    return chart.series.map((s) => (s.flow ? -1 : next++));
  }, [chart]);
  const hasFlow = chart.series.some((s) => s.flow);

  const options = useCallback(
    (theme: ChartTheme, width: number): Omit<uPlot.Options, 'width' | 'height'> => {
      const ticks = hourTicks(day, width < 576 ? 6 : 3);
      const axis = {
        stroke: theme.text,
        grid: { stroke: theme.grid, width: 1 },
        ticks: { stroke: theme.grid, width: 1 },
      };
      return {
        scales: {
          x: { time: false, range: [day.start, day.end] },
          // Export makes the grid curve negative: the axis then reaches below zero.
          y: { range: (_u, min, max) => [Math.min(0, min), Math.max(max, 10)] },
        },
        axes: [
          {
            ...axis,
            splits: () => ticks,
            values: (_u, splits) => splits.map((s) => chart.localTime(s)),
          },
          {
            ...axis,
            size: 56,
            values: (_u, splits) => splits.map((s) => format.decimalNoDigits(s)),
            label: 'W',
            labelSize: 16,
          },
        ],
        series: [
          { label: t('history.Time'), value: (_u, v) => (v === null ? '–' : chart.localTime(v)) },
          ...chart.series.map((s, i) => ({
            label: s.label,
            stroke: s.flow
              ? theme.flow[s.flow]
              : seriesColor(hasFlow ? withoutFlowColours(theme) : theme, paletteIndex[i] ?? i),
            width: i === 0 || s.flow ? 2 : 1.5,
            ...(s.flow === 'grid' ? { dash: [6, 4] } : {}),
            // The first curve (the fleet, or the one inverter) filled: the day's energy at a glance.
            ...(i === 0 ? { fill: `${seriesColor(theme, 0)}22` } : {}),
            spanGaps: false,
            points: { show: false },
            value: (_u: uPlot, v: number | null) => watts(v),
          })),
        ],
        cursor: { drag: { x: false, y: false }, points: { size: 6 } },
        legend: { live: true },
      };
    },
    [day, chart, format, t, watts, paletteIndex, hasFlow],
  );

  const describe = useCallback(
    (idx: number) =>
      [
        chart.localTime(chart.times[idx] ?? day.start),
        ...chart.series.map((s) => `${s.label} ${watts(s.values[idx])}`),
      ].join(', '),
    [chart, day.start, watts],
  );

  return (
    <UplotChart
      options={options}
      data={data}
      summary={summary}
      describe={describe}
      measure="history-day-chart"
    />
  );
}
