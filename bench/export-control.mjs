#!/usr/bin/env node
// Export control (docs/power-control.md §6): a June day (mixed clouds) of the demo
// fleet beside the simulated house, run in process on a hand-advanced device clock, first with
// control off and then on (target 0 W, hysteresis 20 W), same seed. Prints the energy exported
// and imported (net over the phases, as a bidirectional meter bills it), limit commands per
// hour (fleet and per inverter), for every step down in the house's load of 500 W or more the
// export above target in W·s and the time until grid power is back within the hysteresis, and
// the 95th percentile of |grid − target| while the sun could cover the house. All times are
// device time. Targets are printed beside the figures; the benchmark asserts nothing.
//
//   node bench/export-control.mjs
//   EXPORT_BENCH_SEED=<n>   another seed (default 7, the gateway's default SIM_SEED)
//   EXPORT_BENCH_HOURS=<h>  a shorter day from 04:00 (default 18: 04:00–22:00, the sun's day)
//   EXPORT_BENCH_TRACE=<file>  writes each second of extra import over 2 W with its cause, the
//                           grid with and without control, control's state and each inverter's
//                           output / limit (s: sun-held, ?: not confirmed yet), times in UTC
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register();
const load = (file) => import(path.resolve(import.meta.dirname, '..', file));
const { createKit } = await load('server/src/device/sim-test-kit.ts');
const { DEMO_INVERTERS } = await load('server/src/device/demo-fleet.ts');
const { SimulatedHouse, spreadOverPhases } = await load('server/src/device/house-sim.ts');
const { SimulatedFleet } = await load('server/src/export-control/simulated-fleet.ts');
const { ExportController } = await load('server/src/export-control/export-controller.ts');
const { minutesInZone } = await load('server/src/export-control/local-minutes.ts');
const { ImportBreakdown, CommandBreakdown } = await import('./lib/export-control-breakdown.mjs');
const { HouseMeter } = await import('./lib/house-meter.mjs');
const { fmt, pct } = await import('./lib/figures.mjs');

const SEED = Number(process.env.EXPORT_BENCH_SEED ?? 7);
// The sun's day (sunrise about 05:15, sunset about 21:30 local time): the night before and
// after is the same with control and without, and would only dilute the figures.
const HOURS = Math.min(18, Number(process.env.EXPORT_BENCH_HOURS ?? 18));
const START = '2026-06-21T04:00:00';
const TARGET_W = 0;
const HYSTERESIS_W = 20;
/** The gateway steps control every 250 ms; the run without control needs only seconds. */
const TICK_MS = 250;
const TICK_OFF_MS = 1_000;
/** A Shelly Pro 3EM answers about once a second. */
const METER_EVERY_MS = 1_000;
const STEP_DOWN_W = 500;
const HOUR_MS = 3_600_000;

const sum = (phases) => phases[0] + phases[1] + phases[2];

/** One day; `off` (production and grid, W per second of the day) from the run without control, or null. */
async function runDay(control, off) {
  const offProduction = off?.production ?? null;
  const kit = await createKit({
    inverters: DEMO_INVERTERS.map((d) => ({ serial: d.serial, name: d.name, strings: d.strings })),
    start: START,
    sim: { seed: SEED, weather: 'mixed' },
  });
  const timezone = () => kit.store.config.ntp.timezone;
  const now = () => kit.clock.now();
  const house = new SimulatedHouse({
    seed: SEED,
    now,
    fleetAc: () => spreadOverPhases(kit.sim.acOutputs()),
    timezone,
  });
  const fleet = new SimulatedFleet({ device: kit.sim, firmware: 'v24' });
  const sends = [];
  const commandCauses = new CommandBreakdown(HYSTERESIS_W);
  const importCauses = new ImportBreakdown(TARGET_W, HYSTERESIS_W);
  if (process.env.EXPORT_BENCH_TRACE) importCauses.trace = [];
  const countingFleet = {
    now: () => fleet.now(),
    inverters: () => fleet.inverters(),
    sendTemporaryLimit(device, serial, watts) {
      sends.push({ t: now(), serial });
      commandCauses.sent(now(), serial, watts);
      return fleet.sendTemporaryLimit(device, serial, watts);
    },
  };
  const meter = new HouseMeter();
  const maxima = [800, 2000, 2250];
  let config = {
    enabled: control,
    target_w: TARGET_W,
    hysteresis_w: HYSTERESIS_W,
    command_spacing_s: 10,
    manual_pause_min: 30,
    window: { enabled: false, start: '00:00', end: '00:00' },
    inverters: DEMO_INVERTERS.map((d, i) => ({
      device: 'local',
      serial: d.serial,
      lower_w: 0,
      upper_w: maxima[i],
      fallback_w: null,
      restore_w: null,
    })),
  };
  const controller = new ExportController({
    fleet: countingFleet,
    meter,
    settings: {
      get: () => config,
      save: async (next) => {
        config = next;
      },
    },
    log: () => {},
    localMinutes: minutesInZone(timezone),
  });

  const dayStart = now();
  const end = dayStart + HOURS * HOUR_MS;
  const production = new Float32Array(HOURS * 3600);
  const gridBySecond = new Float32Array(HOURS * 3600);
  const upperOf = Object.fromEntries(config.inverters.map((i) => [i.serial, i.upper_w]));
  // The controller's public status, with what the breakdown needs beside it.
  const status = () => {
    const s = controller.status();
    return {
      state: s.state,
      inverters: s.inverters.map((i) => ({
        ...i,
        upper_w: upperOf[i.serial],
        sunHeld: /sun holds/i.test(i.reason),
      })),
    };
  };
  let importWs = 0;
  let exportWs = 0;
  let nextMeter = dayStart;
  const coverErrors = [];
  const steps = [];
  let open = null;
  let lastStepAt = -Infinity;
  let started = false;
  const host = performance.now();
  const tick = control ? TICK_MS : TICK_OFF_MS;
  while (now() < end) {
    kit.advance(tick, tick);
    const t = now();
    const snap = house.snapshot();
    const grid = sum(snap.grid);
    const consumption = sum(snap.load.active);
    const produced = sum(snap.production);
    if (grid > 0) importWs += (grid * tick) / 1000;
    else exportWs -= (grid * tick) / 1000;
    if (t >= nextMeter) {
      nextMeter = t + METER_EVERY_MS;
      meter.reading = { power_w: grid, phases_w: [...snap.grid], at: t };
    }
    if (control && !started) {
      controller.start();
      started = true;
    }
    if (control) {
      controller.step();
      commandCauses.classify(status);
    }
    const second = Math.floor((t - dayStart) / 1000);
    if (second < production.length) {
      production[second] = Math.max(production[second], produced);
      if (t % 1000 === 0) gridBySecond[second] = grid;
      if (off) importCauses.add(t, tick, grid, off.grid[second], status);
      if (offProduction && t % 1000 === 0 && offProduction[second] >= consumption) {
        coverErrors.push(Math.abs(grid - TARGET_W));
      }
    }
    // Load steps: the household's consumption a second ago against now (a pure function of time).
    const before = sum(house.consumption(t - 1000).active);
    importCauses.noteConsumption(t, consumption - before);
    if (before - consumption >= STEP_DOWN_W && t - lastStepAt > 5_000) {
      lastStepAt = t;
      if (open) steps.push(open);
      open = { at: t, drop: before - consumption, exportWs: 0, exported: false, backAfterMs: null };
    }
    // Back once the export beyond the hysteresis is gone (a house the sun cannot cover any more
    // after the step imports, and is "back" then too).
    if (open && open.backAfterMs === null) {
      if (grid < TARGET_W) open.exportWs += ((TARGET_W - grid) * tick) / 1000;
      if (grid < TARGET_W - HYSTERESIS_W) open.exported = true;
      else if (open.exported) open.backAfterMs = t - open.at;
      if (open.backAfterMs === null && t - open.at > 120_000) {
        open.backAfterMs = open.exported ? Infinity : 0;
      }
    }
  }
  if (open) steps.push(open);
  if (control) await controller.stop();
  await kit.close();
  return {
    importWh: importWs / 3600,
    exportWh: exportWs / 3600,
    production,
    grid: gridBySecond,
    sends,
    commandCauses,
    importCauses,
    steps,
    coverErrors,
    seconds: (performance.now() - host) / 1000,
    dayStart,
  };
}

const off = await runDay(false, null);
const on = await runDay(true, off);
if (on.importCauses.trace)
  writeFileSync(process.env.EXPORT_BENCH_TRACE, on.importCauses.trace.join('\n'));

const serials = DEMO_INVERTERS.map((d) => d.serial);
const names = Object.fromEntries(DEMO_INVERTERS.map((d) => [d.serial, d.name]));
const perHour = (sends, serial) => {
  const hours = new Array(HOURS).fill(0);
  for (const s of sends) {
    if (serial && s.serial !== serial) continue;
    const hour = Math.floor((s.t - on.dayStart) / HOUR_MS);
    if (hour >= 0 && hour < HOURS) hours[hour] += 1;
  }
  return hours;
};
const hourLabel = (h) =>
  `${String(new Date(Date.parse(START) + h * HOUR_MS).getHours()).padStart(2, '0')}h`;

console.log(
  `Export control: demo fleet (HM-800, HMS-2000-4T, HMT-2250-6T, upper limits at their maxima) ` +
    `beside the simulated house, ${START.slice(0, 10)} mixed clouds, seed ${SEED}, ` +
    `${HOURS} h of device time from ${START.slice(11, 16)}; target ${TARGET_W} W, hysteresis ${HYSTERESIS_W} W, spacing 10 s`,
);
console.log(
  `run time: control off ${fmt(off.seconds, 1)} s, on ${fmt(on.seconds, 1)} s (in process, clock advanced by hand)`,
);
console.log('');
console.log('energy over the day (net over the phases)   control off   control on');
console.log(
  `  exported (Wh)                            ${fmt(off.exportWh).padStart(11)}   ${fmt(on.exportWh).padStart(10)}`,
);
console.log(
  `  imported (Wh)                            ${fmt(off.importWh).padStart(11)}   ${fmt(on.importWh).padStart(10)}`,
);
const exportShare = (100 * on.exportWh) / off.exportWh;
const importRise = (100 * (on.importWh - off.importWh)) / off.importWh;
console.log(`  export with control: ${fmt(exportShare, 2)} % of the day without (target ≤ 3 %)`);
console.log(
  `  import with control: ${importRise >= 0 ? '+' : ''}${fmt(importRise, 2)} % against the day without (target ≤ +5 %)`,
);
for (const line of on.importCauses.lines(fmt)) console.log(line);
console.log('');
const fleetHours = perHour(on.sends, null);
const active = fleetHours.map((n, h) => [n, h]).filter(([n]) => n > 0);
console.log(`limit commands: ${on.sends.length} in the day (target ≤ 60 per inverter per hour)`);
console.log(
  `  fleet per hour: max ${Math.max(...fleetHours)}, mean ${fmt(active.reduce((s, [n]) => s + n, 0) / Math.max(1, active.length), 1)} over the ${active.length} hours with commands`,
);
for (const serial of serials) {
  const hours = perHour(on.sends, serial);
  const busiest = hours.indexOf(Math.max(...hours));
  console.log(
    `  ${names[serial].padEnd(12)} per hour: max ${String(Math.max(...hours)).padStart(3)} (${hourLabel(busiest)}), total ${hours.reduce((s, n) => s + n, 0)}`,
  );
}
for (const line of on.commandCauses.lines()) console.log(line);
console.log(
  `  by hour (fleet): ${fleetHours
    .map((n, h) => (n ? `${hourLabel(h)} ${n}` : ''))
    .filter(Boolean)
    .join(', ')}`,
);
console.log('');
const exporting = on.steps.filter((s) => s.exported);
console.log(
  `load steps down ≥ ${STEP_DOWN_W} W with control on: ${on.steps.length}, of which ${exporting.length} made the house export beyond the hysteresis (target: back within ≤ 20 s)`,
);
if (exporting.length > 0) {
  const times = exporting.map((s) => s.backAfterMs / 1000);
  const ws = exporting.map((s) => s.exportWs);
  console.log(
    `  back within the hysteresis after: median ${fmt(pct(times, 50), 1)} s, p95 ${fmt(pct(times, 95), 1)} s, max ${fmt(Math.max(...times), 1)} s`,
  );
  console.log(
    `  export above target: median ${fmt(pct(ws, 50))} W·s, p95 ${fmt(pct(ws, 95))} W·s, max ${fmt(Math.max(...ws))} W·s`,
  );
  for (const s of exporting) {
    const local = new Date(Date.parse(START) + (s.at - on.dayStart)).toTimeString().slice(0, 8);
    console.log(
      `    ${local}  −${fmt(s.drop)} W  export ${fmt(s.exportWs).padStart(6)} W·s  back after ${fmt(s.backAfterMs / 1000, 1)} s`,
    );
  }
}
console.log('');
console.log(
  `|grid − target| while the sun could cover the house (${fmt(on.coverErrors.length / 60)} min): p95 ${fmt(pct(on.coverErrors, 95))} W, p50 ${fmt(pct(on.coverErrors, 50))} W`,
);
