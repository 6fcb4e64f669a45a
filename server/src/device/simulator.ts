import type { ConfigFile } from '@heliodtu/contract/config-file';
import type { DevInfoStatus } from '@heliodtu/contract/dev-info';
import { eventLogLocaleOf, type EventLogStatus } from '@heliodtu/contract/event-log';
import type { GridProfileRaw, GridProfileStatus } from '@heliodtu/contract/grid-profile';
import type {
  Hints,
  LiveDataFullStatus,
  LiveDataPartialStatus,
} from '@heliodtu/contract/live-data';
import { DEFAULT_PASSWORD } from '@heliodtu/contract/limits';
import { EMPTY_DEV_INFO } from './dev-info.js';
import { SIMULATED_DEVICE_ID } from './device-id.js';
import { eventLogStatus } from './event-log.js';
import { parseFaults } from './faults.js';
import { FleetCommands } from './fleet-commands.js';
import type { FleetSimulatorOptions } from './fleet-core.js';
import {
  EMPTY_GRID_PROFILE,
  gridProfileBytes,
  gridProfileIdFor,
  parseGridProfile,
} from './grid-profile.js';
import {
  inverterStateOf,
  fullObject,
  partialObject,
  totalOf,
  type InverterState,
} from './live-view.js';

export type { FleetSimulatorOptions, SimulatorClock, SimulatorStore } from './fleet-core.js';
export type { InverterState } from './live-view.js';

/**
 * The simulated inverter fleet behind the OpenDTU API (issue 3). No Fastify here: routes,
 * sockets, MQTT and metrics use this class (its commands: fleet-commands.ts). Serial arguments
 * are hex strings in any case. See README.md in this folder.
 */
export class FleetSimulator extends FleetCommands {
  /** The key of the simulated fleet's history rows (a companion's are its device's id). */
  readonly deviceId = SIMULATED_DEVICE_ID;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribeClock: (() => void) | undefined;
  private readonly onSaved = (changed: (keyof ConfigFile)[]) => this.configChanged(changed);
  /** Each library inverter's slot as JSON, to tell which ones an inverter save touched. */
  private slotTexts = new Map<string, string>();

  constructor(options: FleetSimulatorOptions) {
    super(options);
  }

  /** Load saved yields, build the fleet, and (unless autoTick is false) start the 1-s timer. */
  async start(): Promise<void> {
    if (this.started) return;
    this.wall = this.clock.now();
    this.saved = await this.yields.load();
    this.syncFleet();
    this.slotTexts = this.currentSlotTexts();
    this.started = true;
    this.resetSchedule();
    this.applyGates();
    this.store.on('saved', this.onSaved);
    this.unsubscribeClock = this.clock.onChange?.((event) => this.noteClockChange(event));
    if (this.options.autoTick ?? true) {
      this.timer = setInterval(() => {
        try {
          this.tick();
        } catch (error) {
          // A failing listener must not take the gateway down.
          this.log(`Simulation step failed: ${(error as Error).message}`);
        }
      }, 1000);
      this.timer.unref();
    }
    this.log(`Simulated fleet: ${this.records.length} inverter(s)`);
  }

  /** Stop the timer and write yield.json once more. */
  async stop(): Promise<void> {
    if (!this.started) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribeClock?.();
    this.store.off('saved', this.onSaved);
    this.started = false;
    await this.saveYields(true);
  }

  /**
   * Replace the SIM_FAULTS entries (the test-only route, docs/alerts.md): `unreachable` and
   * `radio` apply at the next poll; `shade` at the next change of the inverters.
   */
  setFaults(entries: readonly string[]): void {
    this.faults = parseFaults(entries);
  }

  /** Serials of the library inverters, in library order (known models only). */
  inverterSerials(): string[] {
    return this.records.map((r) => r.serial);
  }

  /**
   * What each inverter on the roof feeds into the grid at this moment (W, library order), as a
   * meter at the grid connection measures it: the physics, not the DTU's last poll. HMT
   * inverters feed three phases (the simulated house's meter spreads them, power-control §2).
   */
  acOutputs(): { serial: string; watts: number; threePhase: boolean }[] {
    return this.records.map((r) => ({
      serial: r.serial,
      watts: r.sim.point.ac.power,
      threePhase: r.sim.hardware.family.phases === 3,
    }));
  }

  /**
   * The device time the simulation has reached (epoch ms): what its read-back and live-data
   * times are stamped with. It trails the clock by up to one host second of SIM_SPEED.
   */
  simulatedNow(): number {
    return this.wall;
  }

  /** DTU uptime in ms as the simulation sees it. */
  uptimeMs(): number {
    return this.uptime;
  }

  /** `GET /api/livedata/status` (wire-contract §4.2): partial objects, or one full object for `serial`. */
  liveData(): LiveDataPartialStatus;
  liveData(serial: string): LiveDataFullStatus;
  liveData(serial?: string): LiveDataPartialStatus | LiveDataFullStatus {
    const views = this.views();
    const total = totalOf(views);
    const hints = this.hints();
    if (serial === undefined) return { inverters: views.map(partialObject), total, hints };
    const record = this.find(serial);
    const view = views.find((v) => v.record === record);
    return { inverters: view ? [fullObject(view)] : [], total, hints };
  }

  /** `hints` of live data (wire-contract §4.2). */
  hints(): Hints {
    const radios = this.options.radios?.() ?? { nrf: true, cmt: true };
    return {
      time_sync: !this.clock.isSynced(),
      radio_problem: this.faults.radio && (radios.nrf || radios.cmt),
      default_password: this.store.config.security.password === DEFAULT_PASSWORD,
      // Current firmware's hint: the board would need a pin mapping that is not selected. The
      // simulated board runs with the mapping it needs.
      ...(this.options.firmware === 'v26' ? { pin_mapping_issue: false } : {}),
    };
  }

  /** Facts for MQTT / Prometheus; null for a serial not in the fleet. */
  inverterState(serial: string): InverterState | null {
    const views = this.views();
    const position = views.findIndex((v) => v.record === this.find(serial));
    const view = views[position];
    return view ? inverterStateOf(view, position) : null;
  }

  /** `GET /api/eventlog/status` (wire-contract §4.5); null for an unknown serial (answer `{}`). */
  eventLog(serial: string, locale?: string): EventLogStatus | null {
    const record = this.find(serial);
    if (!record) return null;
    return eventLogStatus(record.events, eventLogLocaleOf(locale), {
      hmt: record.sim.hardware.family.phases === 3,
      nowMs: this.wall,
      timezone: this.store.config.ntp.timezone,
    });
  }

  /** `GET /api/devinfo/status` (wire-contract §4.5); null for an unknown serial. */
  devInfo(serial: string): DevInfoStatus | null {
    const record = this.find(serial);
    if (!record) return null;
    const info = record.devInfoValid ? { ...record.sim.hardware.devInfo } : { ...EMPTY_DEV_INFO };
    // Current firmware tells whether the inverter supports PDL; the simulated ones do not.
    return this.options.firmware === 'v26' ? { ...info, pdl_supported: false } : info;
  }

  /** `GET /api/gridprofile/status` (wire-contract §4.5): parsed from the raw bytes; null when unknown. */
  gridProfile(serial: string): GridProfileStatus | null {
    const raw = this.gridProfileRaw(serial);
    if (!raw) return null;
    return raw.raw.length > 0 ? parseGridProfile(raw.raw) : structuredClone(EMPTY_GRID_PROFILE);
  }

  /** `GET /api/gridprofile/rawdata` (wire-contract §4.5); `[]` before it was read; null when unknown. */
  gridProfileRaw(serial: string): GridProfileRaw | null {
    const record = this.find(serial);
    if (!record) return null;
    if (!record.gridProfileValid) return { raw: [] };
    return { raw: gridProfileBytes(gridProfileIdFor(record.sim.hardware.family)) };
  }

  private currentSlotTexts(): Map<string, string> {
    return new Map(this.records.map((r) => [r.serial, JSON.stringify(this.slotOf(r.serial))]));
  }

  private configChanged(changed: (keyof ConfigFile)[]): void {
    if (!this.started) return;
    if (changed.includes('inverters')) {
      this.syncFleet();
      // Just after an edit only the plain flags count; night rules follow at the next gate.
      const texts = this.currentSlotTexts();
      for (const record of this.records) {
        const slot = this.slotOf(record.serial);
        if (slot && texts.get(record.serial) !== this.slotTexts.get(record.serial)) {
          record.pollEnabled = slot.poll_enable;
          record.commandsEnabled = slot.command_enable;
        }
      }
      this.slotTexts = texts;
    }
    if (changed.includes('ntp')) {
      const ntp = this.store.config.ntp;
      this.site.moveTo(ntp.latitude, ntp.longitude);
    }
    if (changed.includes('dtu')) this.reschedulePoll();
  }
}
