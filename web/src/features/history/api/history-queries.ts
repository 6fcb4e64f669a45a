import { useState } from 'react';
import { queryOptions, useQuery } from '@/lib/query';
import type { HistoryDay, HistoryPeriod, HistoryRange } from '@heliodtu/contract/history';
import { HISTORY_PATHS } from '@heliodtu/contract/domain/history-paths';
import { apiGet } from '@/lib/api-client';
import type { HistoryInverterRef, HistorySelection } from '../history-view';
import { monthOf, yearOf } from '../history-view';

/** `dtu=` of a companion's device (issue 27); nothing for all devices or a plain gateway. */
const deviceQuery = (dtu: string | undefined) => (dtu ? { dtu } : {});

/**
 * The history API (contract/src/history.ts) under ['history', …] (architecture §6.4). Silent:
 * a failure shows on the screen with Retry; a 401 still goes to the login (api-client.ts).
 * `dtu` names one device of a companion; absent, all devices answer together.
 */
export const historyQueries = {
  range: (dtu?: string) =>
    queryOptions({
      queryKey: ['history', 'range', dtu ?? null],
      queryFn: ({ signal }) =>
        apiGet<HistoryRange>(HISTORY_PATHS.range, {
          silent: true,
          signal,
          query: deviceQuery(dtu),
        }),
      networkMode: 'always',
    }),
  day: (date: string, inverter: HistoryInverterRef | undefined, dtu?: string) =>
    queryOptions({
      queryKey: ['history', 'day', date, inverter?.serial ?? null, inverter?.dtu ?? dtu ?? null],
      queryFn: ({ signal }) =>
        apiGet<HistoryDay>(HISTORY_PATHS.day, {
          silent: true,
          signal,
          query: inverter
            ? { date, serial: inverter.serial, strings: 1, ...deviceQuery(inverter.dtu ?? dtu) }
            : { date, ...deviceQuery(dtu) },
        }),
      networkMode: 'always',
    }),
  period: (view: Exclude<HistorySelection['view'], 'day'>, date: string, dtu?: string) =>
    queryOptions({
      queryKey: [
        'history',
        view,
        view === 'month' ? monthOf(date) : view === 'year' ? yearOf(date) : 'lifetime',
        dtu ?? null,
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
            query: {
              ...(view === 'month'
                ? { month: monthOf(date) }
                : view === 'year'
                  ? { year: yearOf(date) }
                  : {}),
              ...deviceQuery(dtu),
            },
          },
        ),
      networkMode: 'always',
    }),
};

/** `enabled` false until it is known which device is asked for (a companion's list). */
export function useHistoryRange(dtu?: string, enabled = true) {
  return useQuery({ ...historyQueries.range(dtu), enabled });
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

export function useHistoryDay(
  date: string,
  inverter: HistoryInverterRef | undefined,
  dtu: string | undefined,
  enabled: boolean,
) {
  const query = useQuery({ ...historyQueries.day(date, inverter, dtu), enabled });
  return { query, ...useKept(query.data) };
}

export function useHistoryPeriod(selection: HistorySelection) {
  const view = selection.view === 'day' ? 'month' : selection.view;
  const query = useQuery({
    ...historyQueries.period(view, selection.date, selection.dtu),
    enabled: selection.view !== 'day',
  });
  return { query, ...useKept(query.data) };
}
