import type { LimitKind } from '@heliodtu/contract/domain/limit-type';
import type { Hardware } from './dev-info.js';
import { EVENT, InverterEventLog } from './event-log.js';
import {
  operatingPoint,
  stringLight,
  type OperatingPoint,
  type StringSetup,
} from './inverter-electrics.js';
import type { Random } from './random.js';
import type { SiteConditions } from './site.js';
import type { InverterCounters, SavedInverterState } from './yield-store.js';

/**
 * One physical inverter on the roof (inverter-domain §7.4, §9.6, §10): it wakes with the light,
 * boots (clearing its event log and day counters), waits the reconnect time, ramps up, feeds,
 * and sleeps in the dark. It knows nothing of the DTU: it only answers or not.
 */

type Phase = 'asleep' | 'rebooting' | 'connecting' | 'feeding';

/** Plane-of-array irradiance that wakes a sleeping inverter, and below which it falls asleep. */
const WAKE_POA = 6;
const SLEEP_POA = 2;
const SLEEP_AFTER_MS = 180_000;

/** One physical inverter (inverter-domain §7.4, §9.6, §10). */
export class InverterSim {
  private phase: Phase = 'asleep';
  private phaseUntil = 0;
  private darkSince: number | null = null;
  private powerOn = true;
  private rampStart = 0;
  private limitPercent = 100;
  private persistentLimit = 100;
  private temperature: number;
  private readonly reactive: number;
  readonly events = new InverterEventLog();
  readonly counters: InverterCounters;
  point: OperatingPoint;

  constructor(
    readonly hardware: Hardware,
    public strings: StringSetup[],
    private readonly rng: Random,
    counters: InverterCounters,
    private readonly profile: { reconnectSeconds: number; softStartPercentPerSecond: number },
    ambient: number,
  ) {
    this.counters = counters;
    this.temperature = ambient;
    this.reactive =
      hardware.family.radio === 'NRF' ? Math.round(rng.range(5, 20) * 10) / 10 : rng.range(0, 3);
    this.point = this.compute(null, 0);
  }

  /** The inverter answers radio requests (awake, not rebooting). */
  get answering(): boolean {
    return this.phase === 'connecting' || this.phase === 'feeding';
  }

  get awake(): boolean {
    return this.phase !== 'asleep';
  }

  /** Current limit in % (what a SystemConfigPara read returns). */
  get limit(): number {
    return this.limitPercent;
  }

  get isOn(): boolean {
    return this.powerOn;
  }

  /** Advance by `dtMs` to the conditions `site` (integrates energy over the step). */
  step(site: SiteConditions, dtMs: number): void {
    const lights = this.strings.map((s) => stringLight(s, site.sun, site.light, site.ambient));
    const maxPoa = Math.max(0, ...lights.map((l) => l.poa));
    this.updatePhase(site, maxPoa);
    const noise = this.rng.range(-0.003, 0.003);
    const point = this.compute({ site, lights }, noise);
    const dtS = dtMs / 1000;
    if (this.awake) {
      const target =
        site.ambient + 3 * (maxPoa / 1000) + 30 * (point.ac.power / this.hardware.ratedPower);
      this.temperature += (target - this.temperature) * (1 - Math.exp(-dtS / 600));
      this.addEnergy(point, dtS);
    }
    this.point = point;
  }

  /** Limit command (inverter-domain §7.3): relative %, or W of the rated power; persistent if asked. */
  applyLimit(value: number, kind: LimitKind): void {
    const percent = kind.relative ? value : (value / this.hardware.ratedPower) * 100;
    this.limitPercent = Math.min(100, Math.max(0, percent));
    if (kind.persistent) this.persistentLimit = this.limitPercent;
  }

  /** Power command (inverter-domain §7.4): off stops feeding at once, on reconnects after RT. */
  applyPower(on: boolean, wall: number): void {
    if (on === this.powerOn) return;
    this.powerOn = on;
    if (on) {
      this.events.close(EVENT.RemoteShutdown, wall);
      this.reconnect(wall);
    } else {
      this.events.add(EVENT.RemoteShutdown, wall, null);
      if (this.answering) this.phase = 'connecting';
    }
  }

  /** Restart (inverter-domain §7.4): silent for 5–20 s, then a fresh boot. */
  applyRestart(wall: number): void {
    if (!this.awake) return;
    this.phase = 'rebooting';
    this.phaseUntil = wall + this.rng.range(5_000, 20_000);
  }

  /** A time calibration entry (event 2), as weak links cause in bursts. */
  noteTimeCalibration(wall: number): void {
    if (this.answering) this.events.add(EVENT.TimeCalibration, wall);
  }

  private updatePhase(site: SiteConditions, maxPoa: number): void {
    const now = site.wall;
    if (this.phase === 'rebooting') {
      if (now >= this.phaseUntil) this.boot(now, site.ambient);
      return;
    }
    if (this.phase === 'asleep') {
      if (maxPoa >= WAKE_POA) this.boot(now, site.ambient);
      return;
    }
    if (maxPoa < SLEEP_POA) {
      this.darkSince ??= now;
      if (now - this.darkSince >= SLEEP_AFTER_MS) {
        this.phase = 'asleep';
        this.darkSince = null;
        return;
      }
    } else {
      this.darkSince = null;
    }
    const fault = site.gridFault;
    if (fault && now >= fault.start && now < fault.end && this.phase === 'feeding') {
      this.events.add(fault.id, fault.start, fault.end);
      this.phase = 'connecting';
      this.phaseUntil = fault.end + this.profile.reconnectSeconds * 1000;
      return;
    }
    if (this.phase === 'connecting' && this.powerOn && now >= this.phaseUntil) {
      this.phase = 'feeding';
      this.rampStart = now;
    }
  }

  /** Morning start or restart: empty log, event 1, day counters 0, stored limit, power on. */
  private boot(now: number, ambient: number): void {
    this.events.clear();
    if (this.phase === 'asleep') this.temperature = ambient + 1;
    this.events.add(EVENT.InverterStart, now);
    this.counters.yieldDayWh = this.counters.yieldDayWh.map(() => 0);
    this.limitPercent = this.persistentLimit;
    this.powerOn = true;
    this.darkSince = null;
    this.reconnect(now);
  }

  private reconnect(now: number): void {
    this.phase = 'connecting';
    this.phaseUntil = now + this.profile.reconnectSeconds * 1000;
  }

  private compute(
    input: { site: SiteConditions; lights: ReturnType<typeof stringLight>[] } | null,
    noise: number,
  ): OperatingPoint {
    const feeding = this.phase === 'feeding' && this.powerOn && input !== null;
    const rampSeconds = input ? (input.site.wall - this.rampStart) / 1000 : 0;
    const rated = this.hardware.ratedPower;
    return operatingPoint({
      familyId: this.hardware.familyId,
      ratedPower: rated,
      phases: this.hardware.family.phases,
      strings: input?.lights ?? this.strings.map(() => ({ poa: 0, available: 0, vmp: 0, voc: 0 })),
      feeding,
      limitPercent: this.limitPercent,
      rampCap: rated * Math.min(1, (rampSeconds * this.profile.softStartPercentPerSecond) / 100),
      temperature: this.temperature,
      efficiencyNoise: noise,
      gridVoltage: input?.site.gridVoltage ?? 230,
      gridFrequency: input?.site.gridFrequency ?? 50,
      reactive: this.reactive,
    });
  }

  /** AC energy split over the inputs by their DC share (inverter-domain §2.2 simulator rule). */
  private addEnergy(point: OperatingPoint, dtS: number): void {
    const dcTotal = point.dc.reduce((sum, p) => sum + p.power, 0);
    if (point.ac.power <= 0 || dcTotal <= 0) return;
    const energyWh = (point.ac.power * dtS) / 3600;
    point.dc.forEach((p, i) => {
      const share = (energyWh * p.power) / dcTotal;
      this.counters.yieldDayWh[i] = (this.counters.yieldDayWh[i] ?? 0) + share;
      this.counters.yieldTotalWh[i] = (this.counters.yieldTotalWh[i] ?? 0) + share;
    });
  }

  exportState(): SavedInverterState {
    return {
      yieldDayWh: [...this.counters.yieldDayWh],
      yieldTotalWh: [...this.counters.yieldTotalWh],
      awake: this.awake,
      powerOn: this.powerOn,
      limitPercent: this.limitPercent,
      persistentLimit: this.persistentLimit,
      temperature: this.temperature,
      events: this.events.snapshot(),
      eventCounter: this.events.counter,
    };
  }

  /** Continue from a saved state: an awake inverter carries on feeding without a new boot. */
  restore(state: SavedInverterState): void {
    this.counters.yieldDayWh = this.counters.yieldDayWh.map((_, i) => state.yieldDayWh[i] ?? 0);
    this.counters.yieldTotalWh = this.counters.yieldTotalWh.map(
      (_, i) => state.yieldTotalWh[i] ?? 0,
    );
    this.phase = state.awake ? (state.powerOn ? 'feeding' : 'connecting') : 'asleep';
    this.phaseUntil = Number.POSITIVE_INFINITY;
    this.rampStart = Number.NEGATIVE_INFINITY;
    this.powerOn = state.powerOn;
    this.limitPercent = state.limitPercent;
    this.persistentLimit = state.persistentLimit;
    this.temperature = state.temperature;
    this.events.restore(state.events, state.eventCounter);
  }

  /** Inverter temperature, °C (frozen while asleep). */
  get temperatureC(): number {
    return this.temperature;
  }
}
