import { lazy, Suspense, useMemo } from 'react';
import type { HistoryRange } from '@heliodtu/contract/history';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/lib/format';
import { useLocale } from '@/lib/i18n/use-t';
import { useT } from '@/lib/i18n/use-t';
import { useHistoryDay } from '../api/history-queries';
import { daySeries } from '../chart/day-series';
import { dateLabel, kwh } from '../history-format';
import { inverterKey, type HistoryInverterRef } from '../history-view';
import { DataTable } from './data-table';
import { StatCards } from './stat-cards';
import { ViewError } from './view-error';

// uPlot comes with the chart, after the figures are on screen.
const DayChart = lazy(() => import('../chart/day-chart').then((m) => ({ default: m.DayChart })));

export interface DayViewProps {
  date: string;
  range: HistoryRange;
  /** The one inverter shown with its strings; absent: the fleet and every inverter. */
  inverter: HistoryInverterRef | undefined;
  onInverter(inverter: HistoryInverterRef | undefined): void;
  /** A companion's device shown (issue 27); absent: all devices (or a plain gateway). */
  dtu: string | undefined;
  /** The name of a device, for inverters of all devices. */
  deviceLabel(dtu: string): string;
  asTable: boolean;
}

/** One local day: yield, peak, the power curves (fleet and inverters, or one inverter's strings). */
export function DayView({
  date,
  range,
  inverter,
  onInverter,
  dtu,
  deviceLabel,
  asTable,
}: DayViewProps) {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const { query, shown: day, stale } = useHistoryDay(date, inverter, dtu, true);
  const chart = useMemo(
    () =>
      day &&
      daySeries(
        day,
        t('history.Fleet'),
        (n) => t('history.StringN', { n: String(n) }),
        deviceLabel,
        { consumption: t('history.Consumption'), grid: t('history.Grid') },
      ),
    [day, t, deviceLabel],
  );

  if (!day || !chart) {
    return query.isError ? (
      <ViewError error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <div className="text-center my-5">
        <Spinner label={t('base.Loading')} />
      </div>
    );
  }

  const figures = inverter
    ? (day.inverters.find((i) => i.serial === inverter.serial) ?? day.total)
    : day.total;
  const watts = (v: number | null | undefined) =>
    v === null || v === undefined ? '–' : `${format.decimalNoDigits(v)} W`;
  const peakTime = figures.peak_local;
  const dateText = dateLabel(locale, day.date);
  const summary = peakTime
    ? t('history.DaySummary', {
        date: dateText,
        yield: kwh(format, figures.yield_wh),
        peak: watts(figures.peak_w),
        time: peakTime,
      })
    : t('history.DayEmpty', { date: dateText });
  // The house's flow (issue 35): only on answers for every inverter, when the meter recorded.
  const grid = day.grid;
  const flowSummary = grid
    ? ` ${t('history.FlowSummary', {
        consumption: kwh(format, grid.consumption_wh),
        imported: kwh(format, grid.import_wh),
        exported: kwh(format, grid.export_wh),
      })}`
    : '';
  const rows = chart.times
    .map((time, idx) => [chart.localTime(time), ...chart.series.map((s) => watts(s.values[idx]))])
    .filter((_, idx) => chart.series.some((s) => s.values[idx] !== null));

  return (
    <div className={stale ? 'opacity-50' : undefined} aria-busy={stale || query.isFetching}>
      <StatCards
        stats={[
          { label: t('history.Yield'), value: kwh(format, figures.yield_wh) },
          {
            label: t('history.Peak'),
            value: peakTime ? watts(figures.peak_w) : '–',
            ...(peakTime ? { detail: t('history.AtTime', { time: peakTime }) } : {}),
          },
          ...(grid
            ? [
                { label: t('history.Consumption'), value: kwh(format, grid.consumption_wh) },
                { label: t('history.Imported'), value: kwh(format, grid.import_wh) },
                { label: t('history.Exported'), value: kwh(format, grid.export_wh) },
              ]
            : []),
        ]}
      />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <label className="small text-body-secondary" htmlFor="history-curves">
          {t('history.Curves')}
        </label>
        <select
          id="history-curves"
          className="form-select form-select-sm w-auto"
          value={inverter ? inverterKey(inverter) : ''}
          onChange={(e) => {
            const picked = range.inverters.find((i) => inverterKey(i) === e.target.value);
            onInverter(picked && { serial: picked.serial, dtu: picked.dtu });
          }}
        >
          <option value="">{t('history.FleetAndInverters')}</option>
          {range.inverters.map((choice) => {
            const name = choice.name || choice.serial;
            return (
              <option key={inverterKey(choice)} value={inverterKey(choice)}>
                {t('history.InverterStrings', {
                  name: choice.dtu ? `${name} (${deviceLabel(choice.dtu)})` : name,
                })}
              </option>
            );
          })}
        </select>
      </div>
      <p className="small text-body-secondary mb-2" data-testid="history-summary">
        {summary + flowSummary}
      </p>
      {asTable ? (
        <DataTable
          caption={summary + flowSummary}
          columns={[t('history.Time'), ...chart.series.map((s) => `${s.label} [W]`)]}
          rows={rows}
        />
      ) : (
        <Suspense fallback={<div style={{ height: 300 }} />}>
          <DayChart day={day} chart={chart} summary={summary + flowSummary} />
        </Suspense>
      )}
    </div>
  );
}
