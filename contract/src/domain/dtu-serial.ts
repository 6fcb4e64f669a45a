import { formatSerialHex } from './serial-hex.js';

/**
 * The DTU's own serial (its radio address). Two sources describe it differently:
 * - the wire carries hex digits as a string, the device parses them base 16 (wire-contract §1.1, §11.1);
 * - the spec bounds it to 1..199999999999 (spec §5, §9), written for a number input.
 * They combine by applying the spec's bound to the digits as the device shows them: "199999999999"
 * read as hex is the largest serial. For all-decimal digit strings (the generated default, anything a
 * number input can produce) this is exactly the spec's bound, because equal-length digit strings
 * order the same in base 10 and 16; hex letters stay possible where the value is in range, as the
 * device and the newer 12-character text field allow (wire-contract §10).
 */
export const DTU_SERIAL_MAX = 0x199999999999n;

/** The firmware's compiled-in placeholder, replaced by a generated serial at boot (wire-contract §6.4). */
export const DTU_SERIAL_PLACEHOLDER = 0x99978563412n;

export type DtuSerialCheck =
  { ok: true; value: bigint } | { ok: false; reason: 'zero' | 'format' | 'range' };

// Up to 16 hex digits (a uint64), an optional 0x as strtoull accepts; surrounding blanks ignored.
const HEX_SERIAL = /^(?:0x)?([0-9a-f]{1,16})$/i;

/** Check a DTU serial as posted: hex digits only, value 1..0x199999999999 (spec §5/§9, wire-contract §4.6). */
export function checkDtuSerial(text: string): DtuSerialCheck {
  const trimmed = text.trim();
  // The device reads an empty string as 0.
  if (trimmed === '') return { ok: false, reason: 'zero' };
  const digits = HEX_SERIAL.exec(trimmed)?.[1];
  if (digits === undefined) return { ok: false, reason: 'format' };
  const value = BigInt('0x' + digits);
  if (value === 0n) return { ok: false, reason: 'zero' };
  if (value > DTU_SERIAL_MAX) return { ok: false, reason: 'range' };
  return { ok: true, value };
}

/**
 * The default DTU serial: "1999" dummy category, year digit 8, week 01, then the chip id's five
 * lowest decimal digits, e.g. chip id 4712345 → "199980112345" (wire-contract §6.4, inverter-domain §1.1).
 */
export function generateDtuSerial(chipId: number): string {
  const running = Math.abs(Math.trunc(chipId)) % 100_000;
  return '1999801' + String(running).padStart(5, '0');
}

/** True when the stored serial must be replaced at boot: 0 (fresh config) or the firmware placeholder (wire-contract §6.4). */
export function needsGeneratedDtuSerial(fileValue: number): boolean {
  return fileValue === 0 || fileValue === Number(DTU_SERIAL_PLACEHOLDER);
}

/**
 * config.json keeps the serial as a JSON number, the decimal value of the hex serial
 * (wire-contract §9); the wire shows it as hex digits. A value that is no whole
 * non-negative safe integer reads as 0, as an unusable serial.
 */
export function dtuSerialFromFile(fileValue: number): string {
  if (!Number.isSafeInteger(fileValue) || fileValue < 0) return '0';
  return formatSerialHex(fileValue);
}

/** The JSON number config.json stores for a checked serial (wire-contract §9); exact below 2^53. */
export function dtuSerialToFile(value: bigint): number {
  return Number(value);
}
