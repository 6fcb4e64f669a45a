import { useCallback, useMemo } from 'react';
import uPlot from 'uplot';
import { useT } from '@/lib/i18n/use-t';
import { seriesColor, type ChartTheme } from './chart-theme';
import { UplotChart } from './uplot-chart';

const BARS = uPlot.paths.bars?.({ size: [0.7, 48], align: 0 });

export interface BarChartProps {
  /** Short axis label of each bar ('1', 'Jun', '2025'). */
  ticks: string[];
  /** Full label of each bar for the readout ('21 June 2025'). */
  labels: string[];
  /** Yield per bar in kWh; null where nothing was recorded. */
  values: (number | null)[];
  formatValue(value: number | null | undefined): string;
  /** A y-axis number in the language shown. */
  formatTick(value: number): string;
  summary: string;
  /** Opens bar `idx` (drill-down); only bars with a value can be opened. */
  onPick?(idx: number): void;
  /** How to open a bar with the keyboard (read after the summary). */
  pickHint?: string;
  /**
   * Issue 35: the bars split into parts stacked bottom up (self-consumed, exported, imported),
   * each with its own value per bar (null: none); `values` still says which bars have data.
   */
  stack?: BarPart[];
}

/** One part of stacked bars. */
export interface BarPart {
  label: string;
  values: (number | null)[];
  color(theme: ChartTheme): string;
}

/** Running sums of the parts, bottom up: each bar's top edge per part (null where it has none). */
export function stackedTops(parts: readonly BarPart[], bars: number): (number | null)[][] {
  const sums = new Array<number>(bars).fill(0);
  return parts.map((part) =>
    Array.from({ length: bars }, (_, i) => {
      const v = part.values[i];
      if (v === null || v === undefined) return null;
      sums[i] = (sums[i] ?? 0) + v;
      return sums[i] ?? null;
    }),
  );
}

/** Daily, monthly or yearly yields as bars. */
export function BarChart(props: BarChartProps) {
  const { ticks, labels, values, formatValue, formatTick, summary, onPick, pickHint, stack } =
    props;
  const t = useT();
  // Stacked: the highest part is drawn first, each lower one over it (uPlot paints in order).
  const parts = useMemo(() => [...(stack ?? [])].reverse(), [stack]);
  const data = useMemo<uPlot.AlignedData>(() => {
    const x = ticks.map((_, i) => i);
    if (!stack) return [x, values];
    return [x, ...stackedTops(stack, ticks.length).reverse()];
  }, [ticks, values, stack]);

  const options = useCallback(
    (theme: ChartTheme, width: number): Omit<uPlot.Options, 'width' | 'height'> => {
      const axis = {
        stroke: theme.text,
        grid: { stroke: theme.grid, width: 1 },
        ticks: { stroke: theme.grid, width: 1 },
      };
      // Every bar labelled when they fit, else every 2nd/5th (a month on a phone).
      const every = Math.max(1, Math.ceil((ticks.length * 28) / Math.max(width - 60, 100)));
      const step = every === 1 ? 1 : every <= 2 ? 2 : 5;
      return {
        scales: {
          x: { time: false, range: [-0.5, ticks.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
        },
        axes: [
          {
            ...axis,
            grid: { show: false },
            splits: () => ticks.map((_, i) => i).filter((i) => i % step === 0),
            values: (_u, splits) => splits.map((s) => ticks[s] ?? ''),
          },
          {
            ...axis,
            size: 56,
            label: 'kWh',
            labelSize: 16,
            values: (_u, splits) => splits.map((s) => formatTick(s)),
          },
        ],
        series: [
          {
            label: t('history.Period'),
            value: (_u, v) => (v === null ? '–' : (labels[v] ?? '')),
          },
          ...(stack
            ? parts.map((part) => ({
                label: part.label,
                stroke: part.color(theme),
                fill: part.color(theme),
                ...(BARS ? { paths: BARS } : {}),
                points: { show: false },
                // The legend reads each part's own value, not the stacked height.
                value: (_u: uPlot, _v: number | null, _s: number, idx: number | null) =>
                  formatValue(idx === null ? null : part.values[idx]),
              }))
            : [
                {
                  label: t('history.Yield'),
                  stroke: seriesColor(theme, 0),
                  fill: seriesColor(theme, 0),
                  ...(BARS ? { paths: BARS } : {}),
                  points: { show: false },
                  value: (_u: uPlot, v: number | null) => formatValue(v),
                },
              ]),
        ],
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        legend: { live: true },
      };
    },
    [ticks, labels, formatValue, formatTick, t, stack, parts],
  );

  const describe = useCallback(
    (idx: number) =>
      stack
        ? `${labels[idx] ?? ''}: ${stack
            .filter((part) => part.values[idx] !== null && part.values[idx] !== undefined)
            .map((part) => `${part.label} ${formatValue(part.values[idx])}`)
            .join(', ')}`
        : `${labels[idx] ?? ''}: ${formatValue(values[idx])}`,
    [labels, values, formatValue, stack],
  );

  const canPick = useCallback(
    (idx: number) => values[idx] !== null && values[idx] !== undefined,
    [values],
  );

  return (
    <UplotChart
      options={options}
      data={data}
      summary={summary}
      describe={describe}
      {...(onPick ? { onPick, canPick, ...(pickHint ? { pickHint } : {}) } : {})}
    />
  );
}
