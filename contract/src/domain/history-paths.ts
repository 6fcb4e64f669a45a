/**
 * Route paths of the energy history API (issue 14, a HelioDTU extension). A file of its own: the
 * first screen asks `range` to learn whether the gateway keeps history, and must not carry the
 * calendar helpers of history-dates.ts into the first load with it.
 */

/** `day`, `month`, … take the query parameters documented in history-dates.ts. */
export const HISTORY_PATHS = {
  /** Cheap feature detection: first/last day with data, today's local date, inverters. */
  range: '/api/history/range',
  day: '/api/history/day',
  month: '/api/history/month',
  year: '/api/history/year',
  years: '/api/history/years',
  export: '/api/history/export.csv',
} as const;
