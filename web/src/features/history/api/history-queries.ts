import { useState } from 'react';
import { queryOptions, useQuery } from '@/lib/query';
import type { HistoryDay, HistoryPeriod, HistoryRange } from '@heliodtu/contract/history';
import { HISTORY_PATHS } from '@heliodtu/contract/domain/history-dates';
import { apiGet } from '@/lib/api-client';
import type { HistorySelection } from '../history-view';
import { monthOf, yearOf } from '../history-view';

/**
 * The history API (contract/src/history.ts) under ['history', …] (architecture §6.4). Silent:
 * a failure shows on the screen with Retry; a 401 still goes to the login (api-client.ts).
 */
export const historyQueries = {
  range: () =>
    queryOptions({
      queryKey: ['history', 'range'],
      queryFn: ({ signal }) => apiGet<HistoryRange>(HISTORY_PATHS.range, { silent: true, signal }),
      networkMode: 'always',
    }),
  day: (date: string, serial: string | undefined) =>
    queryOptions({
      queryKey: ['history', 'day', date, serial ?? null],
      queryFn: ({ signal }) =>
        apiGet<HistoryDay>(HISTORY_PATHS.day, {
          silent: true,
          signal,
          query: serial ? { date, serial, strings: 1 } : { date },
        }),
      networkMode: 'always',
    }),
  period: (view: Exclude<HistorySelection['view'], 'day'>, date: string) =>
    queryOptions({
      queryKey: [
        'history',
        view,
        view === 'month' ? monthOf(date) : view === 'year' ? yearOf(date) : 'lifetime',
      ],
      queryFn: ({ signal }) =>
        apiGet<HistoryPeriod>(
          view === 'month'
            ? HISTORY_PATHS.month
            : view === 'year'
              ? HISTORY_PATHS.year
              : HISTORY_PATHS.years,
          {
            silent: true,
            signal,
            query:
              view === 'month'
                ? { month: monthOf(date) }
                : view === 'year'
                  ? { year: yearOf(date) }
                  : {},
          },
        ),
      networkMode: 'always',
    }),
};

export function useHistoryRange() {
  return useQuery(historyQueries.range());
}

/**
 * The last answer while the next one loads, so the chart stays in place (no layout jump)
 * when stepping through days; `stale` tells the screen to dim it meanwhile.
 */
function useKept<T>(data: T | undefined): { shown: T | undefined; stale: boolean } {
  const [kept, setKept] = useState(data);
  if (data !== undefined && data !== kept) setKept(data);
  return { shown: data ?? kept, stale: data === undefined && kept !== undefined };
}

export function useHistoryDay(date: string, serial: string | undefined, enabled: boolean) {
  const query = useQuery({ ...historyQueries.day(date, serial), enabled });
  return { query, ...useKept(query.data) };
}

export function useHistoryPeriod(selection: HistorySelection) {
  const view = selection.view === 'day' ? 'month' : selection.view;
  const query = useQuery({
    ...historyQueries.period(view, selection.date),
    enabled: selection.view !== 'day',
  });
  return { query, ...useKept(query.data) };
}
