import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_RESPONSE_SCHEMAS,
  addDays,
  type HistoryDay,
  type HistoryGridEnergy,
  type HistoryPeriod,
} from '@heliodtu/contract/history';
import type { GatewayOptions } from '../src/env.js';
import {
  GRID_METER_FILE,
  defaultGridMeterSettings,
} from '../src/grid-meter/grid-meter-settings.js';
import type { GridMeterReading } from '../src/grid-meter/grid-meter-port.js';
import { STATE_DIR } from '../src/store/chip-id.js';
import { buildTestGateway, type TestGateway } from './helpers/build-test-app.js';

/**
 * power-control §4: a demo gateway with the simulated house backfills the house's grid for the
 * past days beside their production, and the history API, the bars and the CSV agree on them;
 * without the simulated house as the meter's source no grid is invented for past days.
 */

const TODAY = '2025-06-21';
const demo = (days: number, overrides: Partial<GatewayOptions> = {}): Partial<GatewayOptions> => ({
  simFleet: 'demo',
  simStart: `${TODAY}T12:00:00`,
  simWeather: 'mixed',
  history: { enabled: true, retentionDays: 730, backfillDays: days },
  ...overrides,
});

const dayOf = async (gw: TestGateway, date: string) =>
  HISTORY_RESPONSE_SCHEMAS['GET /api/history/day'].parse(
    await gw.get(`/api/history/day?date=${date}`),
  ) as HistoryDay;
const periodOf = async (gw: TestGateway, query: string) =>
  HISTORY_RESPONSE_SCHEMAS['GET /api/history/month'].parse(
    await gw.get(`/api/history/${query}`),
  ) as HistoryPeriod;

/** The house's figures agree: what is produced is used or sent, what is used is own or drawn. */
function expectBalanced(label: string, producedWh: number, grid: HistoryGridEnergy | undefined) {
  expect(grid, label).toBeDefined();
  const { import_wh, export_wh, consumption_wh, self_consumed_wh } = grid!;
  expect(import_wh, label).toBeGreaterThan(0);
  expect(export_wh, label).toBeLessThan(producedWh);
  expect(Math.abs(self_consumed_wh + export_wh - producedWh), label).toBeLessThanOrEqual(0.11);
  expect(Math.abs(self_consumed_wh + import_wh - consumption_wh), label).toBeLessThanOrEqual(0.11);
}

/** Resolves with the next `count` readings the gateway's meter hands out. */
function readings(gw: TestGateway, count: number): Promise<GridMeterReading[]> {
  const seen: GridMeterReading[] = [];
  return new Promise((resolve) => {
    const listener = (reading: GridMeterReading) => {
      seen.push(reading);
      if (seen.length < count) return;
      gw.app.gridMeter.off('reading', listener);
      resolve(seen);
    };
    gw.app.gridMeter.on('reading', listener);
  });
}

describe('demo backfill with the simulated house as the meter', () => {
  it('answers every past day, bar and CSV row with a grid flow that balances', async () => {
    const gw = await buildTestGateway(demo(30, { simMeter: 'house' }));
    const history = gw.app.history!;
    await history.started;
    const past = [1, 2, 3, 15, 30].map((n) => addDays(TODAY, -n));
    const days = new Map<string, HistoryDay>();
    for (const date of past) {
      const answer = await dayOf(gw, date);
      days.set(date, answer);
      expectBalanced(date, answer.total.yield_wh, answer.grid);
      // A whole day of 5-minute buckets, each consumption = production + import − export.
      expect(answer.grid!.points).toHaveLength(288);
      const production = new Map(answer.total.points.map(([t, avg]) => [t, avg]));
      for (const [t, imp, exp, consumption] of answer.grid!.points) {
        expect(consumption).toBeCloseTo((production.get(t) ?? 0) + imp - exp, 0);
        expect(consumption).toBeGreaterThan(50);
      }
    }

    const month = await periodOf(gw, 'month?month=2025-06');
    for (const bar of month.entries) {
      expectBalanced(bar.key, bar.yield_wh, bar.grid);
      const day = days.get(bar.key);
      if (day) expect(bar.grid).toMatchObject({ import_wh: day.grid!.import_wh });
    }
    expect(month.entries.map((e) => e.key)).toEqual(
      Array.from({ length: 21 }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')}`),
    );
    expectBalanced('June', month.total.yield_wh, month.total.grid);
    const sum = (pick: (g: HistoryGridEnergy) => number) =>
      month.entries.reduce((acc, e) => acc + pick(e.grid!), 0);
    expect(month.total.grid!.import_wh).toBeCloseTo(
      sum((g) => g.import_wh),
      0,
    );
    expect(month.total.grid!.export_wh).toBeCloseTo(
      sum((g) => g.export_wh),
      0,
    );

    const year = await periodOf(gw, 'year?year=2025');
    expect(year.entries.map((e) => e.key)).toEqual(['2025-05', '2025-06']);
    for (const bar of year.entries) expectBalanced(bar.key, bar.yield_wh, bar.grid);
    expect(year.entries[1]!.grid!.import_wh).toBeCloseTo(month.total.grid!.import_wh, 0);
    const years = await periodOf(gw, 'years');
    expectBalanced('lifetime', years.total.yield_wh, years.total.grid);

    const from = addDays(TODAY, -3);
    const to = addDays(TODAY, -1);
    const csv = await gw.request('GET', `/api/history/export.csv?from=${from}&to=${to}`, {
      auth: null,
    });
    const houseRows = (await csv.text())
      .trim()
      .split('\r\n')
      .filter((line) => line.split(',')[2] === 'house');
    expect(houseRows.map((line) => line.split(',')[0])).toEqual([from, addDays(TODAY, -2), to]);
    for (const line of houseRows) {
      const [date, , , produced, , , imported, exported, consumed] = line.split(',');
      const grid = days.get(date!)!.grid!;
      expect(Number(produced)).toBeCloseTo(days.get(date!)!.total.yield_wh, 0);
      expect(Number(imported)).toBeCloseTo(grid.import_wh, 0);
      expect(Number(exported)).toBeCloseTo(grid.export_wh, 0);
      expect(Number(consumed)).toBeCloseTo(grid.consumption_wh, 0);
    }

    // Today: the live meter takes over where the backfill stopped, adding to its figures.
    const backfilled = history.db.grid.day(history.calendar().dayOf(gw.app.clock.now()))!;
    expect(backfilled.importWh + backfilled.exportWh).toBeGreaterThan(0);
    await readings(gw, 3);
    history.flush();
    const live = history.db.grid.day(backfilled.day)!;
    expect(live.importWh).toBeGreaterThanOrEqual(backfilled.importWh);
    expect(live.exportWh).toBeGreaterThanOrEqual(backfilled.exportWh);
    expect(live.importWh + live.exportWh).toBeGreaterThan(
      backfilled.importWh + backfilled.exportWh,
    );
  }, 120_000);

  it('invents no grid for past days with SIM_METER=none', async () => {
    const gw = await buildTestGateway(demo(3, { simMeter: 'none' }));
    await gw.app.history!.started;
    const yesterday = await dayOf(gw, addDays(TODAY, -1));
    expect(yesterday.total.yield_wh).toBeGreaterThan(1000);
    expect(yesterday).not.toHaveProperty('grid');
    expect((await periodOf(gw, 'month?month=2025-06')).total).not.toHaveProperty('grid');
  }, 60_000);

  it('invents no grid for past days when the meter reads another source', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'heliodtu-backfill-meter-'));
    const settings = defaultGridMeterSettings(false);
    const http = { ...settings.http, url: 'http://127.0.0.1:9/rpc/EM.GetStatus?id=0' };
    await mkdir(path.join(dataDir, STATE_DIR), { recursive: true });
    await writeFile(
      path.join(dataDir, STATE_DIR, GRID_METER_FILE),
      JSON.stringify({ ...settings, source: 'http', http }),
    );
    const gw = await buildTestGateway(demo(3, { simMeter: 'house' }), dataDir);
    expect(gw.app.gridMeter.status().source).toBe('http');
    await gw.app.history!.started;
    const yesterday = await dayOf(gw, addDays(TODAY, -1));
    expect(yesterday.total.yield_wh).toBeGreaterThan(1000);
    expect(yesterday).not.toHaveProperty('grid');
    expect(gw.app.history!.db.grid.dayRange()).toBeNull();
  }, 60_000);
});
