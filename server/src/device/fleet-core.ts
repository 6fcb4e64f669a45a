import type { FirmwareGeneration } from '@heliodtu/contract/domain/firmware-generation';
import { EventEmitter } from 'node:events';
import type { ConfigFile, InverterSlotFile } from '@heliodtu/contract/config-file';
import { isLegalCmtFrequency } from '@heliodtu/contract/domain/frequency';
import type { LimitKind } from '@heliodtu/contract/domain/limit-type';
import { LIMIT_RELATIVE_MAX } from '@heliodtu/contract/limits';
import { formatSerialHex, parseSerialHex } from '@heliodtu/contract/wire';
import { hardwareOf } from './dev-info.js';
import { DtuInverter, type RadioContext } from './dtu-inverter.js';
import { createInverter, type SavedStates } from './inverter-factory.js';
import type { StringSetup } from './inverter-electrics.js';
import type { InverterSim } from './inverter-sim.js';
import { localParts } from './posix-tz.js';
import type { RadioLink } from './radio-stats.js';
import { Site } from './site.js';
import { isDayPeriod } from './sun.js';
import { stringSetups } from './fleet.js';
import type { DayType } from './weather.js';
import { YieldStore } from './yield-store.js';
import type { InverterView } from './live-view.js';
import { parseFaults, type SimFaults } from './faults.js';

/** What the simulator needs of the config store (server/src/store/config-store.ts). */
export interface SimulatorStore {
  readonly config: Readonly<ConfigFile>;
  on(event: 'saved', listener: (changed: (keyof ConfigFile)[]) => void): unknown;
  off(event: 'saved', listener: (changed: (keyof ConfigFile)[]) => void): unknown;
}

/** What the simulator needs of the device clock (device/clock.ts). */
export interface SimulatorClock {
  now(): number;
  isSynced(): boolean;
  onChange?(listener: (event: { now: number; jumped: boolean }) => void): () => void;
}

export interface FleetSimulatorOptions {
  store: SimulatorStore;
  clock: SimulatorClock;
  /** SIM_SEED: weather, links and noise. */
  seed: number;
  dataDir: string;
  /** SIM_FAULTS entries: 'radio', 'unsynced', 'unreachable:<serial>', 'shade:<serial>:<string>'. */
  faults?: readonly string[];
  consoleLog?: { write(line: string, info?: { tag?: string }): void };
  /** Host clock (ms), for how often yield.json is written. */
  hostNow?: () => number;
  /** Which radios the board has initialised (pin mapping); both by default. */
  radios?: () => { nrf: boolean; cmt: boolean };
  /** Give every day this weather (tests, demos) instead of the seeded mix. */
  weather?: DayType;
  /** Advance on a 1-s host timer (default); tests set false and call advanceTo(). */
  autoTick?: boolean;
  /** Write poll traffic to the console as the device does (default true). */
  verbosePolls?: boolean;
  /** The firmware whose live data and device info the fleet answers with (default v24). */
  firmware?: FirmwareGeneration;
}

/** Longest step of the physics, device ms. */
const PHYSICS_STEP_MS = 5_000;
/** A forward gap longer than this is a clock jump, not elapsed time. */
const MAX_CONTINUOUS_MS = 3_600_000;
const GATE_EVERY_MS = 60_000;

/** A limit command as the DTU took it (REST, MQTT or export control), before it goes on air. */
export interface LimitCommandTaken {
  readonly serial: string;
  readonly value: number;
  readonly kind: LimitKind;
  /** false when commands are disabled for the inverter: dropped, as on the device. */
  readonly queued: boolean;
}

/**
 * State and helpers of the fleet simulator, shared by fleet-engine.ts (time), fleet-commands.ts
 * (commands) and simulator.ts (public API). Split only to keep files short; FleetSimulator is
 * the class to use.
 */
export class FleetCore extends EventEmitter<{
  update: [serial: string];
  /** Every limit command for a known inverter (the test API counts them by kind). */
  limit: [command: LimitCommandTaken];
}> {
  protected readonly store: SimulatorStore;
  protected readonly clock: SimulatorClock;
  protected faults: SimFaults;
  protected readonly options: FleetSimulatorOptions;
  protected readonly records: DtuInverter[] = [];
  protected readonly sims = new Map<string, { sim: InverterSim; link: RadioLink }>();
  protected readonly yields: YieldStore;
  protected site: Site;
  /** DTU uptime, ms (millis() on the device): data age, command windows, limit reads. */
  protected uptime = 0;
  /** Device time the simulation has reached. */
  protected wall: number;
  protected started = false;
  private slotIndex: {
    config: Readonly<ConfigFile> | null;
    slots: Map<string, Readonly<InverterSlotFile>>;
  } = { config: null, slots: new Map() };
  /** yield.json as loaded at start, for inverters that join the fleet later. */
  protected saved: SavedStates = { savedAt: 0, inverters: new Map() };

  constructor(options: FleetSimulatorOptions) {
    super();
    this.setMaxListeners(0);
    this.options = options;
    this.store = options.store;
    this.clock = options.clock;
    this.faults = parseFaults(options.faults ?? []);
    this.wall = options.clock.now();
    const ntp = options.store.config.ntp;
    this.site = new Site(options.seed, ntp.latitude, ntp.longitude, options.weather);
    this.yields = new YieldStore(options.dataDir, options.hostNow ?? Date.now, (line) =>
      this.log(line),
    );
  }

  protected log(line: string): void {
    this.options.consoleLog?.write(line, { tag: 'hoymiles' });
  }

  /** Record of a serial in any case or with leading zeros; undefined when not in the fleet. */
  protected find(serial: string): DtuInverter | undefined {
    const value = parseSerialHex(serial);
    if (value === 0n) return undefined;
    const normalized = formatSerialHex(value);
    return this.records.find((r) => r.serial === normalized);
  }

  /** The config slot of a library serial (the first, should a serial be configured twice). */
  protected slotOf(serial: string): Readonly<InverterSlotFile> | undefined {
    const config = this.store.config;
    // Every save replaces the config object, so its identity tells when to rebuild the index.
    if (this.slotIndex.config !== config) {
      const slots = new Map<string, Readonly<InverterSlotFile>>();
      for (const slot of config.inverters) {
        const key = formatSerialHex(BigInt(slot.serial));
        if (slot.serial !== 0 && !slots.has(key)) slots.set(key, slot);
      }
      this.slotIndex = { config, slots };
    }
    return this.slotIndex.slots.get(serial);
  }

  /** The DTU radio for this inverter is initialised and connected. */
  protected radioUsable(record: DtuInverter): boolean {
    if (this.faults.radio) return false;
    const radios = this.options.radios?.() ?? { nrf: true, cmt: true };
    return record.sim.hardware.family.radio === 'NRF' ? radios.nrf : radios.cmt;
  }

  protected context(record: DtuInverter, slot: Readonly<InverterSlotFile>): RadioContext {
    const dtu = this.store.config.dtu;
    const cmtOk =
      record.sim.hardware.family.radio !== 'CMT' ||
      isLegalCmtFrequency(dtu.cmt_frequency, dtu.cmt_country_mode);
    const verbose = this.options.verbosePolls ?? true;
    return {
      uptime: this.uptime,
      wall: this.wall,
      synced: this.clock.isSynced(),
      radioUsable: this.radioUsable(record),
      inRange: cmtOk && !this.faults.unreachable.has(record.serial),
      slot,
      log: verbose ? (line) => this.log(line) : () => undefined,
    };
  }

  protected views(): InverterView[] {
    return this.records.flatMap((record) => {
      const slot = this.slotOf(record.serial);
      return slot
        ? [
            {
              record,
              slot,
              uptime: this.uptime,
              radioUsable: this.radioUsable(record),
              firmware: this.options.firmware ?? 'v24',
            },
          ]
        : [];
    });
  }

  /**
   * The value as it goes on air: relative limits clamped to 100 by the library (wire-contract
   * §4.4); value × 10 travels as uint16, so the range is 0..6553.5 (NaN as 0, integrations §3.3).
   */
  protected clampLimit(value: number, kind: LimitKind): number {
    const onAir = Math.min(Math.max(Number.isNaN(value) ? 0 : value, 0), 6553.5);
    return kind.relative ? Math.min(onAir, LIMIT_RELATIVE_MAX) : onAir;
  }

  /** Library inverters follow the config: new serials are appended, removed ones dropped. */
  protected syncFleet(): void {
    const saved = this.saved;
    const wanted = new Set<string>();
    for (const slot of this.store.config.inverters) {
      if (slot.serial === 0) continue;
      const serial = formatSerialHex(BigInt(slot.serial));
      const hardware = hardwareOf(serial);
      if (!hardware || wanted.has(serial)) continue;
      wanted.add(serial);
      let entry = this.sims.get(serial);
      if (!entry) {
        const ntp = this.store.config.ntp;
        entry = createInverter(serial, hardware, slot, {
          seed: this.options.seed,
          latitude: ntp.latitude,
          longitude: ntp.longitude,
          weather: this.options.weather,
          wall: this.wall,
          saved,
        });
        entry.sim.strings = this.shaded(serial, entry.sim.strings);
        this.sims.set(serial, entry);
      } else {
        entry.sim.strings = this.shaded(
          serial,
          stringSetups(serial, hardware, slot, this.options.seed),
        );
      }
      if (!this.records.some((r) => r.serial === serial)) {
        this.records.push(new DtuInverter(serial, entry.sim, entry.link, slot));
      }
    }
    for (let i = this.records.length - 1; i >= 0; i--) {
      if (!wanted.has(this.records[i]?.serial ?? '')) this.records.splice(i, 1);
    }
  }

  /** The strings with the `shade:` faults of this inverter applied (issue 15). */
  private shaded(serial: string, strings: StringSetup[]): StringSetup[] {
    const shares = this.faults.shade.get(serial);
    if (!shares) return strings;
    return strings.map((s, i) => {
      const share = shares.get(i);
      return share === undefined ? s : { ...s, shade: share };
    });
  }

  /** Poll and command flags by day and night (inverter-domain §9.1). */
  protected applyGates(): void {
    const ntp = this.store.config.ntp;
    const isDay =
      !this.clock.isSynced() ||
      isDayPeriod(this.wall, ntp.latitude, ntp.longitude, ntp.sunsettype, ntp.timezone);
    for (const record of this.records) {
      const slot = this.slotOf(record.serial);
      if (slot) record.applyGate(slot, isDay);
    }
  }

  protected weekdayNow(): number {
    return localParts(this.wall, this.store.config.ntp.timezone).weekday;
  }

  static readonly PHYSICS_STEP_MS = PHYSICS_STEP_MS;
  static readonly MAX_CONTINUOUS_MS = MAX_CONTINUOUS_MS;
  static readonly GATE_EVERY_MS = GATE_EVERY_MS;
}
