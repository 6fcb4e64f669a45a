import { parseSerialHex } from './serial-hex.js';

export interface ProductionDate {
  readonly year: number;
  /** Hex digits 6–7 as written, without zero padding ("05" shows as "5"). */
  readonly week: string;
}

/** First production year; the 5th hex digit of the serial counts from here, inverter-domain §1.1. */
export const PRODUCTION_YEAR_BASE = 2014;

/**
 * Production year and week from the serial: year = 2014 + 5th hex digit, week = hex of
 * digits 6–7, inverter-domain §1.1 / wire-contract §4.5. Null for a zero or unparsable serial.
 */
export function productionDateOf(serial: string | bigint): ProductionDate | null {
  const value = typeof serial === 'bigint' ? serial : parseSerialHex(serial);
  if (value <= 0n) return null;
  // Bit positions, not string positions, so the rule also holds for serials printed without leading zeros.
  const year = PRODUCTION_YEAR_BASE + Number((value >> 28n) & 0xfn);
  const week = ((value >> 20n) & 0xffn).toString(16);
  return { year, week };
}

/** "year/week" as the device-info dialog shows it, inverter-domain §1.1. */
export function formatProductionDate(date: ProductionDate): string {
  return `${date.year}/${date.week}`;
}
