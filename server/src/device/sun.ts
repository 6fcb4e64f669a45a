import { getPosition, getTimes, type SunTimeName } from 'suncalc';
import { localParts } from './posix-tz.js';

/**
 * SunCalc event names per sunsettype (inverter-domain §9.2): 0 official (zenith 90.833°,
 * SunCalc's own sunrise at −0.833°), 1 nautical (102° = −12°), 2 civil (96° = −6°),
 * 3 astronomical (108° = −18°).
 */
const EVENTS: Record<number, readonly [SunTimeName, SunTimeName]> = {
  0: ['sunrise', 'sunset'],
  1: ['nauticalDawn', 'nauticalDusk'],
  2: ['dawn', 'dusk'],
  3: ['nightEnd', 'night'],
};

export interface SunTimes {
  /** Epoch ms, or null when the sun does not cross that zenith that day (polar day or night). */
  sunrise: number | null;
  sunset: number | null;
}

const DAY_MS = 86_400_000;

/** Epoch ms of noon (mean solar time at `lon`) on the calendar day `dayStartUtc` names. */
function solarNoonOf(dayStartUtc: number, lon: number): number {
  return dayStartUtc + DAY_MS / 2 - (lon / 360) * DAY_MS;
}

/** Midnight (as UTC) of the local date of `epochMs`: in POSIX zone `tz`, else by mean solar time. */
function localDateStart(epochMs: number, lon: number, tz: string | undefined): number {
  if (tz !== undefined) {
    const p = localParts(epochMs, tz);
    return Date.UTC(p.year, p.month - 1, p.day);
  }
  const solar = new Date(epochMs + (lon / 360) * DAY_MS);
  return Date.UTC(solar.getUTCFullYear(), solar.getUTCMonth(), solar.getUTCDate());
}

const validPlace = (lat: number, lon: number) =>
  Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;

function timesForDay(dayStartUtc: number, lat: number, lon: number, sunsetType: number): SunTimes {
  const events = EVENTS[sunsetType];
  if (!events || !validPlace(lat, lon)) return { sunrise: null, sunset: null };
  const times = getTimes(new Date(solarNoonOf(dayStartUtc, lon)), lat, lon);
  return {
    sunrise: times[events[0]]?.getTime() ?? null,
    sunset: times[events[1]]?.getTime() ?? null,
  };
}

/**
 * Sunrise and sunset (inverter-domain §9.2) on the local date of `epochMs` for the given
 * place and sunsettype. The date is taken in POSIX zone `tz` when given (the device's
 * ntp_timezone), else by mean solar time at `lon`.
 */
export function sunTimes(
  epochMs: number,
  lat: number,
  lon: number,
  sunsetType: number,
  tz?: string,
): SunTimes {
  return timesForDay(localDateStart(epochMs, lon, tz), lat, lon, sunsetType);
}

/** sun_isSunsetAvailable (wire-contract §4.9): both events exist on that local date. */
export function isSunsetAvailable(
  epochMs: number,
  lat: number,
  lon: number,
  sunsetType: number,
  tz?: string,
): boolean {
  const { sunrise, sunset } = sunTimes(epochMs, lat, lon, sunsetType, tz);
  return sunrise !== null && sunset !== null;
}

/**
 * sun_isDayPeriod (wire-contract §4.9, inverter-domain §9.2): sunrise ≤ now < sunset in whole
 * minutes; true when there is no valid sun data (polar day or night), as the firmware does.
 * The previous date is checked too, so a sunset after local midnight still counts as day.
 */
export function isDayPeriod(
  epochMs: number,
  lat: number,
  lon: number,
  sunsetType: number,
  tz?: string,
): boolean {
  const today = localDateStart(epochMs, lon, tz);
  const { sunrise, sunset } = timesForDay(today, lat, lon, sunsetType);
  if (sunrise === null || sunset === null) return true;
  const minute = (t: number) => Math.floor(t / 60_000);
  const within = (s: SunTimes) =>
    s.sunrise !== null &&
    s.sunset !== null &&
    minute(s.sunrise) <= minute(epochMs) &&
    minute(epochMs) < minute(s.sunset);
  return within({ sunrise, sunset }) || within(timesForDay(today - DAY_MS, lat, lon, sunsetType));
}

/** Apparent sun elevation in degrees at `epochMs` (for the simulated irradiance). */
export function sunElevation(epochMs: number, lat: number, lon: number): number {
  return getPosition(new Date(epochMs), lat, lon).altitude;
}
