import { describe, expect, it } from 'vitest';
import { isDayPeriod, isSunsetAvailable, sunElevation, sunTimes } from './sun.js';
import { localParts } from './posix-tz.js';

const BERLIN_TZ = 'CET-1CEST,M3.5.0,M10.5.0/3';
const LAT = 51.1657;
const LON = 10.4515;

/** Local "HH:MM" in Berlin, or "--". */
function hm(t: number | null): string {
  if (t === null) return '--';
  const p = localParts(t, BERLIN_TZ);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** Minutes between two "HH:MM" strings. */
const minutesApart = (a: string, b: string) => {
  const m = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
  return Math.abs(m(a) - m(b));
};

describe('sunTimes at the default location (inverter-domain §9.2 table)', () => {
  it.each([
    ['2024-06-21', Date.UTC(2024, 5, 21, 10), 0, '05:02', '21:37'],
    ['2024-06-21', Date.UTC(2024, 5, 21, 10), 2, '04:15', '22:24'],
    ['2024-06-21', Date.UTC(2024, 5, 21, 10), 1, '03:03', '23:36'],
    ['2024-12-21', Date.UTC(2024, 11, 21, 10), 0, '08:19', '16:13'],
    ['2024-12-21', Date.UTC(2024, 11, 21, 10), 2, '07:40', '16:52'],
    ['2024-12-21', Date.UTC(2024, 11, 21, 10), 1, '06:57', '17:35'],
    ['2024-12-21', Date.UTC(2024, 11, 21, 10), 3, '06:16', '18:16'],
    ['2024-03-20', Date.UTC(2024, 2, 20, 10), 3, '04:27', '20:25'],
  ])('%s type %i: %s–%s', (_day, t, type, rise, set) => {
    const s = sunTimes(t, LAT, LON, type, BERLIN_TZ);
    expect(minutesApart(hm(s.sunrise), rise)).toBeLessThanOrEqual(2);
    expect(minutesApart(hm(s.sunset), set)).toBeLessThanOrEqual(2);
  });

  it('gives the same day at any time of that local day', () => {
    const early = sunTimes(Date.UTC(2024, 5, 20, 22, 30), LAT, LON, 0, BERLIN_TZ); // 00:30 local
    const late = sunTimes(Date.UTC(2024, 5, 21, 21, 50), LAT, LON, 0, BERLIN_TZ); // 23:50 local
    expect(early).toEqual(late);
    expect(localParts(early.sunrise!, BERLIN_TZ).day).toBe(21);
  });

  it('without a zone takes the date by mean solar time', () => {
    const t = Date.UTC(2024, 11, 21, 10);
    expect(sunTimes(t, LAT, LON, 0)).toEqual(sunTimes(t, LAT, LON, 0, BERLIN_TZ));
  });

  it('has no astronomical night in a Berlin June: not available, always day', () => {
    const t = Date.UTC(2024, 5, 21, 23); // 01:00 local
    expect(sunTimes(t, LAT, LON, 3, BERLIN_TZ)).toEqual({ sunrise: null, sunset: null });
    expect(isSunsetAvailable(t, LAT, LON, 3, BERLIN_TZ)).toBe(false);
    expect(isDayPeriod(t, LAT, LON, 3, BERLIN_TZ)).toBe(true);
  });

  it('answers null for an unknown sunset type or an impossible place', () => {
    const t = Date.UTC(2024, 5, 21, 10);
    expect(sunTimes(t, LAT, LON, 4, BERLIN_TZ)).toEqual({ sunrise: null, sunset: null });
    expect(sunTimes(t, 91, LON, 0, BERLIN_TZ)).toEqual({ sunrise: null, sunset: null });
    expect(sunTimes(t, LAT, Number.NaN, 0, BERLIN_TZ)).toEqual({ sunrise: null, sunset: null });
  });
});

describe('isDayPeriod', () => {
  it('is day between sunrise and sunset, in whole minutes', () => {
    const day = Date.UTC(2024, 11, 21, 10);
    const { sunrise, sunset } = sunTimes(day, LAT, LON, 0, BERLIN_TZ);
    const floorMinute = (t: number) => Math.floor(t / 60_000) * 60_000;
    expect(isDayPeriod(floorMinute(sunrise!) - 1, LAT, LON, 0, BERLIN_TZ)).toBe(false);
    expect(isDayPeriod(floorMinute(sunrise!), LAT, LON, 0, BERLIN_TZ)).toBe(true);
    expect(isDayPeriod(day, LAT, LON, 0, BERLIN_TZ)).toBe(true);
    expect(isDayPeriod(floorMinute(sunset!) - 1, LAT, LON, 0, BERLIN_TZ)).toBe(true);
    expect(isDayPeriod(floorMinute(sunset!), LAT, LON, 0, BERLIN_TZ)).toBe(false);
    expect(isDayPeriod(Date.UTC(2024, 11, 21, 22), LAT, LON, 0, BERLIN_TZ)).toBe(false);
  });

  it('counts a sunset after local midnight as day until it happens', () => {
    // Vigo (Spain, on CET): astronomical dusk of 21 June is at about 00:29 on 22 June.
    const [lat, lon] = [42.24, -8.72];
    const { sunset } = sunTimes(Date.UTC(2024, 5, 21, 10), lat, lon, 3, BERLIN_TZ);
    expect(localParts(sunset!, BERLIN_TZ).day).toBe(22);
    expect(isDayPeriod(sunset! - 10 * 60_000, lat, lon, 3, BERLIN_TZ)).toBe(true);
    expect(isDayPeriod(sunset! + 10 * 60_000, lat, lon, 3, BERLIN_TZ)).toBe(false);
  });

  it('is always day in polar day and (as the firmware) in polar night', () => {
    const [lat, lon] = [69.65, 18.96]; // Tromsø
    const midsummerMidnight = Date.UTC(2024, 5, 21, 22);
    expect(sunTimes(midsummerMidnight, lat, lon, 0, BERLIN_TZ)).toEqual({
      sunrise: null,
      sunset: null,
    });
    expect(isDayPeriod(midsummerMidnight, lat, lon, 0, BERLIN_TZ)).toBe(true);
    expect(sunElevation(midsummerMidnight, lat, lon)).toBeGreaterThan(0);
    const midwinterNoon = Date.UTC(2024, 11, 21, 11);
    expect(isSunsetAvailable(midwinterNoon, lat, lon, 0, BERLIN_TZ)).toBe(false);
    expect(isDayPeriod(midwinterNoon, lat, lon, 0, BERLIN_TZ)).toBe(true);
    expect(sunElevation(midwinterNoon, lat, lon)).toBeLessThan(0);
  });
});
