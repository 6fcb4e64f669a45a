import { describe, expect, it } from 'vitest';
import {
  PEAK_EFFICIENCY,
  haurwitzGhi,
  inverterEfficiency,
  irradianceAt,
  meinelDni,
  planeOfArray,
  sunPosition,
} from './solar-model.js';

describe('solar model (inverter-domain §10)', () => {
  it.each([
    [5, 49],
    [10, 136],
    [20, 316],
    [40, 644],
    [60, 888],
  ])('Haurwitz GHI at %i° is about %i W/m²', (elevation, ghi) => {
    expect(haurwitzGhi(elevation)).toBeCloseTo(ghi, -1);
  });

  it.each([
    [5, 239],
    [20, 649],
    [60, 913],
  ])('Meinel DNI at %i° is about %i W/m²', (elevation, dni) => {
    expect(Math.abs(meinelDni(elevation) - dni)).toBeLessThan(6);
  });

  it('has no light below the horizon', () => {
    expect(haurwitzGhi(-3)).toBe(0);
    expect(irradianceAt(-3, 1)).toEqual({ ghi: 0, dni: 0, dhi: 0 });
  });

  it('turns the beam into diffuse light under clouds', () => {
    const clear = irradianceAt(45, 1);
    const cloudy = irradianceAt(45, 0.3);
    expect(clear.dni).toBeGreaterThan(700);
    expect(cloudy.dni).toBe(0);
    expect(cloudy.dhi).toBeCloseTo(cloudy.ghi, 5);
  });

  it('finds the noon sun at 51.17°N in the documented places', () => {
    // Solar noon at 10.45°E on 21 June is about 11:20 UTC: elevation 62.3° (check value of inverter-domain §10).
    const sun = sunPosition(Date.UTC(2024, 5, 21, 11, 20), 51.17, 10.45);
    expect(sun.elevation).toBeCloseTo(62.3, 0);
    expect(sun.azimuth).toBeCloseTo(180, -1);
  });

  it('gives a south panel more light at noon than an east one', () => {
    const sun = { elevation: 50, azimuth: 180 };
    const light = irradianceAt(50, 1);
    const south = planeOfArray(sun, light, { tilt: 30, azimuth: 180 });
    const east = planeOfArray(sun, light, { tilt: 30, azimuth: 90 });
    expect(south).toBeGreaterThan(east);
    expect(south).toBeGreaterThan(light.ghi);
  });

  it.each([
    [0.05, 0.931],
    [0.12, 0.955],
    [0.5, 0.965],
    [1, 0.963],
  ])('inverter efficiency at load %f is about %f', (load, eta) => {
    expect(inverterEfficiency(load)).toBeCloseTo(eta, 2);
    expect(inverterEfficiency(load)).toBeLessThanOrEqual(PEAK_EFFICIENCY);
  });
});
