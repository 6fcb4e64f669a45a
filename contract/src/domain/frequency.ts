import { CMT_CHANNEL_WIDTH_HZ } from '../limits.js';

/** One country's CMT2300A frequency plan as `country_def[id]` on the wire; all Hz (wire-contract §7). */
export interface CmtCountryDefinition {
  freq_default: number;
  freq_min: number;
  freq_max: number;
  freq_legal_min: number;
  freq_legal_max: number;
}

/** Country ids of `cmt_country`: the index into `country_def` (wire-contract §4.6). */
export const CMT_COUNTRY = { Europe: 0, NorthAmerica: 1, Brazil: 2 } as const;
export type CmtCountryId = (typeof CMT_COUNTRY)[keyof typeof CMT_COUNTRY];
export const CMT_COUNTRY_COUNT = 3;

const MHZ = 1_000_000;

// Range limits derive from the band base: min = base + 1 channel, max = base + 254 channels.
const band = (baseHz: number) => ({
  freq_min: baseHz + CMT_CHANNEL_WIDTH_HZ,
  freq_max: baseHz + 254 * CMT_CHANNEL_WIDTH_HZ,
});

const DEFINITIONS: readonly Readonly<CmtCountryDefinition>[] = [
  // Europe: 860 MHz band, legal 863..870 MHz (SRD860).
  {
    freq_default: 865 * MHZ,
    ...band(860 * MHZ),
    freq_legal_min: 863 * MHZ,
    freq_legal_max: 870 * MHZ,
  },
  // North America: 900 MHz band, legal 905..925 MHz.
  {
    freq_default: 918 * MHZ,
    ...band(900 * MHZ),
    freq_legal_min: 905 * MHZ,
    freq_legal_max: 925 * MHZ,
  },
  // Brazil: 900 MHz band, legal 915..928 MHz.
  {
    freq_default: 918 * MHZ,
    ...band(900 * MHZ),
    freq_legal_min: 915 * MHZ,
    freq_legal_max: 928 * MHZ,
  },
];

/** The `country_def` array of GET /api/dtu/config, index = country id (wire-contract §4.6, §7). */
export function countryDefinitions(): CmtCountryDefinition[] {
  return DEFINITIONS.map((definition) => ({ ...definition }));
}

/** The frequency plan of one country, or undefined for an id outside 0..2 (wire-contract §7). */
export function countryDefinition(country: number): CmtCountryDefinition | undefined {
  const definition = Number.isInteger(country) ? DEFINITIONS[country] : undefined;
  return definition && { ...definition };
}

/** True for a known country id (2005 otherwise, wire-contract §4.6). */
export function isCmtCountry(country: number): country is CmtCountryId {
  return countryDefinition(country) !== undefined;
}

/**
 * A frequency the radio accepts for the country: freq_min..freq_max and a multiple of the
 * 250 kHz channel width counted from 0 Hz (2004 otherwise; wire-contract §4.6, spec §5).
 * Both band bases are multiples of the width, so this equals "on a channel of the band".
 */
export function isValidCmtFrequency(hz: number, country: number): boolean {
  const definition = countryDefinition(country);
  if (!definition || !Number.isInteger(hz)) return false;
  return hz >= definition.freq_min && hz <= definition.freq_max && hz % CMT_CHANNEL_WIDTH_HZ === 0;
}

/** Inside the country's legal band; outside it the interface shows a red warning only (spec §2, §5). */
export function isLegalCmtFrequency(hz: number, country: number): boolean {
  const definition = countryDefinition(country);
  if (!definition) return false;
  return hz >= definition.freq_legal_min && hz <= definition.freq_legal_max;
}

/** Hz to MHz for labels, as the interface shows them ("Europe (860.25MHz - 923.5MHz)", wire-contract §7). */
export function hzToMhz(hz: number): number {
  return hz / MHZ;
}

/** A MHz label without trailing zeros, e.g. 860250000 → "860.25" (wire-contract §7). */
export function formatMhz(hz: number): string {
  return String(hzToMhz(hz));
}

/** The country's tunable range in MHz: the {min}/{max} of its label (wire-contract §7). */
export function countryRangeMhz(country: number): { min: number; max: number } | undefined {
  const definition = countryDefinition(country);
  return definition && { min: hzToMhz(definition.freq_min), max: hzToMhz(definition.freq_max) };
}
