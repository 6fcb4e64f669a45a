import { lazy, Suspense, useCallback, useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/lib/format';
import { PATHS } from '@/lib/paths';
import { useLocale, useT } from '@/lib/i18n/use-t';
import { useHistoryPeriod } from '../api/history-queries';
import { kwh } from '../history-format';
import {
  drillDown,
  inverterKey,
  searchOf,
  type HistoryBounds,
  type HistorySelection,
} from '../history-view';
import { barsOf, flowParts, peakDetail, periodName } from '../period-bars';
import { DataTable } from './data-table';
import { StatCards } from './stat-cards';
import { ViewError } from './view-error';

const PICK_HINTS = {
  month: 'history.OpenDayHint',
  year: 'history.OpenMonthHint',
  lifetime: 'history.OpenYearHint',
} as const;

const BarChart = lazy(() => import('../chart/bar-chart').then((m) => ({ default: m.BarChart })));

export interface PeriodViewProps {
  selection: HistorySelection;
  bounds: HistoryBounds;
  asTable: boolean;
  /** Opens the period of a bar one level down: a bar clicked or Enter on it, or its table link. */
  onDrill(next: HistorySelection, from: 'chart' | 'table'): void;
  /** The name of a device, for inverters of all devices (issue 27). */
  deviceLabel(dtu: string): string;
}

/** Month (daily bars), year (monthly bars) or lifetime (yearly bars) of the fleet's yield. */
export function PeriodView({ selection, bounds, asTable, onDrill, deviceLabel }: PeriodViewProps) {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const { query, shown, stale } = useHistoryPeriod(selection);
  const expected = selection.view === 'lifetime' ? 'years' : selection.view;
  const period = shown?.period === expected ? shown : undefined;
  const bars = useMemo(
    () => period && barsOf(period, selection, bounds, locale),
    [period, selection, bounds, locale],
  );
  const values = useMemo(
    () => bars?.entries.map((entry) => (entry ? entry.yield_wh / 1000 : null)) ?? [],
    [bars],
  );
  const targets = useMemo(
    () =>
      bars?.keys.map((key, i) => {
        const next = bars.entries[i] ? drillDown(selection.view, key) : null;
        // The device shown stays shown one level down.
        return next && selection.dtu ? { ...next, dtu: selection.dtu } : next;
      }),
    [bars, selection.view, selection.dtu],
  );
  const onPick = useCallback(
    (idx: number) => {
      const next = targets?.[idx];
      if (next) onDrill(next, 'chart');
    },
    [targets, onDrill],
  );
  // The house's flow (issue 35): stacked parts when the meter recorded in the period.
  const stack = useMemo(
    () =>
      bars &&
      flowParts(bars.entries, {
        yield: t('history.YieldNoMeter'),
        selfConsumed: t('history.SelfConsumed'),
        exported: t('history.Exported'),
        imported: t('history.Imported'),
      }),
    [bars, t],
  );
  const formatValue = useMemo(
    () => (v: number | null | undefined) =>
      kwh(format, v === null || v === undefined ? v : v * 1000),
    [format],
  );

  if (!period || !bars) {
    return query.isError ? (
      <ViewError error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <div className="text-center my-5">
        <Spinner label={t('base.Loading')} />
      </div>
    );
  }

  const name = periodName(selection, locale, t('history.Lifetime'));
  const bestIndex = values.reduce<number>(
    (best, v, i) => ((v ?? -1) > (values[best] ?? -1) ? i : best),
    0,
  );
  const best = period.entries.length > 0 ? bars.labels[bestIndex] : undefined;
  const summary = best
    ? t('history.PeriodSummary', {
        period: name,
        total: kwh(format, period.total.yield_wh),
        best,
        bestYield: formatValue(values[bestIndex]),
      })
    : t('history.PeriodEmpty', { period: name });
  const grid = period.total.grid;
  const fullSummary = grid
    ? `${summary} ${t('history.PeriodFlowSummary', {
        self: kwh(format, grid.self_consumed_wh),
        exported: kwh(format, grid.export_wh),
        imported: kwh(format, grid.import_wh),
      })}`
    : summary;
  const watts = (v: number) => `${format.decimalNoDigits(v)} W`;
  const heads = bars.entries.flatMap<ReactNode>((entry, i) => {
    const next = targets?.[i];
    if (!entry) return [];
    return next
      ? [
          <Link
            key={bars.keys[i]}
            href={`${PATHS.history}?${searchOf(next)}`}
            onClick={(event) => {
              // A plain click (wouter passes only those): open in place, like a bar.
              event.preventDefault();
              onDrill(next, 'table');
            }}
          >
            {bars.labels[i]}
          </Link>,
        ]
      : [bars.labels[i]];
  });
  const rows = bars.entries.flatMap((entry, i) =>
    entry
      ? [
          [
            bars.labels[i] ?? '',
            kwh(format, entry.yield_wh),
            watts(entry.peak_w),
            ...(grid
              ? [entry.grid?.self_consumed_wh, entry.grid?.export_wh, entry.grid?.import_wh].map(
                  (wh) => (wh === undefined ? '–' : kwh(format, wh)),
                )
              : []),
            ...period.inverters.map((inv) =>
              kwh(
                format,
                entry.inverters.find((x) => inverterKey(x) === inverterKey(inv))?.yield_wh ?? 0,
              ),
            ),
          ],
        ]
      : [],
  );

  return (
    <div className={stale ? 'opacity-50' : undefined} aria-busy={stale || query.isFetching}>
      <StatCards
        stats={[
          { label: t('history.Yield'), value: kwh(format, period.total.yield_wh) },
          {
            label: t('history.Best'),
            value: best ? formatValue(values[bestIndex]) : '–',
            ...(best ? { detail: best } : {}),
          },
          {
            label: t('history.Peak'),
            value: period.total.peak_at !== null ? watts(period.total.peak_w) : '–',
            ...(period.total.peak_date && period.total.peak_local
              ? {
                  detail: peakDetail(
                    period.total.peak_date,
                    locale,
                    t('history.AtTime', { time: period.total.peak_local }),
                  ),
                }
              : {}),
          },
          ...(grid
            ? [
                { label: t('history.SelfConsumed'), value: kwh(format, grid.self_consumed_wh) },
                { label: t('history.Exported'), value: kwh(format, grid.export_wh) },
                { label: t('history.Imported'), value: kwh(format, grid.import_wh) },
              ]
            : []),
        ]}
      />
      <p className="small text-body-secondary mb-2" data-testid="history-summary">
        {fullSummary}
      </p>
      {asTable ? (
        <DataTable
          caption={fullSummary}
          columns={[
            t('history.Period'),
            `${t('history.Yield')} [kWh]`,
            `${t('history.Peak')} [W]`,
            ...(grid
              ? [
                  `${t('history.SelfConsumed')} [kWh]`,
                  `${t('history.Exported')} [kWh]`,
                  `${t('history.Imported')} [kWh]`,
                ]
              : []),
            ...period.inverters.map((inv) => {
              const name = inv.name || inv.serial;
              return `${inv.dtu ? `${name} (${deviceLabel(inv.dtu)})` : name} [kWh]`;
            }),
          ]}
          rows={rows}
          heads={heads}
        />
      ) : (
        <Suspense fallback={<div style={{ height: 300 }} />}>
          <BarChart
            ticks={bars.ticks}
            labels={bars.labels}
            values={values}
            formatValue={formatValue}
            formatTick={(v) =>
              Number.isInteger(v) ? format.decimalNoDigits(v) : format.decimalOneDigit(v)
            }
            summary={fullSummary}
            {...(stack ? { stack } : {})}
            onPick={onPick}
            pickHint={t(PICK_HINTS[selection.view === 'day' ? 'month' : selection.view])}
          />
        </Suspense>
      )}
    </div>
  );
}
