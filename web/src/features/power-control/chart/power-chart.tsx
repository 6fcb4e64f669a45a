import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import type { ExportControlPoint } from '@heliodtu/contract/export-control';
import { useFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { wattsText } from '@/lib/power-text';
import type { ChartColors } from './chart-colors';
import { UplotCanvas } from './uplot-canvas';

/** Minutes before the newest point, as the x axis counts them ("−15 min" … "now"). */
const minutesBefore = (t: number, newest: number) => Math.round((t - newest) / 60_000);

/**
 * The last 15 minutes of export control: grid power (import positive), production, the target
 * and the governed inverters' total limit. Times on the gateway's clock, shown as minutes ago,
 * so a simulated gateway's clock in another year or running faster reads the same.
 */
export function PowerChart({ series }: { series: readonly ExportControlPoint[] }) {
  const t = useT();
  const format = useFormat();
  const newest = series.at(-1)?.t ?? 0;
  const data = useMemo<uPlot.AlignedData>(
    () => [
      series.map((point) => point.t / 1000),
      series.map((point) => point.grid_w),
      series.map((point) => point.production_w),
      series.map((point) => point.target_w),
      series.map((point) => point.limit_w),
    ],
    [series],
  );
  const watts = useCallback(
    (value: number | null | undefined) =>
      value === null || value === undefined ? '–' : wattsText(format, value),
    [format],
  );
  const options = useCallback(
    (colors: ChartColors): Omit<uPlot.Options, 'width' | 'height'> => {
      const axis = {
        stroke: colors.text,
        grid: { stroke: colors.grid, width: 1 },
        ticks: { stroke: colors.grid, width: 1 },
      };
      const line = (label: string, stroke: string, extra: Partial<uPlot.Series> = {}) => ({
        label,
        stroke,
        width: 2,
        points: { show: false },
        value: (_u: uPlot, v: number | null) => watts(v),
        ...extra,
      });
      const end = newest / 1000;
      const [grid, production, target, limit] = colors.series;
      return {
        scales: { x: { time: false, range: [end - 15 * 60, end] } },
        axes: [
          {
            ...axis,
            splits: () => [-15, -10, -5, 0].map((m) => end + m * 60),
            values: (_u, splits) =>
              splits.map((s) => {
                const m = minutesBefore(s * 1000, newest);
                return m === 0 ? t('powercontrol.ChartNow') : t('powercontrol.ChartMinutes', { m });
              }),
          },
          {
            ...axis,
            size: 60,
            values: (_u, splits) => splits.map((s) => format.decimalNoDigits(s)),
            label: 'W',
            labelSize: 16,
          },
        ],
        series: [
          {
            label: t('powercontrol.ChartTime'),
            value: (_u, v) =>
              v === null
                ? '–'
                : t('powercontrol.ChartMinutes', { m: minutesBefore(v * 1000, newest) }),
          },
          line(t('powercontrol.Grid'), grid, { fill: `${grid}22` }),
          line(t('powercontrol.Production'), production),
          line(t('powercontrol.Target'), target, { dash: [6, 4], width: 1.5 }),
          line(t('powercontrol.TotalLimit'), limit, { width: 1.5 }),
        ],
        cursor: { drag: { x: false, y: false }, points: { size: 6 } },
        legend: { live: true },
      };
    },
    [format, newest, t, watts],
  );
  const summary = t('powercontrol.ChartSummary', { count: series.length });
  return <UplotCanvas options={options} data={data} summary={summary} />;
}
