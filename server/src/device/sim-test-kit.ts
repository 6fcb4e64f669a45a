import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  emptyInverterSlot,
  type ConfigFile,
  type InverterSlotFile,
} from '@heliodtu/contract/config-file';
import { parseSerialHex } from '@heliodtu/contract/wire';
import { ConfigStore } from '../store/config-store.js';
import { DeviceClock } from './clock.js';
import { parseSimStart } from './clock.js';
import { FleetSimulator, type FleetSimulatorOptions } from './simulator.js';

/**
 * A fleet simulator on a fake host clock and a temp data dir, for unit tests (not used by the
 * gateway). Time only moves through `advance()`.
 */

export interface KitInverter {
  serial: string;
  name?: string;
  /** [name, Wp] per DC input, and [azimuth, tilt] when the string has them set. */
  strings?: readonly (readonly [string, number, number?, number?])[];
  slot?: Partial<Omit<InverterSlotFile, 'serial' | 'channel'>>;
}

export interface KitOptions {
  inverters: readonly KitInverter[];
  /** Local time in the configured zone, e.g. '2025-06-21T04:00:00'. */
  start: string;
  ntp?: Partial<ConfigFile['ntp']>;
  dtu?: Partial<ConfigFile['dtu']>;
  synced?: boolean;
  dataDir?: string;
  sim?: Partial<Omit<FleetSimulatorOptions, 'store' | 'clock' | 'dataDir'>>;
}

export interface Kit {
  sim: FleetSimulator;
  store: ConfigStore;
  clock: DeviceClock;
  dataDir: string;
  lines: string[];
  /** Move host time (= device time at speed 1) forward by `ms`, ticking every `stepMs`. */
  advance(ms: number, stepMs?: number, onTick?: () => void): void;
  /** Moves the clock without a tick: a sped-up gateway between two ticks of its fleet. */
  clockOnly(ms: number): void;
  /** Device epoch ms of a local wall time in the configured zone. */
  at(local: string): number;
  /** Advance until the device clock reaches the local time. */
  advanceUntil(local: string, stepMs?: number, onTick?: () => void): void;
  close(keepDir?: boolean): Promise<void>;
}

export function kitSlot(inverter: KitInverter, order: number): InverterSlotFile {
  const slot = { ...emptyInverterSlot(), ...inverter.slot };
  slot.serial = Number(parseSerialHex(inverter.serial));
  slot.name = inverter.name ?? `Inverter ${order + 1}`;
  slot.order = order;
  slot.channel = slot.channel.map((channel, i) => {
    const [name, wattPeak, azimuth, tilt] = inverter.strings?.[i] ?? ['', 0];
    const orientation = azimuth !== undefined && tilt !== undefined ? { azimuth, tilt } : {};
    return { ...channel, name, max_power: wattPeak, ...orientation };
  });
  return slot;
}

export async function createKit(options: KitOptions): Promise<Kit> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'heliodtu-sim-')));
  const store = await ConfigStore.open(dataDir, () => undefined);
  await store.update((draft) => {
    Object.assign(draft.ntp, options.ntp ?? {});
    Object.assign(draft.dtu, options.dtu ?? {});
    options.inverters.forEach((inverter, i) => {
      draft.inverters[i] = kitSlot(inverter, i);
    });
  });
  const tz = store.config.ntp.timezone;
  let host = 1_000_000;
  const clock = new DeviceClock({
    hostNow: () => host,
    start: parseSimStart(options.start, tz),
    synced: options.synced ?? true,
  });
  const lines: string[] = [];
  const sim = new FleetSimulator({
    seed: 7,
    autoTick: false,
    verbosePolls: false,
    ...options.sim,
    store,
    clock,
    dataDir,
    hostNow: () => host,
    consoleLog: { write: (line) => lines.push(line) },
  });
  await sim.start();
  const advance = (ms: number, stepMs = 1000, onTick?: () => void) => {
    for (let done = 0; done < ms;) {
      const step = Math.min(stepMs, ms - done);
      host += step;
      done += step;
      sim.tick();
      onTick?.();
    }
  };
  const at = (local: string) => parseSimStart(local, store.config.ntp.timezone);
  return {
    sim,
    store,
    clock,
    dataDir,
    lines,
    advance,
    clockOnly: (ms) => {
      host += ms;
    },
    at,
    advanceUntil: (local, stepMs, onTick) =>
      advance(Math.max(0, at(local) - clock.now()), stepMs, onTick),
    close: async (keepDir = false) => {
      await sim.stop();
      if (!keepDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
