import { parseSerialHex } from './serial-hex.js';

/** Radio a model family talks over: NRF24L01+ (2.4 GHz) or CMT2300A (sub-GHz). */
export type RadioKind = 'NRF' | 'CMT';

export interface InverterFamily {
  /** The `type` string of /api/inverter/list. */
  readonly type: string;
  readonly radio: RadioKind;
  readonly channels: 1 | 2 | 4 | 6;
  /** AC phases: 3 for HMT, else 1. */
  readonly phases: 1 | 3;
  /** Rated models of the family in W, smallest first. */
  readonly ratedPowers: readonly number[];
}

const family = (
  type: string,
  radio: RadioKind,
  channels: InverterFamily['channels'],
  ratedPowers: number[],
  phases: InverterFamily['phases'] = 1,
): InverterFamily => ({ type, radio, channels, phases, ratedPowers });

export const FAMILIES = {
  HMT_4CH: family('HMT-1600/1800/2000-4T', 'CMT', 4, [1600, 1800, 2000], 3),
  HMT_6CH: family('HMT-1800/2250-6T', 'CMT', 6, [1800, 2250], 3),
  HMS_4CH: family('HMS-1600/1800/2000-4T', 'CMT', 4, [1600, 1800, 2000]),
  HMS_2CH: family('HMS-600/700/800/900/1000-2T', 'CMT', 2, [600, 700, 800, 900, 1000]),
  HMS_1CH: family('HMS-300/350/400/450/500-1T', 'CMT', 1, [300, 350, 400, 450, 500]),
  HMS_1CH_V2: family('HMS-500-1T v2', 'CMT', 1, [500]),
  HM_4CH: family('HM-1000/1200/1500-4T', 'NRF', 4, [1000, 1200, 1500]),
  HM_2CH: family('HM-600/700/800-2T', 'NRF', 2, [600, 700, 800]),
  HM_1CH: family('HM-300/350/400-1T', 'NRF', 1, [300, 350, 400]),
  HERF_1CH: family('HERF-300-1T', 'NRF', 1, [300]),
  HERF_2CH: family('HERF-800-2T', 'NRF', 2, [800]),
  HERF_4CH: family('HERF-1600/1800-4T', 'NRF', 4, [1600, 1800]),
} as const;

export type InverterFamilyId = keyof typeof FAMILIES;

/** `type` of a serial that matches no family (wire-contract §8). */
export const UNKNOWN_TYPE = 'Unknown';

/**
 * Model family from the 12-hex-digit serial, tested in the library's order (first match wins),
 * inverter-domain §1.2 / wire-contract §8. Null when no family matches.
 */
export function inverterFamilyOf(serial: string | bigint): InverterFamilyId | null {
  const value = typeof serial === 'bigint' ? serial : parseSerialHex(serial);
  if (value === 0n) return null;
  const hex = value.toString(16).padStart(12, '0');
  const prefix = hex.slice(0, 4);
  const middle = hex.slice(1, 3);
  if (prefix === '1361') return 'HMT_4CH';
  if (prefix === '1382') return 'HMT_6CH';
  if (prefix === '1164') return 'HMS_4CH';
  if (prefix === '1144' || prefix === '1143' || prefix === '1410') return 'HMS_2CH';
  if (prefix === '1124') return 'HMS_1CH';
  if (prefix === '1125') return 'HMS_1CH_V2';
  if (middle === '16' || prefix === '1062') return 'HM_4CH';
  if (middle === '14' || prefix === '1042') return 'HM_2CH';
  if (middle === '12' || prefix === '1022') return 'HM_1CH';
  if (prefix === '2841') return 'HERF_1CH';
  if (prefix === '2821') return 'HERF_2CH';
  if (prefix === '2801') return 'HERF_4CH';
  return null;
}

/** The family object for a serial, or null for an Unknown inverter. */
export function inverterModelOf(serial: string | bigint): InverterFamily | null {
  const id = inverterFamilyOf(serial);
  return id === null ? null : FAMILIES[id];
}
