/** Parts of a Hoymiles version number (steps of 10000 and 100). */
export interface VersionParts {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** Splits a fw_build_version / fw_bootloader_version number, inverter-domain §3.1 / wire-contract §4.5. */
export function versionParts(value: number): VersionParts {
  const v = Math.max(0, Math.trunc(value));
  return { major: Math.floor(v / 10000), minor: Math.floor(v / 100) % 100, patch: v % 100 };
}

/** fw_build_version as "major.minor.patch" (10012 → "1.0.12"), wire-contract §4.5. */
export function formatFirmwareVersion(value: number): string {
  const { major, minor, patch } = versionParts(value);
  return `${major}.${minor}.${patch}`;
}

/** fw_bootloader_version uses the same rule (104 → "0.1.4"), inverter-domain §3.1. */
export const formatBootloaderVersion = formatFirmwareVersion;

/** Inverse of versionParts for the simulator: "1.0.18" → 10018, null when malformed, inverter-domain §3.1. */
export function parseFirmwareVersion(text: string): number | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{1,2})$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 10000 + Number(match[2]) * 100 + Number(match[3]);
}

const two = (n: number) => String(n).padStart(2, '0');

/** hw_version as the device prints its two bytes: "%02d.%02d" (1, 0 → "01.00"), inverter-domain §3.1. */
export function formatHwVersion(high: number, low: number): string {
  return `${two(high & 0xff)}.${two(low & 0xff)}`;
}

/**
 * hw_version for display: the device sends a string "NN.NN", older typings a number
 * (wire-contract §11.14); a number is shown with two fraction digits, e.g. 1 → "01.00".
 */
export function displayHwVersion(value: string | number): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value) || value < 0) return String(value);
  const high = Math.trunc(value);
  const low = Math.round((value - high) * 100);
  return `${two(high)}.${two(low)}`;
}

/**
 * fw_build_datetime "YYYY-MM-DD HH:MM:SS" from the raw DevInfoAll words: build year,
 * MMDD and HHMM as decimal numbers (1025 = Oct 25, 1837 = 18:37), inverter-domain §3.1.
 */
export function formatBuildDatetime(year: number, monthDay: number, hourMinute: number): string {
  const month = Math.floor(monthDay / 100);
  const day = monthDay % 100;
  const hour = Math.floor(hourMinute / 100);
  const minute = hourMinute % 100;
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:00`;
}

/** Device info counts as not yet valid for a build year ≤ 2016 or part number 124097, inverter-domain §3.1. */
export function isDevInfoPlausible(buildYear: number, hwPartNumber: number): boolean {
  return buildYear > 2016 && hwPartNumber !== 124097;
}
