import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import tableIcon from 'bootstrap-icons/icons/table.svg?raw';
import { Page } from '@/components/layout/page';
import { Icon } from '@/components/ui/icon';
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
  exportQuery,
  searchOf,
  selectionFromSearch,
  type HistoryBounds,
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
 * its date live in the URL (?view=&date=), so Back and a bookmark return to the same period.
 * Dates are the gateway's local days, as the API gives them.
 */
export function HistoryPage() {
  const t = useT();
  const client = useQueryClient();
  const range = useHistoryRange();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [serial, setSerial] = useState<string>();
  const [asTable, setAsTable] = useState(false);
  const viewButtons = useRef(new Map<HistoryView, HTMLButtonElement>());
  const focusAfterDrill = useRef<HistoryView | null>(null);

  const data = range.data;
  const bounds: HistoryBounds | undefined = data && { firstDay: data.first_day, today: data.today };
  const selection = bounds && selectionFromSearch(search, bounds);
  const select = (next: HistorySelection) => navigate(`${PATHS.history}?${searchOf(next)}`);
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
                {...exportQuery(selection, bounds, selection.view === 'day' ? serial : undefined)}
              />
            </div>
          </div>
          {selection.view === 'day' ? (
            <DayView
              date={selection.date}
              range={data}
              serial={serial}
              onSerial={setSerial}
              asTable={asTable}
            />
          ) : (
            <PeriodView selection={selection} bounds={bounds} asTable={asTable} onDrill={drill} />
          )}
        </>
      )}
    </Page>
  );
}
