import { getPosition } from 'suncalc';

/**
 * The physics of inverter-domain §10: sun position, clear-sky irradiance, plane of array,
 * module temperature, module power and voltage, inverter efficiency. Pure functions, SI units,
 * angles in degrees.
 */

export interface SunPosition {
  /** Apparent elevation above the horizon. */
  elevation: number;
  /** Clockwise from north (180 = south). */
  azimuth: number;
}

/** Sun position at a place and instant (inverter-domain §10 step 1, via SunCalc). */
export function sunPosition(epochMs: number, latitude: number, longitude: number): SunPosition {
  const p = getPosition(new Date(epochMs), latitude, longitude);
  return { elevation: p.altitude, azimuth: p.azimuth };
}

export interface Irradiance {
  /** Global horizontal, W/m². */
  ghi: number;
  /** Direct normal, W/m². */
  dni: number;
  /** Diffuse horizontal, W/m². */
  dhi: number;
}

const RAD = Math.PI / 180;
const NO_LIGHT: Irradiance = { ghi: 0, dni: 0, dhi: 0 };

/** Haurwitz clear-sky GHI in W/m² (inverter-domain §10 step 2); 0 with the sun below the horizon. */
export function haurwitzGhi(elevation: number): number {
  const cosZ = Math.sin(elevation * RAD);
  if (cosZ <= 0) return 0;
  return 1098 * cosZ * Math.exp(-0.059 / cosZ);
}

/** Meinel direct normal irradiance in W/m² with Kasten–Young air mass (inverter-domain §10 step 2). */
export function meinelDni(elevation: number): number {
  if (elevation <= 0) return 0;
  const zenith = 90 - elevation;
  const airMass = 1 / (Math.cos(zenith * RAD) + 0.50572 * (96.07995 - zenith) ** -1.6364);
  return 1353 * 0.7 ** (airMass ** 0.678);
}

/**
 * Irradiance at the ground for a clear-sky index k (inverter-domain §10 steps 2 and 4): Haurwitz
 * GHI scaled by k; the beam follows Meinel under a clear sky and fades as clouds thicken; the
 * rest of GHI is diffuse.
 */
export function irradianceAt(elevation: number, k: number): Irradiance {
  const clearGhi = haurwitzGhi(elevation);
  if (clearGhi <= 0 || k <= 0) return NO_LIGHT;
  const cosZ = Math.sin(elevation * RAD);
  const ghi = clearGhi * k;
  const beamShare = Math.min(1, Math.max(0, (k - 0.3) / 0.62));
  const dni = Math.min(meinelDni(elevation), (0.9 * clearGhi) / cosZ) * beamShare;
  const dhi = Math.max(ghi - dni * cosZ, 0.05 * ghi);
  return { ghi, dni, dhi };
}

export interface Orientation {
  /** Degrees from horizontal (90 = vertical, e.g. a balcony railing). */
  tilt: number;
  /** Clockwise from north (180 = south). */
  azimuth: number;
}

/** Plane-of-array irradiance, isotropic sky, albedo 0.2 (inverter-domain §10 step 3). */
export function planeOfArray(sun: SunPosition, light: Irradiance, panel: Orientation): number {
  if (light.ghi <= 0) return 0;
  const zenith = (90 - sun.elevation) * RAD;
  const tilt = panel.tilt * RAD;
  const cosAoi =
    Math.cos(zenith) * Math.cos(tilt) +
    Math.sin(zenith) * Math.sin(tilt) * Math.cos((sun.azimuth - panel.azimuth) * RAD);
  const beam = light.dni * Math.max(0, cosAoi);
  const sky = (light.dhi * (1 + Math.cos(tilt))) / 2;
  const ground = (0.2 * light.ghi * (1 - Math.cos(tilt))) / 2;
  return beam + sky + ground;
}

/** Ross cell temperature, NOCT 45 °C (inverter-domain §10 step 5). */
export function cellTemperature(ambient: number, poa: number, kRoss = 0.031): number {
  return ambient + kRoss * poa;
}

/** Module DC power in W, PVWatts with γ = −0.35 %/K and 3 % losses (inverter-domain §10 step 6). */
export function moduleDcPower(wattPeak: number, poa: number, cellTemp: number): number {
  if (poa <= 0 || wattPeak <= 0) return 0;
  const p = wattPeak * (poa / 1000) * (1 - 0.0035 * (cellTemp - 25)) * 0.97;
  return Math.max(0, p);
}

/**
 * Maximum-power-point voltage (inverter-domain §10 step 7): falls with heat and, at low light,
 * logarithmically with irradiance; never below the 16 V the inverter works down to.
 */
export function mppVoltage(vmpStc: number, poa: number, cellTemp: number): number {
  if (poa <= 0) return 0;
  const light = 1 + 0.04 * Math.log(Math.min(poa, 1200) / 1000);
  return Math.max(16, vmpStc * (1 - 0.0035 * (cellTemp - 25)) * light);
}

/** Open-circuit voltage: what an input shows while the inverter draws no current. */
export function openCircuitVoltage(vmpStc: number, poa: number, cellTemp: number): number {
  if (poa <= 0) return 0;
  return mppVoltage(vmpStc, poa, cellTemp) * 1.19;
}

/**
 * Inverter efficiency at load ζ = P_dc / P_rated: our fit to the datasheet peak (96.7 %) and
 * observed low-load values, inverter-domain §10 step 9.
 */
export function inverterEfficiency(load: number): number {
  const zeta = Math.min(Math.max(load, 0.005), 1.2);
  return Math.max(0.5, 0.9736 - 0.0085 * zeta - 0.00211 / zeta);
}

/** The datasheet peak (96.7 %): no noise or load ever lifts the simulated efficiency above it. */
export const PEAK_EFFICIENCY = 0.967;
