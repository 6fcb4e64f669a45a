import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_CSV_GRID_COLUMNS,
  HISTORY_RESPONSE_SCHEMAS,
  type HistoryDay,
  type HistoryPeriod,
} from '@heliodtu/contract/history';
import { formatSerialHex } from '@heliodtu/contract/wire';
import { buildTestGateway } from './helpers/build-test-app.js';

/** Issue 35: the history API's grid fields over a real gateway and database, fed by a fake meter. */

const TODAY = '2025-06-21';

class FakeMeter extends EventEmitter<{ reading: [{ power_w: number; at: number }] }> {
  registers = { import_wh: 5_000, export_wh: 1_000 };
  energy() {
    return { ...this.registers };
  }
}

describe('history API with a grid meter', () => {
  it('answers grid import, export and consumption on the day, bars and CSV; nothing without data', async () => {
    const gw = await buildTestGateway({ simFleet: 'demo', simStart: `${TODAY}T12:00:00` });
    const history = gw.app.history!;
    await history.started;
    const day = async () =>
      HISTORY_RESPONSE_SCHEMAS['GET /api/history/day'].parse(
        await gw.get(`/api/history/day?date=${TODAY}`),
      ) as HistoryDay;
    const period = async (path: string) =>
      HISTORY_RESPONSE_SCHEMAS['GET /api/history/month'].parse(await gw.get(path)) as HistoryPeriod;

    // Before any meter reading: the answers as they always were.
    expect(await day()).not.toHaveProperty('grid');
    expect((await period(`/api/history/month?month=2025-06`)).total).not.toHaveProperty('grid');

    const meter = new FakeMeter();
    history.followGrid(meter);
    const start = gw.app.clock.now();
    for (let i = 0; i <= 60; i++) {
      // 1.2 kW import for a minute (20 Wh), then 600 W export for a minute (10 Wh).
      if (i > 0 && i <= 30) meter.registers.import_wh += 20 / 30;
      if (i > 30) meter.registers.export_wh += 10 / 30;
      meter.emit('reading', { power_w: i <= 30 ? 1200 : -600, at: start + i * 2000 });
    }
    history.flush();

    const answer = await day();
    expect(answer.grid).toBeDefined();
    expect(answer.grid!.import_wh).toBeCloseTo(20, 1);
    expect(answer.grid!.export_wh).toBeCloseTo(10, 1);
    expect(answer.grid!.consumption_wh).toBeCloseTo(answer.total.yield_wh + 10, 0);
    expect(answer.grid!.points.length).toBeGreaterThan(0);
    for (const [t, imp, exp, consumption] of answer.grid!.points) {
      const production = answer.total.points.find((p) => p[0] === t)?.[1] ?? 0;
      expect(consumption).toBeCloseTo(Math.max(0, production + imp - exp), 0);
    }
    // One inverter asked for: the house's meter does not belong to it.
    const serial = formatSerialHex(BigInt(gw.app.store.config.inverters[0]!.serial));
    expect(await gw.get(`/api/history/day?date=${TODAY}&serial=${serial}`)).not.toHaveProperty(
      'grid',
    );

    for (const path of [
      '/api/history/month?month=2025-06',
      '/api/history/year?year=2025',
      '/api/history/years',
    ]) {
      const bars = await period(path);
      const bar = bars.entries.find((e) => TODAY.startsWith(e.key))!;
      expect(bar.grid, path).toMatchObject({ import_wh: 20, export_wh: 10 });
      expect(bar.grid!.self_consumed_wh).toBeCloseTo(Math.max(0, bar.yield_wh - 10), 1);
      expect(bars.total.grid?.import_wh, path).toBe(20);
    }

    const csv = await gw.request('GET', `/api/history/export.csv?from=${TODAY}&to=${TODAY}`, {
      auth: null,
    });
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]!.endsWith(HISTORY_CSV_GRID_COLUMNS.join(','))).toBe(true);
    expect(lines.at(-1)).toMatch(/^2025-06-21,,house,[\d.]+,,,20\.0,10\.0,[\d.]+$/);
  }, 60_000);
});
