import { EventEmitter } from 'node:events';
import type { GridMeterState, GridMeterStatus, HouseEnergy } from '@heliodtu/contract/grid-meter';
import { subjectOf, type AlertCondition } from '@heliodtu/contract/domain/alert-rules';
import { GRID_METER_IMPLAUSIBLE_AFTER_MS } from '@heliodtu/contract/limits';
import type {
  GridMeterEvents,
  GridMeterPort,
  GridMeterReading,
  SimulatedHousePort,
} from './grid-meter-port.js';
import type { EnergyRegisters } from './energy-registers.js';
import type { GridMeterSettings } from './grid-meter-settings.js';
import { readHttpMeter } from './http-meter.js';
import { countedHouseEnergy, stateDetail } from './meter-figures.js';
import { MqttMeter, type MqttMeterLink } from './mqtt-meter.js';

export interface GridMeterServiceOptions {
  settings: () => GridMeterSettings;
  registers: EnergyRegisters;
  /** The gateway's clock (device time on a simulated gateway), epoch ms. */
  now: () => number;
  /** Every inverter's AC power of every device now, W. */
  production: () => number;
  /**
   * Whether that production is every inverter's: false while an inverter does not answer or a
   * device is away (it may still feed the house, and consumption would come out too low).
   */
  productionKnown?: () => boolean;
  /** Every inverter's YieldDay summed, Wh. */
  productionToday: () => number;
  /** Local midnight (epoch ms) of the day holding `now`, in the gateway's time zone. */
  dayStart: (now: number) => number;
  simulatedHouse?: SimulatedHousePort | undefined;
  /**
   * The broker connection the `mqtt` source reads through for these settings (the gateway's
   * own MQTT or HelioDTU's own broker connection), or null when there is none.
   */
  mqttLink?: (settings: GridMeterSettings) => MqttMeterLink | null;
  log: (line: string) => void;
  /**
   * Host ms between ticks (the simulated house is read on each): one device second by default,
   * shorter on a sped-up clock (SIM_SPEED), so its readings never age past stale_after_s.
   */
  tickMs?: number;
}

const TICK_MS = 1000;
/** A sped-up clock ticks at most this often (host ms). */
export const GRID_METER_MIN_TICK_MS = 50;

/** Ticks of one device second on a clock `speed` times as fast as the host's. */
export const gridMeterTickMs = (speed: number): number =>
  Math.max(GRID_METER_MIN_TICK_MS, Math.round(TICK_MS / speed));

/**
 * The grid meter (docs/power-control.md §1): reads the chosen source, judges every reading's
 * age on the gateway's clock, integrates the energy registers, and hands out only usable
 * readings. Sources push readings in through accept(); failures through fault().
 */
export class GridMeterService extends EventEmitter<GridMeterEvents> implements GridMeterPort {
  private latest: GridMeterReading | null = null;
  private failure: { state: 'unreachable' | 'no_path'; detail: string } | null = null;
  private negativeSince: number | null = null;
  private implausibleNow = false;
  private lastState: GridMeterState = 'off';
  /** The last usable reading's time, or when reading started: what 'meter-lost' waits from. */
  private goodAt = 0;
  private ticker: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private closed = false;
  private mqtt: MqttMeter | null = null;

  constructor(private readonly options: GridMeterServiceOptions) {
    super();
  }

  private get settings(): GridMeterSettings {
    return this.options.settings();
  }

  /** Starts reading the current settings' source (after a change of settings too). */
  start(): void {
    this.stopSources();
    this.latest = null;
    this.failure = null;
    this.negativeSince = null;
    this.implausibleNow = false;
    this.options.registers.gap();
    const now = this.options.now();
    this.goodAt = now;
    this.options.registers.rollover(this.options.dayStart(now), now); // today's base, if none yet
    this.ticker = setInterval(() => this.tick(), this.options.tickMs ?? TICK_MS);
    this.ticker.unref();
    if (this.settings.source === 'http') this.schedulePoll(0);
    if (this.settings.source === 'mqtt') this.startMqtt();
    this.tick();
  }

  private startMqtt(): void {
    const found = this.options.mqttLink?.(this.settings) ?? null;
    if (!found) {
      this.fault('unreachable', 'No broker connection is set for the MQTT meter.');
      return;
    }
    const meter: MqttMeter = new MqttMeter({
      ...this.settings.mqtt,
      link: found.link,
      linkName: found.name,
      now: this.options.now,
      onReading: (parts, oldestAt) => {
        if (this.mqtt === meter) this.accept(parts, oldestAt);
      },
      onFault: (state, detail) => {
        if (this.mqtt === meter) this.fault(state, detail);
      },
      onConnected: () => {
        if (this.mqtt === meter && this.failure?.state === 'unreachable') {
          this.failure = null;
          this.updateState();
        }
      },
    });
    this.mqtt = meter;
    meter.start();
  }

  private stopSources(): void {
    this.mqtt?.close();
    this.mqtt = null;
    if (this.ticker) clearInterval(this.ticker);
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.ticker = null;
    this.pollTimer = null;
  }

  private schedulePoll(delayMs: number): void {
    if (this.closed) return;
    this.pollTimer = setTimeout(() => {
      void this.poll().then(() => this.schedulePoll(this.settings.http.interval_s * 1000));
    }, delayMs);
    this.pollTimer.unref();
  }

  /** One HTTP poll; a poll under way is joined, never doubled. */
  private poll(): Promise<void> {
    this.polling ??= (async () => {
      const http = this.settings.http;
      // Shorter than the interval, so a hanging meter never makes polls overlap.
      const timeoutMs = Math.max(500, Math.min(5000, http.interval_s * 800));
      const answer = await readHttpMeter(http, timeoutMs);
      if (this.closed || this.settings.source !== 'http') return;
      if (answer.kind === 'ok') this.accept([answer.power_w]);
      else this.fault(answer.kind, answer.detail);
    })().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private tick(): void {
    if (this.settings.source === 'simulated' && this.options.simulatedHouse) {
      const reading = this.options.simulatedHouse.reading();
      this.accept(reading.phases_w.length > 0 ? [...reading.phases_w] : [reading.power_w]);
    }
    this.updateState();
    void this.options.registers.persist(this.options.now()).catch((error: Error) => {
      this.options.log(`Grid meter: energy registers not written (${error.message})`);
    });
  }

  /** A new reading from the source: per phase or summed topic, in the meter's own sign. */
  accept(parts: readonly number[], oldestAt?: number): void {
    const now = this.options.now();
    const sign = this.settings.invert_sign ? -1 : 1;
    // The owner's sign goes first: everything after this is import positive.
    const phases_w = parts.map((p) => p * sign + 0);
    const power_w = phases_w.reduce((sum, p) => sum + p, 0);
    this.failure = null;
    // A sum of phases is as old as its oldest phase.
    const at = Math.min(now, oldestAt ?? now);
    this.latest = { power_w, phases_w: parts.length > 1 ? phases_w : [], at };
    this.judgePlausibility(now, power_w);
    const { registers } = this.options;
    registers.rollover(this.options.dayStart(now), now);
    registers.add(now, power_w, this.settings.stale_after_s * 1000, this.options.production());
    this.updateState();
    if (this.state() === 'ok') {
      this.goodAt = at;
      this.emit('reading', this.latest);
    }
  }

  /** The source failed: the meter is not usable until it answers again. */
  fault(state: 'unreachable' | 'no_path', detail: string): void {
    this.failure = { state, detail };
    this.options.registers.gap();
    this.updateState();
  }

  private judgePlausibility(now: number, power_w: number): void {
    const known = this.options.productionKnown?.() ?? true;
    if (!known || this.options.production() + power_w >= 0) {
      this.negativeSince = null;
      this.implausibleNow = false;
      return;
    }
    this.negativeSince ??= now;
    this.implausibleNow = now - this.negativeSince >= GRID_METER_IMPLAUSIBLE_AFTER_MS;
  }

  private updateState(): void {
    const state = this.state();
    if (state === this.lastState) return;
    if (state === 'stale') this.options.registers.gap();
    this.lastState = state;
    this.emit('state', state);
  }

  configured(): boolean {
    const source = this.settings.source;
    return source !== 'none' && !(source === 'simulated' && !this.options.simulatedHouse);
  }

  state(): GridMeterState {
    if (!this.configured()) return 'off';
    if (this.failure) return this.failure.state;
    if (!this.latest) return 'waiting';
    if (this.options.now() - this.latest.at > this.settings.stale_after_s * 1000) return 'stale';
    return this.implausibleNow ? 'implausible' : 'ok';
  }

  /**
   * The alert conditions: 'meter-lost' once a set meter gave no usable reading for
   * stale_after_s (stale, unreachable, no path, or nothing yet), 'meter-implausible' while so.
   */
  alertConditions(now: number, device: string): AlertCondition[] {
    const state = this.state();
    const subject = subjectOf(device);
    if (state === 'implausible') return [{ kind: 'meter-implausible', subject }];
    const lost =
      state === 'stale' || state === 'unreachable' || state === 'no_path' || state === 'waiting';
    if (lost && now - this.goodAt >= this.settings.stale_after_s * 1000) {
      return [{ kind: 'meter-lost', subject }];
    }
    return [];
  }

  usable(): GridMeterReading | null {
    return this.state() === 'ok' ? this.latest : null;
  }

  energy(): { readonly import_wh: number; readonly export_wh: number } {
    const { import_wh, export_wh } = this.options.registers;
    return { import_wh, export_wh };
  }

  private today(now: number): HouseEnergy {
    const day = this.options.dayStart(now);
    return countedHouseEnergy(
      this.options.registers.today(day, now),
      day,
      this.options.productionToday(),
    );
  }

  status(): GridMeterStatus {
    const now = this.options.now();
    const state = this.state();
    const usable = state === 'ok' ? this.latest : null;
    const production_w = this.options.production();
    return {
      source: this.settings.source,
      state,
      power_w: usable?.power_w ?? null,
      phases_w: usable ? [...usable.phases_w] : [],
      age_ms: this.latest ? Math.max(0, now - this.latest.at) : null,
      read_at: this.latest?.at ?? null,
      production_w,
      consumption_w: usable ? production_w + usable.power_w : null,
      today: this.configured() ? this.today(now) : null,
      detail: stateDetail(state, this.settings.stale_after_s, this.failure?.detail ?? ''),
      now,
    };
  }

  async readNow(): Promise<GridMeterStatus> {
    if (this.settings.source === 'http') await this.poll();
    else this.tick();
    return this.status();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopSources();
    await this.polling;
    await this.options.registers.persist(this.options.now(), true);
  }
}
