import { http, HttpResponse } from 'msw';
import type { HistoryDay, HistoryPeriod, HistoryRange } from '@heliodtu/contract/history';

/** A gateway in Berlin summer time (UTC+2) with two inverters; today is 2025-06-21. */
export const RANGE: HistoryRange = {
  version: 1,
  tz: 'CET-1CEST,M3.5.0,M10.5.0/3',
  today: '2025-06-21',
  first_day: '2025-04-22',
  last_day: '2025-06-21',
  bucket_minutes: 5,
  retention_days: 730,
  recording: true,
  inverters: [
    {
      serial: '114182352592',
      name: 'Balcony',
      present: true,
      strings: [
        { index: 0, name: 'Left' },
        { index: 1, name: '' },
      ],
    },
    { serial: '1164a113c7e2', name: 'Garage roof', present: true, strings: [] },
  ],
};

/** Local midnight of 2025-06-20 / 21 in UTC+2, epoch seconds. */
const MIDNIGHT: Record<string, number> = { '2025-06-20': 1750370400, '2025-06-21': 1750456800 };

/** A day with three buckets at 13:00, 13:05 and 13:15 local (13:10 missing). */
export function daySample(date: string, serial?: string): HistoryDay {
  const start = MIDNIGHT[date] ?? 1750456800;
  const at = (h: number, m: number) => start + h * 3600 + m * 60;
  const balcony = {
    serial: '114182352592',
    name: 'Balcony',
    present: true,
    yield_wh: 4321,
    peak_w: 748.1,
    peak_at: at(13, 5),
    peak_local: '13:05',
    points: [
      [at(13, 0), 600, 650],
      [at(13, 5), 700, 748.1],
      [at(13, 15), 500, 520],
    ] as [number, number, number][],
  };
  const garage = {
    serial: '1164a113c7e2',
    name: 'Garage roof',
    present: true,
    yield_wh: 5555.5,
    peak_w: 800,
    peak_at: at(13, 0),
    peak_local: '13:00',
    points: [
      [at(13, 0), 780, 800],
      [at(13, 5), 760, 790],
    ] as [number, number, number][],
  };
  if (serial === balcony.serial) {
    return {
      date,
      tz: RANGE.tz,
      bucket_minutes: 5,
      start,
      end: start + 86400,
      utc_offsets: [[start, 7200]],
      total: {
        yield_wh: 4321,
        peak_w: 748.1,
        peak_at: at(13, 5),
        peak_local: '13:05',
        points: balcony.points,
      },
      inverters: [
        {
          ...balcony,
          strings: [
            { index: 0, name: 'Left', points: [[at(13, 0), 300, 320]] },
            { index: 1, name: '', points: [[at(13, 0), 300, 330]] },
          ],
        },
      ],
    };
  }
  return {
    date,
    tz: RANGE.tz,
    bucket_minutes: 5,
    start,
    end: start + 86400,
    utc_offsets: [[start, 7200]],
    total: {
      yield_wh: 9876.5,
      peak_w: 1510.2,
      peak_at: at(13, 5),
      peak_local: '13:05',
      points: [
        [at(13, 0), 1380, 1450],
        [at(13, 5), 1460, 1510.2],
        [at(13, 15), 500, 520],
      ],
    },
    inverters: [balcony, garage],
  };
}

export const MONTH: HistoryPeriod = {
  period: 'month',
  key: '2025-06',
  tz: RANGE.tz,
  entries: [
    {
      key: '2025-06-01',
      yield_wh: 8123.4,
      days: 1,
      peak_w: 1402,
      peak_at: 1748779500,
      peak_local: '14:05',
      peak_date: '2025-06-01',
      inverters: [
        {
          serial: '114182352592',
          yield_wh: 4000.2,
          peak_w: 701,
          peak_at: 1748779200,
          peak_local: '14:00',
          peak_date: '2025-06-01',
        },
      ],
    },
    {
      key: '2025-06-21',
      yield_wh: 9876.5,
      days: 1,
      peak_w: 1510.2,
      peak_at: 1750504500,
      peak_local: '13:15',
      peak_date: '2025-06-21',
      inverters: [
        {
          serial: '114182352592',
          yield_wh: 4321,
          peak_w: 748.1,
          peak_at: 1750503900,
          peak_local: '13:05',
          peak_date: '2025-06-21',
        },
      ],
    },
  ],
  total: {
    yield_wh: 17999.9,
    peak_w: 1510.2,
    peak_at: 1750504500,
    peak_local: '13:15',
    peak_date: '2025-06-21',
  },
  inverters: [
    {
      serial: '114182352592',
      name: 'Balcony',
      present: true,
      yield_wh: 8321.2,
      peak_w: 748.1,
      peak_at: 1750503900,
      peak_local: '13:05',
      peak_date: '2025-06-21',
    },
  ],
};

/** The year's peak: 2025-06-08 13:27 local (11:27 UTC), a day the month sample does not show. */
const YEAR_PEAK = {
  peak_w: 1620.4,
  peak_at: 1749382020,
  peak_local: '13:27',
  peak_date: '2025-06-08',
};

export const YEAR: HistoryPeriod = {
  ...MONTH,
  period: 'year',
  key: '2025',
  entries: [
    { ...MONTH.entries[0]!, key: '2025-05', yield_wh: 250_000, days: 31 },
    { ...MONTH.entries[1]!, key: '2025-06', yield_wh: 180_000, days: 21, ...YEAR_PEAK },
  ],
  total: { ...MONTH.total, yield_wh: 430_000, ...YEAR_PEAK },
};

export const YEARS: HistoryPeriod = {
  ...MONTH,
  period: 'years',
  key: 'lifetime',
  entries: [{ ...MONTH.entries[1]!, key: '2025', yield_wh: 430_000, days: 52 }],
  total: { ...MONTH.total, yield_wh: 430_000 },
};

/** MSW handlers of the history API; `asked` keeps every query string, per path. */
export function historyHandlers() {
  const asked: string[] = [];
  const log = (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname.replace(/^.*\/api\//, 'api/')}?${url.searchParams.toString()}`);
  };
  const handlers = [
    http.get('*/api/history/range', ({ request }) => (log(request), HttpResponse.json(RANGE))),
    http.get('*/api/history/day', ({ request }) => {
      log(request);
      const params = new URL(request.url).searchParams;
      return HttpResponse.json(
        daySample(params.get('date') ?? RANGE.today, params.get('serial') ?? undefined),
      );
    }),
    http.get('*/api/history/month', ({ request }) => (log(request), HttpResponse.json(MONTH))),
    http.get('*/api/history/year', ({ request }) => (log(request), HttpResponse.json(YEAR))),
    http.get('*/api/history/years', ({ request }) => (log(request), HttpResponse.json(YEARS))),
  ];
  return { handlers, asked };
}
