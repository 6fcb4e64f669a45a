import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HISTORY_CSV_COLUMNS,
  HISTORY_RESPONSE_SCHEMAS,
  HistoryErrorSchema,
  addDays,
} from '@heliodtu/contract/history';
import { buildTestGateway, type TestGateway } from './helpers/build-test-app.js';

/** Issue 14: every history endpoint against a real database file, filled by the demo backfill. */

const TODAY = '2025-06-21';
const BACKFILL_DAYS = 4;
const cleanups: (() => Promise<void>)[] = [];
let gw: TestGateway;

beforeAll(async () => {
  gw = await buildTestGateway(
    {
      simFleet: 'demo',
      simStart: `${TODAY}T14:00:00`,
      history: { enabled: true, retentionDays: 730, backfillDays: BACKFILL_DAYS },
    },
    undefined,
    undefined,
    (cleanup) => cleanups.push(cleanup),
  );
}, 60_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const json = async (path: string) => {
  const response = await gw.request('GET', path, { auth: null });
  expect(response.status, path).toBe(200);
  return response.json() as Promise<unknown>;
};

/** Minimal RFC 4180 reader for what the export writes (quoted fields may hold commas). */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1] ?? ''),
    );
}

describe('history API', () => {
  it('answers the range: backfilled days up to today, the demo inverters with their strings', async () => {
    const range = HISTORY_RESPONSE_SCHEMAS['GET /api/history/range'].parse(
      await json('/api/history/range'),
    );
    expect(range).toMatchObject({
      today: TODAY,
      first_day: addDays(TODAY, -BACKFILL_DAYS),
      last_day: TODAY,
      recording: true,
      retention_days: 730,
    });
    expect(range.inverters.map((i) => [i.name, i.present, i.strings.length])).toEqual([
      ['Balcony', true, 2],
      ['Garage roof', true, 4],
      ['Barn', true, 6],
    ]);
  });

  it('answers a day: per-inverter curves and strings, the total the sum of the inverters', async () => {
    const date = addDays(TODAY, -1);
    const day = HISTORY_RESPONSE_SCHEMAS['GET /api/history/day'].parse(
      await json(`/api/history/day?date=${date}&strings=1`),
    );
    expect(day.end - day.start).toBe(24 * 3600);
    expect(day.inverters).toHaveLength(3);
    for (const inverter of day.inverters) {
      expect(inverter.points.length).toBeGreaterThan(100);
      expect(inverter.yield_wh).toBeGreaterThan(500);
      expect(inverter.peak_local).toMatch(/^(0[89]|1\d):\d\d$/);
      expect(inverter.strings).toHaveLength(
        inverter.serial === '138293821457' ? 6 : inverter.serial === '1164a113c7e2' ? 4 : 2,
      );
    }
    const sum = day.inverters.reduce((s, i) => s + i.yield_wh, 0);
    expect(day.total.yield_wh).toBe(sum);
    const noon = day.total.points.find(([t]) => t === day.inverters[0]!.points[60]![0]);
    expect(noon).toBeDefined();
    expect(day.total.peak_w).toBeGreaterThanOrEqual(
      Math.max(...day.inverters.map((i) => i.peak_w)),
    );
  });

  it('answers one inverter of a day without strings unless asked', async () => {
    const day = HISTORY_RESPONSE_SCHEMAS['GET /api/history/day'].parse(
      await json(`/api/history/day?date=${addDays(TODAY, -1)}&serial=114182352592`),
    );
    expect(day.inverters.map((i) => [i.serial, i.strings])).toEqual([['114182352592', undefined]]);
    expect(day.total.yield_wh).toBe(day.inverters[0]?.yield_wh);
  });

  it('answers month, year and lifetime bars that agree with the days', async () => {
    const month = HISTORY_RESPONSE_SCHEMAS['GET /api/history/month'].parse(
      await json('/api/history/month?month=2025-06'),
    );
    expect(month.entries.map((e) => e.key)).toEqual(
      Array.from({ length: BACKFILL_DAYS + 1 }, (_, i) => addDays(TODAY, i - BACKFILL_DAYS)),
    );
    const day = HISTORY_RESPONSE_SCHEMAS['GET /api/history/day'].parse(
      await json(`/api/history/day?date=${addDays(TODAY, -2)}`),
    );
    expect(month.entries[BACKFILL_DAYS - 2]?.yield_wh).toBe(day.total.yield_wh);
    const year = HISTORY_RESPONSE_SCHEMAS['GET /api/history/year'].parse(
      await json('/api/history/year?year=2025'),
    );
    expect(year.entries.map((e) => [e.key, e.yield_wh, e.days])).toEqual([
      ['2025-06', month.total.yield_wh, BACKFILL_DAYS + 1],
    ]);
    const years = HISTORY_RESPONSE_SCHEMAS['GET /api/history/years'].parse(
      await json('/api/history/years'),
    );
    expect(years.entries.map((e) => [e.key, e.yield_wh])).toEqual([['2025', month.total.yield_wh]]);
    expect(years.inverters.map((i) => i.yield_wh).reduce((a, b) => a + b, 0)).toBe(
      years.total.yield_wh,
    );
  });

  it('names the local day of every period peak, the day whose curve holds it', async () => {
    const month = HISTORY_RESPONSE_SCHEMAS['GET /api/history/month'].parse(
      await json('/api/history/month?month=2025-06'),
    );
    for (const entry of month.entries) expect(entry.peak_date).toBe(entry.key);
    const year = HISTORY_RESPONSE_SCHEMAS['GET /api/history/year'].parse(
      await json('/api/history/year?year=2025'),
    );
    const best = month.entries.reduce((a, b) => (b.peak_w > a.peak_w ? b : a));
    expect([year.total.peak_date, year.entries[0]?.peak_date]).toEqual([best.key, best.key]);
    const date = year.total.peak_date ?? '';
    const day = HISTORY_RESPONSE_SCHEMAS['GET /api/history/day'].parse(
      await json(`/api/history/day?date=${date}`),
    );
    const at = year.total.peak_at ?? 0;
    expect([day.total.peak_at, at >= day.start && at < day.end]).toEqual([at, true]);
    for (const inv of year.inverters) {
      const own = month.entries.filter((e) => e.inverters.some((i) => i.serial === inv.serial));
      const top = own.reduce((a, b) => {
        const peak = (e: typeof b) => e.inverters.find((i) => i.serial === inv.serial)?.peak_w ?? 0;
        return peak(b) > peak(a) ? b : a;
      });
      expect(inv.peak_date, inv.serial).toBe(top.key);
    }
    const empty = HISTORY_RESPONSE_SCHEMAS['GET /api/history/year'].parse(
      await json('/api/history/year?year=2024'),
    );
    expect([empty.entries, empty.total.peak_at, empty.total.peak_date]).toEqual([[], null, null]);
  });

  it('exports CSV whose bucket energies sum to the daily yields of the day export', async () => {
    const from = addDays(TODAY, -BACKFILL_DAYS);
    const to = addDays(TODAY, -1);
    const buckets = await gw.request(
      'GET',
      `/api/history/export.csv?from=${from}&to=${to}&resolution=bucket`,
      { auth: null },
    );
    expect(buckets.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(buckets.headers.get('content-disposition')).toContain('attachment');
    const bucketRows = parseCsv(await buckets.text());
    expect(bucketRows[0]).toEqual([...HISTORY_CSV_COLUMNS.bucket]);
    const days = await gw.request('GET', `/api/history/export.csv?from=${from}&to=${to}`, {
      auth: null,
    });
    const dayRows = parseCsv(await days.text());
    expect(dayRows[0]).toEqual([...HISTORY_CSV_COLUMNS.day]);
    expect(dayRows).toHaveLength(1 + 3 * BACKFILL_DAYS);
    const sums = new Map<string, number>();
    for (const [, local, serial, , , , energy] of bucketRows.slice(1)) {
      const key = `${local?.slice(0, 10)} ${serial}`;
      sums.set(key, (sums.get(key) ?? 0) + Number(energy));
    }
    for (const [date, serial, , yieldWh] of dayRows.slice(1)) {
      expect(sums.get(`${date} ${serial}`), `${date} ${serial}`).toBeCloseTo(Number(yieldWh), 6);
    }
    expect(bucketRows.length).toBeGreaterThan(3 * BACKFILL_DAYS * 100);
  });

  it.each([
    ['/api/history/day?date=2025-02-30', 'bad_date', 'date'],
    ['/api/history/day?date=yesterday', 'bad_date', 'date'],
    ['/api/history/day?date=1999-12-31', 'bad_date', 'date'],
    ['/api/history/day?serial=116180000001', 'unknown_inverter', 'serial'],
    ['/api/history/month?month=2025-13', 'bad_month', 'month'],
    ['/api/history/month', 'bad_month', 'month'],
    ['/api/history/year?year=25', 'bad_year', 'year'],
    ['/api/history/export.csv?from=2025-06-20', 'bad_date', 'to'],
    ['/api/history/export.csv?from=2025-06-20&to=2025-06-19', 'bad_range', 'to'],
    [
      '/api/history/export.csv?from=2024-01-01&to=2025-06-19&resolution=bucket',
      'range_too_large',
      'to',
    ],
    [
      '/api/history/export.csv?from=2015-01-01&to=2025-06-19&resolution=day',
      'range_too_large',
      'to',
    ],
    [
      '/api/history/export.csv?from=2025-06-01&to=2025-06-19&resolution=hour',
      'bad_resolution',
      'resolution',
    ],
  ])('answers %s with 400 %s', async (path, error, param) => {
    const response = await gw.request('GET', path, { auth: null });
    expect(response.status).toBe(400);
    const body = HistoryErrorSchema.parse(await response.json());
    expect(body).toMatchObject({ error, param });
    expect(body.reason.length).toBeGreaterThan(10);
  });

  it('answers an empty day in range with no points', async () => {
    const day = HISTORY_RESPONSE_SCHEMAS['GET /api/history/day'].parse(
      await json('/api/history/day?date=2024-01-01'),
    );
    expect([day.inverters, day.total.points, day.total.yield_wh, day.total.peak_at]).toEqual([
      [],
      [],
      0,
      null,
    ]);
  });
});
