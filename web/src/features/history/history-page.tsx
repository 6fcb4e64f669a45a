import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import tableIcon from 'bootstrap-icons/icons/table.svg?raw';
import { Page } from '@/components/layout/page';
import { Icon } from '@/components/ui/icon';
import { useCompanionDevices } from '@/lib/companion-status';
import { useQueryClient } from '@/lib/query';
import { useT } from '@/lib/i18n/use-t';
import { PATHS } from '@/lib/paths';
import { useHistoryRange } from './api/history-queries';
import { CsvDownload } from './components/csv-download';
import { DayView } from './components/day-view';
import { PeriodNav } from './components/period-nav';
import { PeriodView } from './components/period-view';
import {
  HISTORY_VIEWS,
  deviceOfSearch,
  exportQuery,
  searchOf,
  selectionFromSearch,
  type HistoryBounds,
  type HistoryInverterRef,
  type HistorySelection,
  type HistoryView,
} from './history-view';

const VIEW_KEYS = {
  day: 'history.Day',
  month: 'history.Month',
  year: 'history.Year',
  lifetime: 'history.Lifetime',
} as const;

/**
 * Energy history (issue 14): day curves, monthly/yearly/lifetime yields, CSV export. The view and
 * its date live in the URL (?view=&date=), so Back and a bookmark return to the same period; on a
 * companion of several devices (issue 27) the device too (&dtu=, absent: all devices).
 * Dates are the gateway's local days, as the API gives them.
 */
export function HistoryPage() {
  const t = useT();
  const client = useQueryClient();
  const search = useSearch();
  const { devices, loaded } = useCompanionDevices();
  // Several devices behind a companion (issue 27): all together, or the one named in the URL.
  const choices = devices && devices.length > 1 ? devices : null;
  const namedDevice = deviceOfSearch(search);
  const dtu = choices?.some((d) => d.id === namedDevice) ? namedDevice : undefined;
  // A bookmarked device is asked for once the companion's list confirms it, not all first.
  const range = useHistoryRange(dtu, loaded || !namedDevice);
  const [, navigate] = useLocation();
  const [inverter, setInverter] = useState<HistoryInverterRef>();
  const deviceLabel = useCallback(
    (id: string) => devices?.find((d) => d.id === id)?.name ?? id,
    [devices],
  );
  const [asTable, setAsTable] = useState(false);
  const viewButtons = useRef(new Map<HistoryView, HTMLButtonElement>());
  const focusAfterDrill = useRef<HistoryView | null>(null);

  const data = range.data;
  const bounds: HistoryBounds | undefined = data && { firstDay: data.first_day, today: data.today };
  const selection = bounds && { ...selectionFromSearch(search, bounds), dtu };
  // Another view or period keeps the device shown.
  const select = (next: HistorySelection) =>
    navigate(`${PATHS.history}?${searchOf({ ...next, dtu: next.dtu ?? dtu })}`);
  const selectDevice = (id: string) => {
    setInverter(undefined);
    if (!selection) return;
    const { dtu: _shown, ...rest } = selection;
    navigate(`${PATHS.history}?${searchOf(id ? { ...rest, dtu: id } : rest)}`);
  };
  const reload = () => client.invalidateQueries({ queryKey: ['history'] });
  // A drill-down from the chart into another bar view keeps the focus on the chart (re-labelled,
  // ready for the next Enter); into the day view, or from a table link, whose element goes away,
  // the focus moves to the pressed view button, which names the view now shown.
  const drill = (next: HistorySelection, from: 'chart' | 'table') => {
    if (from === 'table' || next.view === 'day') focusAfterDrill.current = next.view;
    select(next);
  };
  const shownView = selection?.view;
  useEffect(() => {
    if (!shownView || focusAfterDrill.current !== shownView) return;
    focusAfterDrill.current = null;
    viewButtons.current.get(shownView)?.focus();
  }, [shownView]);

  return (
    <Page
      title={t('history.Title')}
      isLoading={range.isPending}
      error={range.isError ? range.error : undefined}
      onReload={reload}
    >
      {data && bounds && selection && (
        <>
          {!data.recording && (
            <div className="alert alert-warning" role="status">
              {t('history.NotRecording')}
            </div>
          )}
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            {choices && (
              <div className="d-flex align-items-center gap-2">
                <label className="small text-body-secondary" htmlFor="history-device">
                  {t('history.Device')}
                </label>
                <select
                  id="history-device"
                  className="form-select form-select-sm w-auto"
                  value={dtu ?? ''}
                  onChange={(e) => selectDevice(e.target.value)}
                >
                  <option value="">{t('history.AllDevices')}</option>
                  {choices.map((device) => (
                    <option key={device.id} value={device.id}>
                      {device.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="btn-group btn-group-sm" role="group" aria-label={t('history.Views')}>
              {HISTORY_VIEWS.map((view) => (
                <button
                  key={view}
                  ref={(element) => {
                    if (element) viewButtons.current.set(view, element);
                    else viewButtons.current.delete(view);
                  }}
                  type="button"
                  className={`btn ${view === selection.view ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-pressed={view === selection.view}
                  onClick={() => select({ view, date: selection.date })}
                >
                  {t(VIEW_KEYS[view])}
                </button>
              ))}
            </div>
            <PeriodNav selection={selection} bounds={bounds} onChange={select} />
            <div className="d-flex flex-wrap align-items-center gap-2 ms-md-auto">
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                aria-pressed={asTable}
                onClick={() => setAsTable((shown) => !shown)}
              >
                <Icon svg={tableIcon} /> {t('history.ShowTable')}
              </button>
              <CsvDownload
                {...exportQuery(selection, bounds, selection.view === 'day' ? inverter : undefined)}
              />
            </div>
          </div>
          {selection.view === 'day' ? (
            <DayView
              date={selection.date}
              range={data}
              inverter={inverter}
              onInverter={setInverter}
              dtu={dtu}
              deviceLabel={deviceLabel}
              asTable={asTable}
            />
          ) : (
            <PeriodView
              selection={selection}
              bounds={bounds}
              asTable={asTable}
              onDrill={drill}
              deviceLabel={deviceLabel}
            />
          )}
        </>
      )}
    </Page>
  );
}
