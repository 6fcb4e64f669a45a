import type { InverterSlotFile } from '@heliodtu/contract/config-file';
import { formatSerialHex } from '@heliodtu/contract/wire';
import { hardwareOf } from '../device/dev-info.js';
import { Household } from '../device/house-sim.js';
import { createInverter } from '../device/inverter-factory.js';
import type { InverterSim } from '../device/inverter-sim.js';
import { Site } from '../device/site.js';
import type { DayType } from '../device/weather.js';
import { GridBackfill } from './grid-backfill.js';
import type { LocalCalendar } from './local-day.js';
import { HistoryRecorder } from './recorder.js';
import type { HistoryStore } from './store.js';

/**
 * Demo history (issue 14): the last N local days before now, from the same physics and seeded
 * weather as the live simulation (device/inverter-sim.ts, site.ts), fed through the same
 * recorder as live polls. Two samples per bucket while the sun is up; nights are skipped in
 * 15-minute strides (the inverters sleep, nothing is recorded).
 *
 * It runs after the gateway listens (issue 13: first answer ≤ 500 ms; 60 days take about
 * 0.7 s): it writes and yields to the event loop after each simulated hour, so requests are
 * answered meanwhile and the history's range grows day by day. Holding a whole day's rows until
 * midnight promoted them all to V8's old space: +10 MiB of heap that stayed resident until V8's
 * memory reducer ran, ~15 s after start (bench/gateway-process.mjs).
 */

export interface BackfillOptions {
  slots: readonly Readonly<InverterSlotFile>[];
  seed: number;
  latitude: number;
  longitude: number;
  weather?: DayType | undefined;
  /** Device epoch ms: the backfill ends at the start of this bucket (live polls take over). */
  nowMs: number;
  days: number;
  /**
   * The simulated house the grid meter reads (SIM_METER=house, source `simulated`): its
   * household of this seed, in this POSIX time zone. Past days then get its grid flow beside
   * their production (power-control §4); without it they get production only.
   */
  house?: { seed: number; timezone: string } | undefined;
}

const STEP_MS = 150_000;
const HOUR_MS = 3_600_000;
const NIGHT_STEP_MS = 900_000;
/** Below this sun elevation (°) no panel gets light: stride. */
const NIGHT_ELEVATION = -4;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Fill the store; resolves to the number of inverters and simulated days, or null when
 * `stopped()` turned true between two hours (the gateway is closing; the store may be closed).
 */
export async function backfill(
  store: HistoryStore,
  /** The simulated fleet's device id (its rows' key). */
  device: string,
  calendar: LocalCalendar,
  options: BackfillOptions,
  stopped: () => boolean = () => false,
): Promise<{ inverters: number; days: number; grid: boolean } | null> {
  const today = calendar.dayOf(options.nowMs);
  const from = calendar.startOf(today - options.days);
  const to = Math.floor(options.nowMs / 300_000) * 300_000;
  const site = new Site(options.seed, options.latitude, options.longitude, options.weather);
  const fleet: { serial: string; name: string; strings: string[]; sim: InverterSim }[] = [];
  for (const slot of options.slots) {
    if (slot.serial === 0) continue;
    const serial = formatSerialHex(BigInt(slot.serial));
    const hardware = hardwareOf(serial);
    if (!hardware) continue;
    // Each replays its last 20 h before `from` (~30 ms while the code is cold): a turn apiece.
    await nextTurn();
    if (stopped()) return null;
    const { sim } = createInverter(serial, hardware, slot, {
      seed: options.seed,
      latitude: options.latitude,
      longitude: options.longitude,
      weather: options.weather,
      wall: from,
      saved: { savedAt: 0, inverters: new Map() },
    });
    const strings = sim.strings.map((_, i) => slot.channel[i]?.name ?? '');
    fleet.push({ serial, name: slot.name, strings, sim });
  }
  if (fleet.length === 0 || to <= from) return { inverters: 0, days: 0, grid: false };
  const recorder = new HistoryRecorder(store, device, () => calendar, true);
  const grid = options.house && houseGrid(store, calendar, options.house);
  let day = calendar.dayOf(from);
  for (let t = from; t < to;) {
    const conditions = site.conditions(t, STEP_MS);
    const night = conditions.sun.elevation < NIGHT_ELEVATION;
    const step = Math.min(night ? NIGHT_STEP_MS : STEP_MS, to - t);
    const next = t + step;
    const nextConditions = night ? site.conditions(next, step) : conditions;
    let fedW = 0;
    for (const { serial, name, strings, sim } of fleet) {
      sim.step(nextConditions, step);
      // What the yield counters were credited with over this step (inverter-sim.ts addEnergy).
      if (sim.awake) fedW += sim.point.ac.power;
      if (night && !sim.awake) continue;
      const { ac, dc } = sim.point;
      recorder.record(serial, name, strings, {
        wallMs: next - 1,
        acW: Math.round(ac.power * 10) / 10,
        dcW: dc.map((p) => Math.round(p.power * 10) / 10),
        totalWh: sim.counters.yieldTotalWh.reduce((sum, wh) => sum + Math.floor(wh), 0),
      });
    }
    grid?.add(t, next, fedW);
    const newHour = Math.floor(next / HOUR_MS) !== Math.floor(t / HOUR_MS);
    t = next;
    const nowDay = calendar.dayOf(t);
    if (newHour || nowDay !== day) {
      recorder.flush();
      // The grid's few rows go once a day: a transaction an hour cost more than its rows.
      if (nowDay !== day) grid?.flush();
      day = nowDay;
      // A turn of the event loop per simulated hour (under a millisecond of work): requests wait
      // for at most that. Per day, the first answer came ~100 ms later than without history.
      await nextTurn();
      if (stopped()) return null;
    }
  }
  recorder.flush();
  grid?.flush();
  // The live inverters count from other totals: their first poll must not be credited against these.
  store.clearCounters(device);
  return { inverters: fleet.length, days: options.days, grid: grid !== undefined };
}

/** The backfill timed and reported on the console; a failure is reported, never thrown. */
export async function reportedBackfill(
  store: HistoryStore,
  device: string,
  calendar: LocalCalendar,
  options: BackfillOptions,
  stopped: () => boolean,
  log: (line: string) => void,
): Promise<void> {
  const began = performance.now();
  try {
    const result = await backfill(store, device, calendar, options, stopped);
    if (!result || result.inverters === 0) return;
    const ms = Math.round(performance.now() - began);
    const house = result.grid ? ' and the house' : '';
    // bench/gateway-process.mjs times the backfill by this line: keep its wording.
    log(
      `History: ${result.days} demo days backfilled for ${result.inverters} inverter(s)${house} in ${ms} ms`,
    );
  } catch (error) {
    log(`History backfill failed: ${(error as Error).message}`);
  }
}

/** The house's grid for the past days, from the same household the live meter reads. */
function houseGrid(
  store: HistoryStore,
  calendar: LocalCalendar,
  house: { seed: number; timezone: string },
): GridBackfill {
  const household = new Household(house.seed, () => house.timezone);
  return new GridBackfill(store, calendar, (at) => household.activeW(at));
}
