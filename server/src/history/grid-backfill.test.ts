import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoFleetSlots } from '../device/demo-fleet.js';
import { SIMULATED_DEVICE_ID } from '../device/device-id.js';
import { Household } from '../device/house-sim.js';
import { backfill, type BackfillOptions } from './backfill.js';
import { LocalCalendar } from './local-day.js';
import { HistoryStore } from './store.js';

/** power-control §4: the demo backfill's past days get the simulated house's grid flow. */

const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const calendar = new LocalCalendar(BERLIN);
/** 12:00 local on 2025-06-21: three whole days before today's morning. */
const NOW = Date.parse('2025-06-21T10:00:00Z');
const DAYS = 3;
const TODAY = calendar.dayOf(NOW);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'heliodtu-grid-backfill-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const options = (house: BackfillOptions['house']): BackfillOptions => ({
  slots: demoFleetSlots(),
  seed: 1,
  latitude: 51.1657,
  longitude: 10.4515,
  weather: 'mixed',
  nowMs: NOW,
  days: DAYS,
  house,
});

async function filled(name: string, house: BackfillOptions['house']): Promise<HistoryStore> {
  const store = HistoryStore.open(path.join(dir, name), () => undefined);
  await backfill(store, SIMULATED_DEVICE_ID, calendar, options(house));
  return store;
}

/** The fleet's production per bucket start (epoch s), Wh, over every inverter. */
function productionPerBucket(store: HistoryStore, fromS: number, toS: number): Map<number, number> {
  const sums = new Map<number, number>();
  for (const row of store.bucketsBetween(fromS, toS)) {
    sums.set(row.t, (sums.get(row.t) ?? 0) + row.wh);
  }
  return sums;
}

/** The household's own energy (Wh) over [fromMs, toMs), integrated finely on its own. */
function householdWh(household: Household, fromMs: number, toMs: number): number {
  let wh = 0;
  for (let t = fromMs; t < toMs; t += 2_000) {
    const [l1, l2, l3] = household.consumption(t + 1_000).active;
    wh += ((l1 + l2 + l3) * 2) / 3600;
  }
  return wh;
}

describe('demo backfill with the simulated house', () => {
  it('fills the grid of every past day: production + import − export is the household', async () => {
    const store = await filled('house', { seed: 1, timezone: BERLIN });
    const household = new Household(1, () => BERLIN);
    const fleet = store.fleetOf(SIMULATED_DEVICE_ID)!;
    const grid = store.grid.days(TODAY - DAYS, TODAY);
    expect(grid.map((d) => d.day)).toEqual([TODAY - 3, TODAY - 2, TODAY - 1, TODAY]);

    for (const { day, importWh, exportWh } of grid.slice(0, DAYS)) {
      const produced = store.days(day, day).find((r) => r.inv === fleet)!.wh;
      const [from, to] = [calendar.startOf(day), calendar.startOf(day + 1)];
      const consumed = produced + importWh - exportWh;
      // A demo June day: the roof feeds in at midday, the house draws at night.
      expect(produced).toBeGreaterThan(5_000);
      expect(exportWh).toBeGreaterThan(500);
      expect(exportWh).toBeLessThan(produced);
      expect(importWh).toBeGreaterThan(1_000);
      expect(consumed).toBeCloseTo(householdWh(household, from, to), -2);
      expect(Math.abs(consumed / householdWh(household, from, to) - 1)).toBeLessThan(0.01);

      // Bucket by bucket: the day's 288 buckets, each with the household's energy.
      const buckets = store.grid.buckets(from / 1000, to / 1000);
      expect(buckets).toHaveLength(288);
      const production = productionPerBucket(store, from / 1000, to / 1000);
      let [imports, exports] = [0, 0];
      for (const b of buckets) {
        const wh = production.get(b.t) ?? 0;
        const own = householdWh(household, b.t * 1000, b.t * 1000 + 300_000);
        // Production is whole Wh per inverter; the household's steps are sampled.
        expect(Math.abs(wh + b.importWh - b.exportWh - own), `bucket ${b.t}`).toBeLessThan(
          4 + own * 0.12,
        );
        expect(b.exportWh).toBeLessThanOrEqual(wh + 3);
        // The average powers tell the same as the energies.
        expect(b.imp / 10 / 12).toBeCloseTo(b.importWh, 0);
        expect(b.exp / 10 / 12).toBeCloseTo(b.exportWh, 0);
        imports += b.importWh;
        exports += b.exportWh;
      }
      expect(imports).toBeCloseTo(importWh, 1);
      expect(exports).toBeCloseTo(exportWh, 1);
    }
    // Today up to the bucket the live meter takes over; no registers for it to credit against.
    const today = grid[DAYS]!;
    expect(today.importWh).toBeGreaterThan(0);
    expect(store.grid.buckets(NOW / 1000, NOW / 1000 + 86_400)).toEqual([]);
    expect(store.grid.counter()).toBeNull();
    store.close();
  }, 60_000);

  it('gives the same days for the same seed, other days for another household', async () => {
    const first = await filled('first', { seed: 1, timezone: BERLIN });
    const second = await filled('second', { seed: 1, timezone: BERLIN });
    const other = await filled('other', { seed: 2, timezone: BERLIN });
    const rows = (store: HistoryStore) => ({
      days: store.grid.days(0, TODAY),
      buckets: store.grid.buckets(0, NOW / 1000),
    });
    expect(rows(second)).toEqual(rows(first));
    expect(rows(other).days).not.toEqual(rows(first).days);
    // The production is the fleet's alone: the household does not change it.
    const fleetDays = (store: HistoryStore) => store.days(0, TODAY);
    expect(fleetDays(other)).toEqual(fleetDays(first));
    for (const store of [first, second, other]) store.close();
  }, 60_000);

  it('invents no grid without the simulated house', async () => {
    const store = await filled('none', undefined);
    expect(store.days(TODAY - 1, TODAY - 1).length).toBeGreaterThan(0);
    expect(store.grid.dayRange()).toBeNull();
    expect(store.grid.buckets(0, NOW / 1000)).toEqual([]);
    store.close();
  }, 60_000);
});
