/**
 * The three network answers the device sends without a `code` (wire-contract §4.8): the
 * envelope is `{type:'warning', message}`, so clients can only tell them apart by text.
 */
export const NETWORK_WARNINGS = {
  hostname: 'Hostname must between 1 and 31 characters long!',
  ssid: 'SSID must between 1 and 32 characters long!',
  password: 'Password must not be longer than 64 characters long!',
} as const;

const OCTET = /^\d{1,3}$/;

/** Octets of a dotted-quad IPv4 address, or null when it is none (the device's IP check, wire-contract §4.8). */
export function parseIpv4(text: string): [number, number, number, number] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((part) => (OCTET.test(part) ? Number(part) : NaN));
  if (octets.some((octet) => !(octet >= 0 && octet <= 255))) return null;
  return octets as [number, number, number, number];
}

/** True for a dotted-quad IPv4 address such as "192.168.1.10", wire-contract §4.8. */
export function isValidIpv4(text: string): boolean {
  return parseIpv4(text) !== null;
}
