import type { ResponseType } from '../envelope.js';

/** What the inverter serial input holds, spec §5 / inverter-domain §8.1. */
export type SerialInputKind =
  | { readonly kind: 'empty' }
  | { readonly kind: 'native'; readonly serial: string }
  | { readonly kind: 'converted'; readonly serial: string }
  | { readonly kind: 'herf'; readonly serial: string }
  | { readonly kind: 'herf-invalid-checksum' }
  | { readonly kind: 'unknown' };

/** 5-bit alphabet of E-Star HERF labels (no I, O, Q, Z); index = value, inverter-domain §8.1. */
export const ALPH32 = '0123456789ABCDEFGHJKLMNPRSTUVWXY';
/** Checksum alphabet; only positions 1..32 are ever used, inverter-domain §8.1. */
export const ALPH64 = 'HMFLGW5XC301234567899Z67YRT2S8ABCDEFGHJKDVEJ4KQPUALMNPRSTUVWXYNB';

const NATIVE = /^1[0-9A-F]{11}$/;
const CONVERTED = /^(?=.*[0-9])[0-9A-F]{12}$/;
// Body: ALPH32 symbols; check part: digits and A–Z without I and O (Q and Z allowed).
const HERF = /^(A01|A11|A21)[0-9A-HJ-NP-Y]{6}-[0-9A-HJ-NP-Z]{3}$/;

// Shifts of the nine label symbols: the prefix fills bits 32..46, the body bits 0..29.
const SHIFTS = [42n, 37n, 32n, 25n, 20n, 15n, 10n, 5n, 0n] as const;

function alph32Index(char: string): number {
  const index = ALPH32.indexOf(char);
  if (index < 0) throw new RangeError(`not an ALPH32 symbol: ${char}`);
  return index;
}

/** Expected 3-character check of a 9-symbol HERF label body, inverter-domain §8.2. */
export function herfChecksum(body: string): string {
  let asciiSum = 0;
  let indexSum = 0;
  for (const char of body) {
    asciiSum += char.charCodeAt(0);
    indexSum += alph32Index(char);
  }
  // +1 skips the index of the fixed leading '1' check character.
  return '1' + ALPH64.charAt((asciiSum & 31) + 1) + ALPH64.charAt((indexSum & 31) + 1);
}

/** 12-hex-digit lowercase serial of a 9-symbol HERF label body, inverter-domain §8.3. */
export function convertHerfSerial(body: string): string {
  let value = 0n;
  SHIFTS.forEach((shift, i) => {
    value |= BigInt(alph32Index(body.charAt(i))) << shift;
  });
  return value.toString(16);
}

/** Classifies the serial input field (upper-cased first, first rule wins), spec §5 / inverter-domain §8.1. */
export function classifySerialInput(input: string): SerialInputKind {
  if (input === '') return { kind: 'empty' };
  const upper = input.toUpperCase();
  if (NATIVE.test(upper)) return { kind: 'native', serial: upper };
  if (CONVERTED.test(upper)) return { kind: 'converted', serial: upper };
  if (HERF.test(upper)) {
    const [body = '', check = ''] = upper.split('-');
    if (herfChecksum(body) !== check) return { kind: 'herf-invalid-checksum' };
    return { kind: 'herf', serial: convertHerfSerial(body) };
  }
  return { kind: 'unknown' };
}

/** Value the input field holds after classification: upper-cased, HERF labels converted, inverter-domain §8.1. */
export function serialFieldValue(result: SerialInputKind, input: string): string {
  switch (result.kind) {
    case 'native':
    case 'converted':
    case 'herf':
      return result.serial;
    default:
      return input.toUpperCase();
  }
}

/** Alert type of the hint under the serial input; null clears it, inverter-domain §8.1. */
export function serialHintType(result: SerialInputKind): ResponseType | null {
  switch (result.kind) {
    case 'empty':
      return null;
    case 'native':
    case 'converted':
    case 'herf':
      return 'info';
    default:
      return 'danger';
  }
}
