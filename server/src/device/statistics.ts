import type { InverterSim } from './inverter-sim.js';

/**
 * What the DTU holds of an inverter's live data (OpenDTU's statistics, inverter-domain §2, §9):
 * the values of the last packet at radio resolution, the yield-day correction, and the zeroing
 * done at night and midnight.
 */

export interface DcValues {
  power: number;
  voltage: number;
  current: number;
  /** Wh as displayed: the inverter's counter plus any correction offset. */
  yieldDay: number;
  /** kWh as the inverter counts it (without the configured offset). */
  yieldTotal: number;
}

export interface AcValues {
  power: number;
  voltage: number;
  current: number;
  frequency: number;
  powerFactor: number;
  reactivePower: number;
}

/** One live-data answer at the resolution of the radio protocol (inverter-domain §2.2). */
export interface InverterPacket {
  dc: DcValues[];
  ac: AcValues;
  temperature: number;
  eventCounter: number;
}

const q = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** The inverter's answer to a live-data request, quantised as the radio carries it. */
export function packetOf(sim: InverterSim): InverterPacket {
  const { dc, ac } = sim.point;
  return {
    dc: dc.map((p, i) => ({
      power: q(p.power, 1),
      voltage: q(p.voltage, 1),
      current: q(p.current, 2),
      // 16-bit Wh counter; total in whole Wh, shown as kWh with 3 decimals.
      yieldDay: Math.floor(sim.counters.yieldDayWh[i] ?? 0) & 0xffff,
      yieldTotal: Math.floor(sim.counters.yieldTotalWh[i] ?? 0) / 1000,
    })),
    ac: {
      power: q(ac.power, 1),
      voltage: q(ac.voltage, 1),
      current: q(ac.current, 2),
      frequency: q(ac.frequency, 2),
      powerFactor: q(ac.powerFactor, 3),
      // Unsigned on the wire at v24.11.7, so never below 0.
      reactivePower: q(Math.max(0, ac.reactivePower), 1),
    },
    temperature: q(sim.temperatureC, 1),
    eventCounter: sim.events.counter,
  };
}

const zeroAc = (): AcValues => ({
  power: 0,
  voltage: 0,
  current: 0,
  frequency: 0,
  powerFactor: 0,
  reactivePower: 0,
});

/** The DTU's copy of one inverter's live data (inverter-domain §2, §9.3–9.5). */
export class Statistics {
  dc: DcValues[];
  ac: AcValues = zeroAc();
  temperature = 0;
  /** Uptime ms of the last packet; null before the first. */
  lastUpdate: number | null = null;
  private offsets: number[];
  private lastYieldDay: number[];

  constructor(channels: number) {
    this.dc = Array.from({ length: channels }, () => ({
      power: 0,
      voltage: 0,
      current: 0,
      yieldDay: 0,
      yieldTotal: 0,
    }));
    this.offsets = this.dc.map(() => 0);
    this.lastYieldDay = this.dc.map(() => 0);
  }

  get hasData(): boolean {
    return this.lastUpdate !== null;
  }

  /**
   * Store a packet. With `correction` a falling day yield (the inverter rebooted) becomes an
   * offset, so the shown value keeps climbing (inverter-domain §9.5). Returns true on a reset.
   */
  receive(packet: InverterPacket, uptimeMs: number, correction: boolean): boolean {
    let resetDetected = false;
    this.dc = packet.dc.map((values, i) => ({
      ...values,
      yieldDay: values.yieldDay + (correction ? (this.offsets[i] ?? 0) : 0),
    }));
    this.ac = { ...packet.ac };
    this.temperature = packet.temperature;
    this.lastUpdate = uptimeMs;
    if (!correction) {
      this.resetYieldDayCorrection();
      return false;
    }
    this.dc.forEach((values, i) => {
      const last = this.lastYieldDay[i] ?? 0;
      if (values.yieldDay < last) {
        // The inverter's counter started over: what was shown so far becomes the offset.
        resetDetected = true;
        this.offsets[i] = last;
        this.lastYieldDay[i] = 0;
        values.yieldDay = (packet.dc[i]?.yieldDay ?? 0) + last;
      } else {
        this.lastYieldDay[i] = values.yieldDay;
      }
    });
    return resetDetected;
  }

  /** zero_runtime while unreachable: runtime values 0, yields kept (inverter-domain §9.3). */
  zeroRuntime(): void {
    for (const values of this.dc) {
      values.power = 0;
      values.voltage = 0;
      values.current = 0;
    }
    this.ac = zeroAc();
    this.temperature = 0;
  }

  /** zero_day at midnight: the shown day yields become 0 (inverter-domain §9.4). */
  zeroDaily(): void {
    for (const values of this.dc) values.yieldDay = 0;
  }

  /** Midnight: correction offsets start over (inverter-domain §9.4). */
  resetYieldDayCorrection(): void {
    this.offsets = this.offsets.map(() => 0);
    this.lastYieldDay = this.lastYieldDay.map(() => 0);
  }
}
