import { Random, noise } from './random.js';
import { irradianceAt, sunPosition, type Irradiance, type SunPosition } from './solar-model.js';
import { Weather, solarDayOf, type DayType } from './weather.js';
import { EVENT } from './event-log.js';

/**
 * The place all inverters share (inverter-domain §10 steps 4, 10, 13): sun, weather, and the
 * grid with its slowly wandering voltage and frequency and rare disturbances.
 */

/** Conditions at the site for one step, shared by every inverter. */
export interface SiteConditions {
  /** Device epoch ms. */
  readonly wall: number;
  readonly sun: SunPosition;
  readonly light: Irradiance;
  readonly ambient: number;
  readonly gridVoltage: number;
  readonly gridFrequency: number;
  /** A grid disturbance in progress: every feeding inverter trips and logs it. */
  readonly gridFault: { readonly id: number; readonly start: number; readonly end: number } | null;
}

const GRID_FAULT_IDS = [
  EVENT.GridOvervoltage,
  EVENT.GridUndervoltage,
  EVENT.GridOverfrequency,
  EVENT.GridUnderfrequency,
  EVENT.GridDisconnection,
];
const DAY_MS = 86_400_000;

/** Sun, weather and grid shared by the fleet (inverter-domain §10). */
export class Site {
  private weather: Weather;
  private voltage = 231.5;
  private frequency = 50;
  private readonly rng: Random;

  constructor(
    private readonly seed: number,
    private latitude: number,
    private longitude: number,
    private readonly forcedDay?: DayType,
  ) {
    this.weather = new Weather(seed, latitude, longitude, forcedDay);
    this.rng = Random.derive(seed, 'grid');
  }

  /** New coordinates (NTP settings saved): the weather stays seeded the same way. */
  moveTo(latitude: number, longitude: number): void {
    if (latitude === this.latitude && longitude === this.longitude) return;
    this.latitude = latitude;
    this.longitude = longitude;
    this.weather = new Weather(this.seed, latitude, longitude, this.forcedDay);
  }

  dayType(wall: number): DayType {
    return this.weather.dayType(wall);
  }

  /** Conditions at `wall`, the grid having wandered for `dtMs` since the last call. */
  conditions(wall: number, dtMs: number): SiteConditions {
    this.wander(dtMs);
    const sun = sunPosition(wall, this.latitude, this.longitude);
    const k = this.weather.clearSkyIndex(wall);
    return {
      wall,
      sun,
      light: irradianceAt(sun.elevation, k),
      ambient: this.weather.ambient(wall),
      gridVoltage: this.voltage,
      gridFrequency: this.frequency,
      gridFault: this.gridFault(wall),
    };
  }

  /** Voltage: a slow walk around 231.5 V within ±4 V; frequency: 50 Hz ± a few 10 mHz. */
  private wander(dtMs: number): void {
    const dt = Math.min(dtMs, 60_000) / 1000;
    if (dt <= 0) return;
    this.voltage += this.rng.normal(0, 0.08) * Math.sqrt(dt) - ((this.voltage - 231.5) * dt) / 900;
    this.voltage = Math.min(235.5, Math.max(227.5, this.voltage));
    this.frequency +=
      this.rng.normal(0, 0.004) * Math.sqrt(dt) - ((this.frequency - 50) * dt) / 120;
    this.frequency = Math.min(50.05, Math.max(49.95, this.frequency));
  }

  /** About one day in seven has a short grid disturbance around midday (inverter-domain §4.2). */
  gridFault(wall: number): SiteConditions['gridFault'] {
    const day = solarDayOf(wall, this.longitude);
    if (noise(this.seed, 'fault', day) >= 0.15) return null;
    const dayStart = day * DAY_MS - (this.longitude / 360) * DAY_MS;
    const start = Math.round(dayStart + (9 + 7 * noise(this.seed, 'fault-at', day)) * 3_600_000);
    const end = start + Math.round(2_000 + 58_000 * noise(this.seed, 'fault-length', day));
    const id =
      GRID_FAULT_IDS[Math.floor(noise(this.seed, 'fault-id', day) * GRID_FAULT_IDS.length)];
    return id === undefined ? null : { id, start, end };
  }
}
