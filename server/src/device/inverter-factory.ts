import type { InverterSlotFile } from '@heliodtu/contract/config-file';
import type { Hardware } from './dev-info.js';
import { lifetimeYieldWh, stringSetups } from './fleet.js';
import {
  gridProfileBytes,
  gridProfileIdFor,
  gridProfileValue,
  parseGridProfile,
} from './grid-profile.js';
import { InverterSim } from './inverter-sim.js';
import type { SavedInverterState } from './yield-store.js';
import { RadioLink } from './radio-stats.js';
import { Random } from './random.js';
import { Site } from './site.js';
import type { DayType } from './weather.js';

/**
 * Builds the physical inverter for a serial and brings it to the present: from its saved state
 * if the gateway was only away a while, else from a plausible history (lifetime yield, and
 * today's morning start and production so far).
 */

export interface SavedStates {
  /** Device epoch ms of the save. */
  readonly savedAt: number;
  readonly inverters: ReadonlyMap<string, SavedInverterState>;
}

export interface FactoryContext {
  readonly seed: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly weather: DayType | undefined;
  /** Device epoch ms now. */
  readonly wall: number;
  readonly saved: SavedStates;
}

/** A saved state older than this is history: the inverter starts afresh (keeping its total). */
const MAX_RESUME_MS = 7 * 86_400_000;
/** A fresh inverter replays this much of the past, so it has today's boot and yield. */
const HISTORY_MS = 20 * 3_600_000;
const CATCH_UP_STEP_MS = 60_000;

/** Reconnect time and soft-start ramp from the inverter's grid profile (inverter-domain §5.4). */
export function reconnectProfileOf(hardware: Hardware): {
  reconnectSeconds: number;
  softStartPercentPerSecond: number;
} {
  const profile = parseGridProfile(gridProfileBytes(gridProfileIdFor(hardware.family)));
  return {
    reconnectSeconds: gridProfileValue(profile, 'Reconnect Time (RT)') ?? 60,
    softStartPercentPerSecond: gridProfileValue(profile, 'Soft Start Ramp up Rate (RUR_SS)') ?? 10,
  };
}

/** Run an inverter's physics from `from` to `to` in coarse steps (no radio, no DTU). */
export function catchUp(sim: InverterSim, site: Site, from: number, to: number): void {
  for (let t = from; t < to;) {
    const next = Math.min(to, t + CATCH_UP_STEP_MS);
    sim.step(site.conditions(next, next - t), next - t);
    t = next;
  }
}

/** The physical inverter and radio link of a serial, brought to the present. */
export function createInverter(
  serial: string,
  hardware: Hardware,
  slot: Readonly<InverterSlotFile>,
  ctx: FactoryContext,
): { sim: InverterSim; link: RadioLink } {
  const strings = stringSetups(serial, hardware, slot, ctx.seed);
  const site = new Site(ctx.seed, ctx.latitude, ctx.longitude, ctx.weather);
  const saved = ctx.saved.inverters.get(serial);
  const gap = ctx.wall - ctx.saved.savedAt;
  const resume = saved !== undefined && gap >= 0 && gap <= MAX_RESUME_MS;
  const from = resume ? ctx.saved.savedAt : ctx.wall - HISTORY_MS;
  const sim = new InverterSim(
    hardware,
    strings,
    Random.derive(ctx.seed, 'inverter', serial),
    {
      yieldDayWh: strings.map(() => 0),
      yieldTotalWh: lifetimeYieldWh(serial, strings, from, ctx.seed),
    },
    reconnectProfileOf(hardware),
    site.conditions(from, 0).ambient,
  );
  if (saved) {
    sim.restore(
      resume ? saved : { ...saved, awake: false, yieldDayWh: saved.yieldDayWh.map(() => 0) },
    );
  }
  catchUp(sim, site, from, ctx.wall);
  // Replaying history must not add to a saved total (the clock may have been set back).
  if (saved && !resume) {
    sim.counters.yieldTotalWh = sim.counters.yieldTotalWh.map((_, i) => saved.yieldTotalWh[i] ?? 0);
  }
  return {
    sim,
    link: new RadioLink(hardware.family.radio, Random.derive(ctx.seed, 'link', serial)),
  };
}
