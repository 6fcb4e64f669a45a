import { HOSTNAME_MAX } from '../limits.js';

/** The firmware's default hostname pattern (wire-contract §6.1). */
export const DEFAULT_HOSTNAME_PATTERN = 'OpenDTU-%06X';

const TO_DASH = new Set([' ', '_', '-', '+', '!', '?', '*']);

/** The 24-bit chip id as the `%06X` placeholder prints it: 6 uppercase hex digits. */
export function chipIdHex(chipId: number): string {
  return (chipId & 0xffffff).toString(16).toUpperCase().padStart(6, '0');
}

/**
 * The hostname the device uses for a configured pattern, wire-contract §4.8: `%06X` becomes
 * the chip id, the result is cut to the 31-byte buffer, then sanitised (ASCII letters
 * and digits kept; space _ - + ! ? * become '-'; anything else dropped; trailing '-'
 * removed). A pattern that sanitises to nothing falls back to the default pattern.
 */
export function resolveHostname(pattern: string, chipId: number): string {
  const formatted = pattern.replace(/%(%|06X)/g, (_, spec: string) =>
    spec === '%' ? '%' : chipIdHex(chipId),
  );
  // The device's buffer holds 31 bytes, so multi-byte characters use up room even though
  // the sanitiser drops them.
  let room = HOSTNAME_MAX;
  let result = '';
  for (const char of formatted) {
    room -= utf8Length(char.codePointAt(0) ?? 0);
    if (room < 0) break;
    if (/^[A-Za-z0-9]$/.test(char)) result += char;
    else if (TO_DASH.has(char)) result += '-';
  }
  result = result.replace(/-+$/, '');
  if (result === '' && pattern !== DEFAULT_HOSTNAME_PATTERN) {
    return resolveHostname(DEFAULT_HOSTNAME_PATTERN, chipId);
  }
  return result;
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}
