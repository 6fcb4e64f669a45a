import { EventEmitter } from 'node:events';
import type { ExportControlConfig, GovernedInverter } from '@heliodtu/contract/export-control';
import type {
  GridMeterEvents,
  GridMeterPort,
  GridMeterReading,
} from '../grid-meter/grid-meter-port.js';
import type { GovernableInverter, InverterFleetPort } from './export-control-port.js';
import { ExportController } from './export-controller.js';

/**
 * A fake plant for export control's tests: inverters that apply a limit after a delay and
 * report live data every few seconds, a house whose grid power a fake meter reads, one clock.
 */

export interface PlantInverter {
  device: string;
  serial: string;
  name: string;
  reachable: boolean;
  /** What the sun could give now, W. */
  sun_w: number;
  max_w: number;
  inputs: number;
  /** The limit in force, W (what the inverter obeys). */
  limit_w: number;
  readback_w: number | null;
  readback_at: number | null;
  power_w: number;
  data_at: number | null;
  /** Drops every command (a device with commands disabled answers success and does nothing). */
  dropsCommands: boolean;
}

export interface SentLimit {
  t: number;
  device: string;
  serial: string;
  watts: number;
}

export class FakeMeter extends EventEmitter<GridMeterEvents> {
  reading: GridMeterReading | null = null;
  isConfigured = true;
  configured(): boolean {
    return this.isConfigured;
  }
  usable(): GridMeterReading | null {
    return this.reading;
  }
  state(): 'ok' | 'stale' {
    return this.reading ? 'ok' : 'stale';
  }
}

export class Plant implements InverterFleetPort {
  t = Date.UTC(2026, 5, 21, 10, 0, 0);
  readonly sent: SentLimit[] = [];
  readonly plantInverters: PlantInverter[] = [];
  readonly meter = new FakeMeter();
  /** The house's consumption, W. */
  load_w = 1000;
  /** Delay before a command is applied and read back, ms. */
  ackDelayMs = 1_500;
  dataEveryMs = 2_000;
  meterEveryMs = 1_000;
  meterWorks = true;
  private readonly queue: { at: number; run: () => void }[] = [];
  private nextData = 0;
  private nextMeter = 0;

  add(over: Partial<PlantInverter> & { serial: string }): PlantInverter {
    const inverter: PlantInverter = {
      device: 'local',
      name: `Inverter ${over.serial.slice(-2)}`,
      reachable: true,
      sun_w: 600,
      max_w: 800,
      inputs: 2,
      limit_w: 800,
      readback_w: 800,
      readback_at: this.t,
      power_w: 0,
      data_at: null,
      dropsCommands: false,
      ...over,
    };
    inverter.power_w = Math.min(inverter.sun_w, inverter.limit_w);
    this.plantInverters.push(inverter);
    return inverter;
  }

  now(): number {
    return this.t;
  }

  /** What the meter sees: the inverters' output now, whatever their live data says yet. */
  grid(): number {
    const output = (i: PlantInverter) =>
      i.reachable ? Math.max(0, Math.min(i.sun_w, i.limit_w, i.max_w)) : 0;
    return this.load_w - this.plantInverters.reduce((s, i) => s + output(i), 0);
  }

  inverters(): readonly GovernableInverter[] {
    return this.plantInverters.map((i) => ({
      device: i.device,
      serial: i.serial,
      name: i.name,
      reachable: i.reachable,
      power_w: i.data_at === null ? null : i.power_w,
      inputs_w: Array.from({ length: i.inputs }, () => i.power_w / i.inputs),
      max_power_w: i.max_w,
      readback_w: i.readback_w,
      data_at: i.data_at,
      readback_at: i.readback_at,
    }));
  }

  sendTemporaryLimit(device: string, serial: string, watts: number): Promise<void> {
    const inverter = this.plantInverters.find((i) => i.device === device && i.serial === serial);
    this.sent.push({ t: this.t, device, serial, watts });
    if (!inverter || !inverter.reachable) return Promise.reject(new Error('away'));
    if (!inverter.dropsCommands) {
      this.queue.push({
        at: this.t + this.ackDelayMs,
        run: () => {
          inverter.limit_w = watts;
          inverter.readback_w = watts;
          inverter.readback_at = this.t;
        },
      });
    }
    return Promise.resolve();
  }

  /** The owner sets a limit on the device itself. */
  setOnDevice(serial: string, watts: number): void {
    const inverter = this.plantInverters.find((i) => i.serial === serial);
    if (!inverter) return;
    inverter.limit_w = watts;
    inverter.readback_w = watts;
    inverter.readback_at = this.t;
  }

  /** Moves the clock by `ms` in 250 ms ticks, stepping `controller` each tick. */
  run(ms: number, controller?: ExportController, onTick?: () => void): void {
    const end = this.t + ms;
    while (this.t < end) {
      this.t += 250;
      for (const job of this.queue.filter((j) => j.at <= this.t)) job.run();
      this.queue.splice(0, this.queue.length, ...this.queue.filter((j) => j.at > this.t));
      if (this.t >= this.nextData) {
        this.nextData = this.t + this.dataEveryMs;
        for (const i of this.plantInverters) {
          if (!i.reachable) continue;
          i.power_w = Math.max(0, Math.min(i.sun_w, i.limit_w, i.max_w));
          i.data_at = this.t;
        }
      }
      if (this.t >= this.nextMeter) {
        this.nextMeter = this.t + this.meterEveryMs;
        this.meter.reading = this.meterWorks
          ? { power_w: this.grid(), phases_w: [], at: this.t }
          : null;
      }
      onTick?.();
      controller?.step();
    }
  }

  sentTo(serial: string): SentLimit[] {
    return this.sent.filter((s) => s.serial === serial);
  }
}

export function governed(serial: string, over: Partial<GovernedInverter> = {}): GovernedInverter {
  return {
    device: 'local',
    serial,
    lower_w: 0,
    upper_w: 800,
    fallback_w: null,
    restore_w: null,
    ...over,
  };
}

export function controlConfig(over: Partial<ExportControlConfig> = {}): ExportControlConfig {
  return {
    enabled: true,
    target_w: 0,
    hysteresis_w: 20,
    command_spacing_s: 10,
    manual_pause_min: 30,
    window: { enabled: false, start: '08:00', end: '20:00' },
    inverters: [],
    ...over,
  };
}

/** A controller over the plant, its settings held in memory, its log kept. */
export function controllerOver(plant: Plant, config: ExportControlConfig) {
  let current = config;
  const log: string[] = [];
  const settings = {
    get: () => current,
    save: (next: ExportControlConfig) => {
      current = next;
      return Promise.resolve();
    },
  };
  const controller = new ExportController({
    fleet: plant,
    meter: plant.meter as unknown as GridMeterPort,
    settings,
    log: (line) => log.push(line),
    localMinutes: (ms) => new Date(ms).getUTCHours() * 60 + new Date(ms).getUTCMinutes(),
  });
  return {
    controller,
    log,
    settings,
    setConfig(next: ExportControlConfig) {
      current = next;
      controller.reload();
    },
  };
}
